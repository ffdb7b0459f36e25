/**
 * The due times of members who joined before there were any (decision 157): the digest run fills
 * them in before it reads who is due, once. After that every member has one from the moment they
 * join, so the run reads only a marker: `digest_runs/due-backfill`, finished once every member was
 * seen. A run that stops half-way (or two at once) does it again from the start: a member whose
 * due time is there is only read, and each one is written in a transaction that first reads it.
 */
import { DIGEST_DUE_AT, digestRunPath, getDigestRun, type DigestRunDoc } from "~/documents/digest";
import { isUid, USERS } from "~/documents/users";
import { cursorAfter } from "~/engine/index.server";
import type { Cursor, Doc, DocStore, Query } from "~/engine/store/types";
import { writeDueTimes } from "./due.server";

export const DUE_BACKFILL = "due-backfill";
const MEMBERS_PER_PAGE = 500;

const lacksDueTime = (doc: Doc | null) => doc !== null && !(DIGEST_DUE_AT in doc.data);

/** Fills in the members' missing due times unless that was done; answers how many it wrote. */
export async function fillMissingDueTimes(store: DocStore, now: number): Promise<number> {
  if ((await getDigestRun(store, DUE_BACKFILL))?.finishedAt) return 0;
  const query: Query = { collection: USERS, limit: MEMBERS_PER_PAGE };
  let startAfter: Cursor | undefined;
  let filled = 0;
  for (;;) {
    const docs = await store.query(startAfter ? { ...query, startAfter } : query);
    filled += await writeDueTimes(
      store,
      docs.filter((d) => isUid(d.id) && lacksDueTime(d)).map((d) => d.id),
      now,
      lacksDueTime,
    );
    if (docs.length < MEMBERS_PER_PAGE) break;
    startAfter = cursorAfter(query, docs[docs.length - 1]!);
  }
  const marker: DigestRunDoc = { hour: 0, startedAt: now, finishedAt: Date.now() };
  await store.set(digestRunPath(DUE_BACKFILL), marker);
  return filled;
}
