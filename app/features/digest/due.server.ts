/**
 * When a member's next digest is due: `users/{uid}.digestDueAt` (decision 157). The hourly run reads
 * only the members whose time has come, so the field must say exactly when the run as decision 047
 * states it (at each hour, the period that ended last in the member's choice and zone, once, if they
 * were a member during it) would first find something to write for them. It is written in the same
 * transaction as every change of what it follows (the choice, the zone, joining, suspension,
 * deletion) and by the run when it writes or finds the member's digest.
 */
import { DIGEST_DUE_AT, digestPath } from "~/documents/digest";
import type { DocReader } from "~/documents/fields";
import { readUser, userPath, type UserProfile } from "~/documents/users";
import type { Doc, DocStore } from "~/engine/store/types";
import { currentPeriod, lastCompletedPeriod } from "./period";

/** What the due time follows: a change of any of these fields writes it again. */
const DUE_INPUTS = ["digest", "timezone", "createdAt", "deleted", "suspension"] as const;
type DueInputs = Pick<UserProfile, (typeof DUE_INPUTS)[number]>;

/**
 * A digest for a period already ends later than the one running here only when it was written in a
 * zone up to 26 hours ahead: two days at most, so the fourth candidate is never already written.
 */
const CANDIDATES = 4;

/**
 * The end of the first period whose digest the member has not had: the one that ended last (if they
 * were a member before it ended), else the one running, else the ones after it. Null when no digest
 * will come. `written`: a period's key whose digest the caller's transaction writes.
 */
export async function nextDigestDue(
  reader: DocReader,
  uid: string,
  member: DueInputs,
  now: number,
  written?: string,
): Promise<number | null> {
  const { digest, timezone, createdAt } = member;
  if (member.deleted || member.suspension || digest === "off") return null;
  const last = lastCompletedPeriod(digest, now, timezone);
  let period = createdAt < last.to ? last : currentPeriod(digest, now, timezone);
  for (let i = 1; i < CANDIDATES; i++) {
    if (period.key !== written && !(await reader.get(digestPath(uid, period.key)))) break;
    period = currentPeriod(digest, period.to, timezone);
  }
  return period.to;
}

/**
 * The due time to write with `fields`, a change of the member's profile `before`: none when the
 * change leaves what it follows as it was.
 */
export async function digestDueFields(
  reader: DocReader,
  uid: string,
  before: UserProfile,
  fields: Record<string, unknown>,
  now: number,
): Promise<{ [DIGEST_DUE_AT]?: number | null }> {
  if (!DUE_INPUTS.some((field) => field in fields)) return {};
  return { [DIGEST_DUE_AT]: await nextDigestDue(reader, uid, readUser({ ...before, ...fields }), now) };
}

/**
 * Members written per transaction: few enough that one stays well inside Firestore's limits on a
 * commit (500 writes in its older terms) and holds few members' documents at a time.
 */
const MEMBERS_PER_WRITE = 100;

/**
 * Writes the due time of each member of `uids` whose profile is there and `needs` it, read again in
 * one transaction per MEMBERS_PER_WRITE members: every read before the first write, as Firestore's
 * transactions require. Answers how many it wrote. The backfill (members without a due time) and
 * the run (members it read as due but writes no digest for) both move theirs here (decision 171).
 */
export async function writeDueTimes(
  store: DocStore,
  uids: readonly string[],
  now: number,
  needs: (doc: Doc) => boolean = () => true,
): Promise<number> {
  let written = 0;
  for (let i = 0; i < uids.length; i += MEMBERS_PER_WRITE)
    written += await store.transaction(async (tx) => {
      const docs = await Promise.all(uids.slice(i, i + MEMBERS_PER_WRITE).map((uid) => tx.get(userPath(uid))));
      const found = docs.filter((d): d is Doc => d !== null && needs(d));
      const due = await Promise.all(found.map((d) => nextDigestDue(tx, d.id, readUser(d.data), now)));
      found.forEach((d, j) => tx.update(userPath(d.id), { [DIGEST_DUE_AT]: due[j]! }));
      return found.length;
    });
  return written;
}
