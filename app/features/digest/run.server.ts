/**
 * The digest step of timed work (decision 047). Every member whose digest is on gets, for each
 * period that ends (a day or a week, in their time zone), one mail that says what happened, or none
 * when there is nothing to say.
 *
 * Exactly one runner: the worker holding the timed-work lease (embedded engine) or /api/cron
 * (Firebase) calls `runDueDigests` on every tick; a transaction on `digest_runs/hourly` lets the
 * first caller of each hour run it and answers null to the others. A run renews the marker as it
 * goes; one that stopped (a crash, a deploy) is taken over by whichever worker ticks once the marker
 * is RUN_STALE_MS old.
 *
 * At most one digest per member and period, whatever runs twice: `digests/{uid}_{period}` is
 * created in the transaction that queues the mail job (`digest_{uid}_{period}`), and the
 * transaction first reads it, so a second run, a taken-over run or a restart finds it and writes
 * nothing. The mail itself then leaves through the mail queue (decision 022).
 *
 * The run reads only the members whose digest is due (`digestDueAt <= now`, decision 157): an hour in
 * which no member's period ended reads none.
 */
import {
  DIGEST_DUE_AT,
  DIGESTS,
  digestPath,
  digestRunPath,
  getDigestRun,
  type DigestDoc,
  type DigestFacts,
  type DigestRunDoc,
} from "~/documents/digest";
import { getUser, isUid, readUser, userPath, USERS, type UserProfile } from "~/documents/users";
import { cursorAfter } from "~/engine/index.server";
import type { Cursor, DocStore, Query } from "~/engine/store/types";
import { queueMail } from "~/features/mail/queue.server";
import { deleteInBatches } from "~/features/retention/delete-batches.server";
import { fillMissingDueTimes } from "./due-backfill.server";
import { nextDigestDue, writeDueTimes } from "./due.server";
import { gatherDigest, readSharedActivity, readSharedPosts, type Shared } from "./gather.server";
import { lastCompletedPeriod, type DigestPeriod } from "./period";
import { nothingToSay, UPCOMING_MS, type Member, type Newcomer } from "./sections";

export const DIGEST_RUN = "hourly";
export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A run whose marker was not renewed for this long stopped: the next caller takes it over. */
export const RUN_STALE_MS = 5 * 60_000;
/** Members gathered together (their existing digests read in one getAll). */
export const MEMBERS_PER_BATCH = 100;

export interface DigestReport {
  /** Members whose digest was due and not yet done. */
  due: number;
  queued: number;
  /** Nothing to say: no mail. */
  empty: number;
  /** Found done by another run meanwhile. */
  done: number;
}

/** The hour's run: true for the one caller that may run it (or take over a stopped one). */
async function claimRun(store: DocStore, now: number): Promise<boolean> {
  const hour = Math.floor(now / HOUR_MS);
  return store.transaction(async (tx) => {
    const run = await getDigestRun(tx, DIGEST_RUN);
    if (run && run.hour === hour && (run.finishedAt > 0 || now - run.startedAt < RUN_STALE_MS)) return false;
    tx.set(digestRunPath(DIGEST_RUN), { hour, startedAt: now, finishedAt: 0 } satisfies DigestRunDoc);
    return true;
  });
}

type Due = { member: Member & { frequency: "daily" | "weekly" }; period: DigestPeriod };

/** What the run keeps of a member: whether and when their digest is due, and what a newcomer's match shows. */
export type KeptMember = Newcomer & Pick<UserProfile, "digest" | "timezone">;

/**
 * Only the fields the run reads, not the whole profile (bio, rates, availability...): the run keeps
 * every member until it ends, and at 10,000 members whole profiles held twice (the list and each
 * due entry) were most of what it held (decision 133).
 */
export function keptMember(uid: string, profile: UserProfile): KeptMember {
  const { fullName, teachTags, learnTags, skillsOffered, skillsWanted, createdAt, deleted, suspension } = profile;
  const { digest, timezone } = profile;
  return {
    uid,
    fullName,
    teachTags,
    learnTags,
    skillsOffered,
    skillsWanted,
    createdAt,
    deleted,
    suspension,
    digest,
    timezone,
  };
}

/** Whose digest is due at `now`, each with only what its sections read of them. */
export function dueDigests(members: readonly KeptMember[], now: number): Due[] {
  const due: Due[] = [];
  for (const m of members) {
    if (m.deleted || m.suspension || m.digest === "off") continue;
    const period = lastCompletedPeriod(m.digest, now, m.timezone);
    // Not a member yet during the period: nothing of it is theirs.
    if (m.createdAt >= period.to) continue;
    const { uid, teachTags, learnTags, createdAt } = m;
    due.push({ member: { uid, teachTags, learnTags, createdAt, frequency: m.digest }, period });
  }
  return due;
}

/**
 * Creates the member's digest for the period once, with its mail job when there is something to say,
 * and moves the member's due time to their next digest in the same transaction (decision 157).
 */
async function writeDigest(store: DocStore, { member, period }: Due, facts: DigestFacts, now: number) {
  return store.transaction(async (tx): Promise<"queued" | "empty" | "done"> => {
    const done = await tx.get(digestPath(member.uid, period.key));
    const profile = await getUser(tx, member.uid);
    const dueAt = profile && (await nextDigestDue(tx, member.uid, profile, now, period.key));
    if (profile) tx.update(userPath(member.uid), { [DIGEST_DUE_AT]: dueAt });
    if (done) return "done";
    const empty = nothingToSay(facts);
    const doc: Omit<DigestDoc, "facts"> & { facts?: DigestFacts } = {
      uid: member.uid,
      period: period.key,
      frequency: member.frequency,
      from: period.from,
      to: period.to,
      state: empty ? "empty" : "queued",
      createdAt: now,
    };
    if (!empty) doc.facts = facts;
    tx.set(digestPath(member.uid, period.key), doc);
    if (!empty)
      queueMail(tx, `digest_${member.uid}_${period.key}`, { uid: member.uid, kind: "digest", ref: period.key }, now);
    return empty ? "empty" : "queued";
  });
}

export interface QueueOptions {
  /** Called after each batch (the run renews its marker there). */
  onBatch?: () => Promise<void>;
}

/** Due members read at a time: the run holds one page of them, not the whole community (decision 141). */
export const MEMBERS_PER_PAGE = 500;

/**
 * The members whose digest is due at `now` (decision 157), a page at a time in the order of their
 * due time, each with only what the run keeps. The run moves each one's due time past `now` as it
 * goes; the cursor keeps a member it could not move from being read again.
 */
async function* duePages(store: DocStore, now: number): AsyncGenerator<KeptMember[]> {
  const query: Query = {
    collection: USERS,
    where: [[DIGEST_DUE_AT, "<=", now]],
    orderBy: [[DIGEST_DUE_AT, "asc"]],
    limit: MEMBERS_PER_PAGE,
  };
  let startAfter: Cursor | undefined;
  for (;;) {
    const docs = await store.query(startAfter ? { ...query, startAfter } : query);
    if (docs.length > 0) yield docs.filter((d) => isUid(d.id)).map((d) => keptMember(d.id, readUser(d.data)));
    if (docs.length < MEMBERS_PER_PAGE) return;
    startAfter = cursorAfter(query, docs[docs.length - 1]!);
  }
}

/**
 * What every page's digests pick from, read once per run. Pages come one at a time, so the run
 * cannot know its members' earliest period start before reading them: it reads the activity of
 * the widest span any member's last completed period can have at `now` (a week ends at most 7 days
 * and an hour before `now` and lasts at most 169 hours), and each digest keeps what falls in its own.
 */
async function readShared(store: DocStore, now: number): Promise<Shared> {
  const since = now - 15 * DAY_MS;
  const newcomers = (await store.query({ collection: USERS, where: [["createdAt", ">=", since]] }))
    .filter((d) => isUid(d.id))
    .map((d) => keptMember(d.id, readUser(d.data)));
  return {
    newcomers,
    posts: await readSharedPosts(store, since),
    ...(await readSharedActivity(store, since, now - 8 * DAY_MS, now + UPCOMING_MS)),
  };
}

/** Composes and queues every digest that is due at `now` and not yet written. */
export async function queueDueDigests(store: DocStore, now: number, options: QueueOptions = {}): Promise<DigestReport> {
  const report: DigestReport = { due: 0, queued: 0, empty: 0, done: 0 };
  await fillMissingDueTimes(store, now);
  let shared: Shared | undefined;
  for await (const members of duePages(store, now)) {
    const due = dueDigests(members, now);
    const writing = new Set(due.map((d) => d.member.uid));
    const moving = members.filter((m) => !writing.has(m.uid)).map((m) => m.uid);
    for (let i = 0; i < due.length; i += MEMBERS_PER_BATCH) {
      const batch = due.slice(i, i + MEMBERS_PER_BATCH);
      const existing = await store.getAll(batch.map((d) => digestPath(d.member.uid, d.period.key)));
      for (const [j, d] of batch.entries()) if (existing[j]) moving.push(d.member.uid);
      const todo = batch.filter((_, j) => !existing[j]);
      report.due += todo.length;
      if (todo.length > 0) shared ??= await readShared(store, now);
      const facts = await Promise.all(todo.map((d) => gatherDigest(store, d.member, d.period, shared!)));
      for (let j = 0; j < todo.length; j++) report[await writeDigest(store, todo[j]!, facts[j]!, now)]++;
      await options.onBatch?.();
    }
    // Written already, not members during the period, or off, suspended or deleted since: their
    // due times move to what they are now, a transaction per 100 of them, not one each (decision 171).
    await writeDueTimes(store, moving, now);
  }
  return report;
}

/**
 * The timed work's entry: this hour's run, if no other caller has it. Cheap when it is not time:
 * one document read. Answers null when another caller ran (or runs) it.
 */
export async function runDueDigests(store: DocStore, now = Date.now()): Promise<DigestReport | null> {
  if (!(await claimRun(store, now))) return null;
  const hour = Math.floor(now / HOUR_MS);
  const report = await queueDueDigests(store, now, {
    onBatch: () => store.update(digestRunPath(DIGEST_RUN), { startedAt: Date.now() }),
  });
  await store.set(digestRunPath(DIGEST_RUN), { hour, startedAt: now, finishedAt: Date.now() } satisfies DigestRunDoc);
  if (report.queued > 0) console.log(`Digests: ${report.queued} queued, ${report.empty} with nothing to say.`);
  return report;
}

/** Digests older than this are no period's idempotency key any more (the longest period is a week). */
export const DIGEST_KEEP_MS = 30 * 24 * HOUR_MS;

/** Retention (decision 044): deletes digest records older than DIGEST_KEEP_MS; answers how many. */
export function sweepOldDigests(store: DocStore, now: number): Promise<number> {
  return deleteInBatches(store, { collection: DIGESTS, where: [["createdAt", "<", now - DIGEST_KEEP_MS]] });
}
