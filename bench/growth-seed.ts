/**
 * Fills a fresh embedded store for `bench:growth` (bench/growth.mjs): MEMBERS named members with
 * skills (a few teach, at a rate, with weekly hours), POSTS forum posts in threads of ten, and one
 * signed-in member who teaches and wants popular skills, so /matches, /community and /members show
 * what a member of a community that size sees.
 *
 * Everything is written straight to the store in transactions, not over HTTP: members and their
 * skills through the app's services (ensureProfile, setSkills, saveRates, saveAvailability), each
 * member's presence as a closed page leaves it, seen 8 to 88 days ago; each member's digest of the
 * period that has just ended as already written (below: the server measured must not be composing
 * and mailing 10,000 digests meanwhile);
 * threads as createThread writes them and their replies as `reply` leaves them after the last
 * (each post and its search entry, the thread's counts and list entries once), a hundred threads
 * to a transaction (writeThreads): `reply` also notifies every follower, and one commit per
 * thread and per reply batch took the large community's 100,000 posts minutes on a busy machine.
 *
 * Run: `DATA_DIR=… SESSION_SECRET=… PUBLIC_URL=… npx tsx bench/growth-seed.ts <members> <posts>`;
 * prints `{"cookie":…,"seconds":…,"posts":…}` as its last line (posts: as written), the signed-in
 * member's session cookie signed with SESSION_SECRET as the server will check it.
 */
import path from "node:path";
import {
  followPath,
  getSpace,
  postPath,
  spacePath,
  threadPath,
  type FollowDoc,
  type PostDoc,
  type SpaceDoc,
  type ThreadDoc,
} from "../app/documents/community";
import { digestPath, type DigestDoc } from "../app/documents/digest";
import { statusPath } from "../app/documents/status";
import { isUid, readUser, USERS } from "../app/documents/users";
import { createLocalAuth } from "../app/engine/auth/local.server";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import type { DocStore } from "../app/engine/store/types";
import { saveAvailability, saveRates } from "../app/features/bookings/teaching.server";
import { lastCompletedPeriod } from "../app/features/digest/period";
import { writeListEntries } from "../app/features/community/lists";
import { searchText, sortKeys } from "../app/features/community/rules";
import { FIXED_SPACES, skillSpace } from "../app/features/community/spaces";
import { newId, SEARCH_INDEX } from "../app/features/community/write.server";
import { recordTermsAccepted } from "../app/features/legal/acceptance.server";
import { currentTermsVersion } from "../app/features/legal/content.server";
import { ensureProfile } from "../app/features/profile/bootstrap.server";
import { setSkills } from "../app/features/skills/skills.server";
import { displayLabel, parseSkillLines } from "../app/features/skills/tags";
import { commitSessionToken } from "../app/utils/session.server";

const DAY = 86_400_000;
/** The skills a community teaches: a few popular, many rare (the i-th is picked ~1/(i+1) as often). */
const SKILLS = Array.from({ length: 60 }, (_, i) => `Skill ${i}`);
const POSTS_PER_THREAD = 10;
/** Threads written per transaction: 100 threads are 1,000 posts and their search entries in one commit. */
const THREADS_PER_COMMIT = 100;
const TEACHERS_WITH_RATES = 0.1;

// A deterministic generator, so runs compare.
let seed = 11;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const popularSkill = () => SKILLS[Math.min(SKILLS.length - 1, Math.floor(random() ** 3 * SKILLS.length))];
const WORDS = ["learn", "teach", "practice", "lesson", "question", "help", "thanks", "session", "skill", "swap"];
const sentence = (n: number) =>
  Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)] + Math.floor(random() * 500)).join(" ");

function skills(labels: string[], level = "intermediate") {
  const { skills: parsed, problem } = parseSkillLines([...new Set(labels)].map((l) => `${l}: ${level}`).join("\n"));
  if (problem) throw new Error(JSON.stringify(problem));
  return parsed;
}

async function seedMembers(store: DocStore, count: number, now: number): Promise<string[]> {
  const uids: string[] = [];
  for (let i = 0; i < count; i++) {
    const uid = `growth${String(i).padStart(6, "0")}`;
    // Joined over the last year, one after another.
    const joined = now - 365 * DAY + Math.floor((i / count) * 364 * DAY);
    await ensureProfile(store, uid, joined);
    const offered = skills([popularSkill(), popularSkill()], "expert");
    // The name and bio go with the skills' write: one commit fewer per member.
    await setSkills(store, uid, offered, skills([popularSkill(), popularSkill()]), {
      fullName: `Member ${i}`,
      bio: sentence(8),
    });
    // Every member has been online once: the status a closed page leaves, last seen before this
    // week (decision 097: /matches and /members read who is online and who was seen this week).
    await store.set(statusPath(uid), {
      state: "offline",
      last_changed: now - 8 * DAY - Math.floor(random() * 80 * DAY),
      lease_ms: 0,
    });
    if (random() < TEACHERS_WITH_RATES) {
      const weekly = [1, 3, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
      await saveAvailability(store, uid, { timezone: "UTC", weekly, exceptions: [] }, now);
      await saveRates(store, uid, Object.fromEntries(offered.map((s) => [s.tag, 10 + (i % 20)])), now);
    }
    uids.push(uid);
  }
  return uids;
}

/** Digest records written per transaction. */
const DIGESTS_PER_COMMIT = 500;

/**
 * Every member's digest of the period that ended last (as of `now`) recorded as written, with
 * nothing to say, as the digest step leaves one it has done (decision 047). Without them the large
 * server's timed-work leader composed 10,000 digests as it started and then mailed 25 a minute,
 * and the bench measured that work with the pages' requests (decision 097). The server is
 * unchanged: it finds each period done, as it would after its own run.
 */
async function markDigestsDone(store: DocStore, now: number) {
  const members = (await store.query({ collection: USERS }))
    .filter((d) => isUid(d.id))
    .map((d) => ({ uid: d.id, ...readUser(d.data) }));
  for (let i = 0; i < members.length; i += DIGESTS_PER_COMMIT)
    await store.transaction(async (tx) => {
      for (const m of members.slice(i, i + DIGESTS_PER_COMMIT)) {
        if (m.digest === "off") continue;
        const period = lastCompletedPeriod(m.digest, now, m.timezone);
        const done: Omit<DigestDoc, "facts"> = {
          uid: m.uid,
          period: period.key,
          frequency: m.digest,
          from: period.from,
          to: period.to,
          state: "empty",
          createdAt: now,
        };
        tx.set(digestPath(m.uid, period.key), done);
      }
    });
}

/** A thread as createThread writes it (its document, list entries, first post, search entry, the author following it) and its replies. */
interface SeedThread {
  threadId: string;
  authorUid: string;
  space: { id: string; name: string; skillTag: string | null };
  title: string;
  at: number;
  replyAuthors: string[];
}

function postDoc(threadId: string, authorUid: string, body: string, createdAt: number, seq: number): PostDoc {
  return {
    threadId,
    authorUid,
    body,
    createdAt,
    editedAt: null,
    deleted: false,
    seq,
    quoteOf: null,
    reactions: {},
    mentions: [],
    hidden: false,
    openReports: 0,
  };
}

/**
 * A batch of threads in one transaction: each written as createThread leaves it, then its replies
 * as `reply` leaves them after the last (posts, search entries, the thread's counts and list
 * entries once), and each space's thread count once. One commit per thread (as createThread and
 * `reply` make) cost 100,000 posts several minutes of wall time on a busy machine.
 */
async function writeThreads(store: DocStore, batch: SeedThread[]) {
  await store.transaction(async (tx) => {
    const spaceIds = [...new Set(batch.map((t) => t.space.id))];
    const spaces = new Map(spaceIds.map((id, i) => [id, i]));
    const spaceDocs = await Promise.all(spaceIds.map((id) => getSpace(tx, id)));
    const added = new Map<string, number>();
    for (const t of batch) {
      const posts = [postDoc(t.threadId, t.authorUid, sentence(40), t.at, 0)];
      let at = t.at;
      t.replyAuthors.forEach((authorUid, i) => {
        at += 60_000;
        posts.push(postDoc(t.threadId, authorUid, sentence(25), at, i + 1));
      });
      const counts = { createdAt: t.at, lastActivityAt: at, replyCount: posts.length - 1, reactionCount: 0 };
      const thread: ThreadDoc = {
        spaceId: t.space.id,
        title: t.title,
        authorUid: t.authorUid,
        skillTag: t.space.skillTag,
        ...counts,
        lastPosterUid: posts[posts.length - 1]!.authorUid,
        answerPostId: null,
        hidden: false,
        nextSeq: posts.length,
        ...sortKeys({ id: t.threadId, ...counts }),
      };
      tx.create(threadPath(t.threadId), thread);
      writeListEntries(tx, t.threadId, null, thread);
      posts.forEach((post, i) => {
        // The first post's id is the thread's, as createThread names it.
        const path = postPath(t.threadId, i === 0 ? t.threadId : newId());
        tx.create(path, post);
        tx.indexText(SEARCH_INDEX, path, searchText(post, i === 0 ? t.title : null));
      });
      tx.set(followPath(t.threadId, t.authorUid), { uid: t.authorUid, at: t.at } satisfies FollowDoc);
      added.set(t.space.id, (added.get(t.space.id) ?? 0) + 1);
    }
    for (const t of batch) {
      const count = added.get(t.space.id);
      if (count === undefined) continue;
      added.delete(t.space.id);
      const before = spaceDocs[spaces.get(t.space.id)!];
      tx.set(spacePath(t.space.id), {
        name: t.space.name,
        description: before?.description ?? "",
        skillTag: t.space.skillTag,
        order: before?.order ?? 100,
        threadCount: (before?.threadCount ?? 0) + count,
        createdAt: before?.createdAt ?? t.at,
      } satisfies SpaceDoc);
    }
  });
}

/** Threads of POSTS_PER_THREAD posts over the last 90 days, oldest first, THREADS_PER_COMMIT to a transaction. */
async function seedForum(store: DocStore, uids: string[], posts: number, now: number) {
  const threads = Math.max(1, Math.ceil(posts / POSTS_PER_THREAD));
  let batch: SeedThread[] = [];
  let written = 0;
  for (let t = 0; t < threads; t++) {
    const authorUid = uids[Math.floor(random() * uids.length)]!;
    const tag = random() < 0.5 ? popularSkill().toLowerCase() : "";
    const fixed = FIXED_SPACES[t % FIXED_SPACES.length]!;
    const space = tag
      ? { ...skillSpace(tag, displayLabel(tag)), skillTag: tag }
      : { id: fixed.id, name: fixed.name, skillTag: null };
    const replies = Math.min(posts - t * POSTS_PER_THREAD, POSTS_PER_THREAD) - 1;
    written += 1 + Math.max(0, replies);
    batch.push({
      threadId: newId(),
      authorUid,
      space: { id: space.id, name: space.name, skillTag: space.skillTag },
      title: `How do I ${sentence(4)}?`,
      at: now - 90 * DAY + Math.floor((t / threads) * 89 * DAY),
      replyAuthors: Array.from({ length: Math.max(0, replies) }, () => uids[Math.floor(random() * uids.length)]!),
    });
    if (batch.length === THREADS_PER_COMMIT) {
      await writeThreads(store, batch);
      batch = [];
    }
  }
  if (batch.length) await writeThreads(store, batch);
  return { threads, posts: written };
}

async function main() {
  const [members, posts] = process.argv.slice(2).map(Number);
  if (!(members > 0 && posts > 0)) throw new Error("Usage: bench/growth-seed.ts <members> <posts>");
  const started = performance.now();
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const store = openSqliteStore(path.join(dataDir, "skillswap.sqlite"));
  try {
    const now = Date.now();
    const uids = await seedMembers(store, members, now);
    const forum = await seedForum(store, uids, posts, now);
    await markDigestsDone(store, now);

    // The member the bench signs in as: teaches two popular skills, wants three.
    const auth = createLocalAuth(store, {
      mail: async () => {
        throw new Error("The bench seeder sends no mail.");
      },
    });
    const credentials = {
      kind: "password" as const,
      email: "growth-viewer@example.com",
      password: "bench-password-1234",
      clientKey: "",
    };
    const user = await auth.signUp(credentials);
    const session = await auth.startSession(user, credentials);
    await ensureProfile(store, user.uid, now);
    await recordTermsAccepted(store, user.uid, await currentTermsVersion());
    await store.update(`users/${user.uid}`, {
      fullName: "Growth Viewer",
      tourCompleted: true,
      welcomeBonusShown: true,
    });
    await setSkills(
      store,
      user.uid,
      skills(["Skill 0", "Skill 3"], "expert"),
      skills(["Skill 1", "Skill 2", "Skill 5"]),
    );
    const cookie = (await commitSessionToken(session.token, session.expiresAt, user.uid)).split(";")[0]!;
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(JSON.stringify({ members, ...forum, seconds, cookie }));
  } finally {
    await store.close();
  }
}

await main();
