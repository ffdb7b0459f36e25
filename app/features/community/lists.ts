/**
 * Thread lists as their own small documents, one per list a thread is in (each sort, across all
 * spaces and in its own space), whose id is the thread's sort key turned around so that ids sort
 * ascending in the list's order. A page is then "the first N documents of a collection by id",
 * which both engines answer from their primary index without reading or sorting the rest
 * (decision 018; `npm run bench:community`). Hidden threads have no entries.
 */
import {
  readThread,
  threadListEntryPath,
  threadListOf,
  type ListEntryDoc,
  type ThreadDoc,
} from "~/documents/community";
import type { Transaction } from "~/engine/store/types";
import { SORT_KEY_FIELD, SORTS, type ThreadSort } from "./rules";

export function listPath(sort: ThreadSort, spaceId: string | null): string {
  return threadListOf(sort, spaceId);
}

/** 9 − each digit of the key's numbers, so that the largest key has the smallest id; the thread id stays last. */
export function entryId(key: string): string {
  const parts = key.split("_");
  const id = parts.pop()!;
  return [...parts.map((n) => n.replace(/\d/g, (d) => String(9 - Number(d)))), id].join("_");
}

type Listed = Pick<ThreadDoc, "spaceId" | "createdAt" | "activityKey" | "newestKey" | "topKey" | "unansweredKey">;

/**
 * Writes only: moves a thread's entries from where `before` put them to where `after` puts them
 * (null: not listed, i.e. new, hidden or gone). Entries whose key did not change are left alone.
 */
export function writeListEntries(tx: Transaction, threadId: string, before: Listed | null, after: Listed | null): void {
  for (const sort of SORTS) {
    const field = SORT_KEY_FIELD[sort];
    const oldKey = before?.[field] ?? "";
    const newKey = after?.[field] ?? "";
    if (before && after && oldKey === newKey) continue;
    if (before && oldKey)
      for (const scope of [null, before.spaceId]) tx.delete(threadListEntryPath(sort, scope, entryId(oldKey)));
    if (after && newKey) {
      const entry: ListEntryDoc = { threadId, createdAt: after.createdAt };
      for (const scope of [null, after.spaceId]) tx.set(threadListEntryPath(sort, scope, entryId(newKey)), entry);
    }
  }
}

/**
 * For a change of a thread's visibility (reports, moderation): reads the thread now, and
 * `apply(hidden)` later writes its flag and adds or removes its list entries.
 */
export async function prepareThreadVisibility(tx: Transaction, threadPath: string) {
  const doc = await tx.get(threadPath);
  const thread = doc && readThread(doc);
  return {
    apply(hidden: boolean) {
      if (!thread || thread.hidden === hidden) return;
      tx.update(threadPath, { hidden });
      writeListEntries(tx, thread.id, hidden ? thread : null, hidden ? null : thread);
    },
  };
}
