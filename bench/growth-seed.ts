/**
 * Fills a fresh embedded store for `bench:growth` (bench/growth.mjs): MEMBERS named members with
 * skills (a few teach, at a rate, with weekly hours), MEMBERS / 10 forum threads and POSTS posts in
 * all, and one signed-in member who teaches and wants popular skills, so /matches, /community and
 * /members show what a member of a community that size sees.
 *
 * Everything is written straight to the store in transactions, not over HTTP: members and their
 * skills through the app's services (ensureProfile, setSkills, saveRates, saveAvailability),
 * threads through createThread; replies in one transaction per thread (each post, its search
 * entry, then the thread's counts and list entries once, as `reply` leaves them after the last),
 * because `reply` also notifies every follower and 100,000 of them would take the bench longer
 * than it measures.
 *
 * Run: `DATA_DIR=… SESSION_SECRET=… npx tsx bench/growth-seed.ts <members> <posts>`; prints
 * `{"cookie":…,"seconds":…}` as its last line: the signed-in member's session cookie, signed with
 * SESSION_SECRET as the server will check it.
 */
import path from "node:path";
import { getThread, postPath, threadPath, type PostDoc } from "../app/documents/community";
import { createLocalAuth } from "../app/engine/auth/local.server";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import type { DocStore } from "../app/engine/store/types";
import { saveAvailability, saveRates } from "../app/features/bookings/teaching.server";
import { writeListEntries } from "../app/features/community/lists";
import { searchText, skillSpaceId, sortKeys } from "../app/features/community/rules";
import { FIXED_SPACES } from "../app/features/community/spaces";
import { createThread, newId, SEARCH_INDEX } from "../app/features/community/write.server";
import { recordTermsAccepted } from "../app/features/legal/acceptance.server";
import { currentTermsVersion } from "../app/features/legal/content.server";
import { ensureProfile } from "../app/features/profile/bootstrap.server";
import { setSkills } from "../app/features/skills/skills.server";
import { parseSkillLines } from "../app/features/skills/tags";
import { commitSessionToken } from "../app/utils/session.server";

const DAY = 86_400_000;
/** The skills a community teaches: a few popular, many rare (the i-th is picked ~1/(i+1) as often). */
const SKILLS = Array.from({ length: 60 }, (_, i) => `Skill ${i}`);
const POSTS_PER_THREAD = 10;
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
  const { skills: parsed, error } = parseSkillLines([...new Set(labels)].map((l) => `${l}: ${level}`).join("\n"));
  if (error) throw new Error(error);
  return parsed;
}

async function seedMembers(store: DocStore, count: number, now: number): Promise<string[]> {
  const uids: string[] = [];
  for (let i = 0; i < count; i++) {
    const uid = `growth${String(i).padStart(6, "0")}`;
    // Joined over the last year, one after another.
    const joined = now - 365 * DAY + Math.floor((i / count) * 364 * DAY);
    await ensureProfile(store, uid, joined);
    await store.update(`users/${uid}`, { fullName: `Member ${i}`, bio: sentence(8) });
    const offered = skills([popularSkill(), popularSkill()], "expert");
    await setSkills(store, uid, offered, skills([popularSkill(), popularSkill()]));
    if (random() < TEACHERS_WITH_RATES) {
      const weekly = [1, 3, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
      await saveAvailability(store, uid, { timezone: "UTC", weekly, exceptions: [] }, now);
      await saveRates(store, uid, Object.fromEntries(offered.map((s) => [s.tag, 10 + (i % 20)])), now);
    }
    uids.push(uid);
  }
  return uids;
}

/** `replies` posts by random members at the end of a thread, in one transaction. */
async function addReplies(store: DocStore, threadId: string, authors: string[], start: number) {
  await store.transaction(async (tx) => {
    const thread = await getThread(tx, threadId);
    if (!thread) throw new Error(`Thread ${threadId} is missing`);
    let at = start;
    let lastPoster = thread.authorUid;
    authors.forEach((authorUid, i) => {
      const postId = newId();
      at += 60_000;
      const post: PostDoc = {
        threadId,
        authorUid,
        body: sentence(25),
        createdAt: at,
        editedAt: null,
        deleted: false,
        seq: thread.nextSeq + i,
        quoteOf: null,
        reactions: {},
        mentions: [],
        hidden: false,
        openReports: 0,
      };
      tx.create(postPath(threadId, postId), post);
      tx.indexText(SEARCH_INDEX, postPath(threadId, postId), searchText(post, null));
      lastPoster = authorUid;
    });
    const counts = {
      createdAt: thread.createdAt,
      lastActivityAt: at,
      replyCount: thread.replyCount + authors.length,
      reactionCount: thread.reactionCount,
    };
    const keys = sortKeys({ id: threadId, ...counts });
    tx.update(threadPath(threadId), {
      lastActivityAt: at,
      lastPosterUid: lastPoster,
      replyCount: counts.replyCount,
      nextSeq: thread.nextSeq + authors.length,
      ...keys,
    });
    writeListEntries(tx, threadId, thread, { ...thread, ...keys });
  });
}

async function seedForum(store: DocStore, uids: string[], posts: number, now: number) {
  const threads = Math.max(1, Math.round(posts / POSTS_PER_THREAD));
  const spaces = FIXED_SPACES.map((s) => ({ id: s.id, tag: "" }));
  for (let t = 0; t < threads; t++) {
    const uid = uids[Math.floor(random() * uids.length)];
    const tag = random() < 0.5 ? popularSkill() : "";
    const space = tag ? { id: skillSpaceId(tag.toLowerCase()), tag: tag.toLowerCase() } : spaces[t % spaces.length];
    // Threads over the last 90 days, oldest first; each member's posting limits see one at a time.
    const at = now - 90 * DAY + Math.floor((t / threads) * 89 * DAY);
    const { threadId } = await createThread(
      store,
      uid,
      { spaceId: space.id, title: `How do I ${sentence(4)}?`, body: sentence(40), skillTag: space.tag },
      at,
    );
    const replies = Math.min(posts - t * POSTS_PER_THREAD, POSTS_PER_THREAD) - 1;
    if (replies > 0)
      await addReplies(
        store,
        threadId,
        Array.from({ length: replies }, () => uids[Math.floor(random() * uids.length)]),
        at,
      );
  }
  return threads;
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
    const threads = await seedForum(store, uids, posts, now);

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
    console.log(JSON.stringify({ members, posts, threads, seconds, cookie }));
  } finally {
    await store.close();
  }
}

await main();
