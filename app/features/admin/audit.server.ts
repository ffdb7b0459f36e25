/**
 * The admin audit log (~/documents/audit): one entry per admin action, written in the same transaction
 * as the action, so an action is never applied without its entry. Append-only by construction:
 * this module only ever creates entries, and nothing in the app updates or deletes them (the
 * Firestore rules give browsers no access at all).
 */
import { randomUUID } from "node:crypto";
import type { DocStore, Transaction, WhereClause } from "~/engine/store/types";
import { AUDIT, auditPath, readAuditEntry, type AuditDoc, type AuditEntry } from "~/documents/audit";
import type { AuditAction } from "./audit";

export { AUDIT_ACTIONS, isAuditAction, type AuditAction } from "./audit";

/** What an admin action logs: an action of this version's list (the entry's time is the action's). */
export type AuditInput = Omit<AuditDoc, "at" | "action"> & { action: AuditAction };

/** Ids sort by time, so the newest-first listing and a CSV export read in the order things happened. */
function auditId(now: number): string {
  return `${String(now).padStart(15, "0")}-${randomUUID()}`;
}

/** Adds the entry to the action's own transaction. */
export function recordAudit(tx: Transaction, input: AuditInput, now: number): void {
  tx.create(auditPath(auditId(now)), { ...input, at: now } satisfies AuditDoc);
}

export interface AuditFilter {
  action?: AuditAction;
  actorUid?: string;
  subjectUid?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

/** Newest first. Entries sharing the boundary time stay together on one page. */
export async function listAudit(
  store: DocStore,
  filter: AuditFilter,
  { limit, before }: { limit: number; before?: number },
): Promise<AuditPage> {
  const where: WhereClause[] = [];
  if (filter.action) where.push(["action", "==", filter.action]);
  if (filter.actorUid) where.push(["actorUid", "==", filter.actorUid]);
  if (filter.subjectUid) where.push(["subjectUid", "==", filter.subjectUid]);
  if (before !== undefined) where.push(["at", "<", before]);
  const docs = await store.query({ collection: AUDIT, where, orderBy: [["at", "desc"]], limit: limit + 1 });
  const entries = docs.map(readAuditEntry);
  if (entries.length <= limit) return { entries, nextBefore: null };
  const page = entries.slice(0, limit);
  let boundary = page[limit - 1].at;
  // Keep same-time entries together: cut before the boundary time when the next entry shares it.
  if (entries[limit].at === boundary) {
    const kept = page.filter((entry) => entry.at !== boundary);
    if (kept.length > 0) return { entries: kept, nextBefore: kept[kept.length - 1].at };
    boundary = page[0].at; // a whole page at one millisecond: move on past it
  }
  return { entries: page, nextBefore: boundary };
}
