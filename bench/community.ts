/**
 * The community forum on the embedded store with 100,000 posts, in one process.
 *
 * Seeds BENCH_THREADS threads (default 5,000) of BENCH_POSTS posts in all (default 100,000),
 * written by 2,000 members through the real services (createThread, reply: the post, its
 * thread's counts and keys and its FTS5 entry in one transaction), over the four fixed spaces and
 * 20 skill spaces. Then measures, for random members and pages:
 * 1. a thread list page: listThreads (20 threads, authors, read markers), all four sorts, all
 *    spaces or one, first page or a later one. Target: p95 < 30 ms.
 * 2. a thread page: loadThreadPage (thread, up to 500 posts, authors, own reactions, follow,
 *    marks it read). Target: p95 < 30 ms.
 * 3. search: searchForum for one or two words of the vocabulary. Target: p95 < 50 ms.
 *
 * Run: `npm run bench:community` (or `npx tsx bench/community.ts`). Exits 1 when a target is missed.
 */
import type { DocStore } from "../app/engine/store/types";
import { listThreads, searchForum } from "../app/features/community/read.server";
import { SORTS, skillSpaceId } from "../app/features/community/rules";
import { FIXED_SPACES } from "../app/features/community/spaces";
import { loadThreadPage } from "../app/features/community/thread-page.server";
import { createThread, reply } from "../app/features/community/write.server";
import { percentiles, withTempStore } from "./support";

const THREADS = Number(process.env.BENCH_THREADS ?? 5_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const MEMBERS = 2_000;
const QUERIES = 300;
const LIST_TARGET_P95_MS = 30;
const THREAD_TARGET_P95_MS = 30;
const SEARCH_TARGET_P95_MS = 50;

const round = (n: number) => Math.round(n * 100) / 100;
function latencyMs(values: number[]) {
  const { p50, p95, p99, max } = percentiles(values);
  return { p50: round(p50), p95: round(p95), p99: round(p99), max: round(max) };
}

// A deterministic generator, so runs compare.
let seed = 7;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

const SKILLS = Array.from({ length: 20 }, (_, i) => `skill ${i}`);
// A few hundred words, some common and some rare, as a forum's vocabulary is.
const VOCABULARY = Array.from({ length: 600 }, (_, i) => `word${i.toString(36)}`);
const COMMON = ["learn", "teach", "practice", "lesson", "question", "help", "thanks", "session", "skill", "swap"];
function sentence(words: number): string {
  return Array.from({ length: words }, () =>
    random() < 0.3 ? pick(COMMON) : VOCABULARY[Math.floor(random() ** 2 * VOCABULARY.length)],
  ).join(" ");
}

async function seed100k(store: DocStore): Promise<string[]> {
  for (let i = 0; i < MEMBERS; i++) await store.set(`users/m${i}`, { fullName: `Member ${i}`, createdAt: 0, xp: 0 });
  const spaces = [
    ...FIXED_SPACES.map((s) => ({ id: s.id, tag: "" })),
    ...SKILLS.map((t) => ({ id: skillSpaceId(t), tag: t })),
  ];
  const threads: string[] = [];
  // Each member's posts are spread over time (15 minutes apart), so the posting limits allow them.
  const lastPost = new Map<string, number>();
  const clockFor = (uid: string) => {
    const at = (lastPost.get(uid) ?? 0) + 15 * 60_000;
    lastPost.set(uid, at);
    return at;
  };
  for (let t = 0; t < THREADS; t++) {
    const uid = `m${Math.floor(random() * MEMBERS)}`;
    const space = pick(spaces);
    const { threadId } = await createThread(
      store,
      uid,
      {
        spaceId: space.id,
        title: `How do I ${sentence(4)}?`,
        body: `${sentence(30)}\n\n${sentence(20)}`,
        skillTag: space.tag,
      },
      clockFor(uid),
    );
    threads.push(threadId);
  }
  for (let p = THREADS; p < POSTS; p++) {
    const uid = `m${Math.floor(random() * MEMBERS)}`;
    // Older threads get more replies, as on a real forum.
    const threadId = threads[Math.floor(random() ** 1.5 * threads.length)];
    await reply(store, uid, threadId, { body: sentence(25 + Math.floor(random() * 40)) }, clockFor(uid));
  }
  return threads;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const value = await fn();
  return [performance.now() - t, value];
}

await withTempStore("bench-community-", async (store) => {
  const started = performance.now();
  const threads = await seed100k(store);
  const seedSeconds = round((performance.now() - started) / 1000);
  console.log("seeded", JSON.stringify({ threads: THREADS, posts: POSTS, members: MEMBERS, seedSeconds }));

  const listTimes: number[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const uid = `m${Math.floor(random() * MEMBERS)}`;
    const sort = pick(SORTS);
    const spaceId = random() < 0.5 ? null : random() < 0.5 ? pick(FIXED_SPACES).id : skillSpaceId(pick(SKILLS));
    const [first, page] = await time(() => listThreads(store, uid, { sort, spaceId, cursor: null }, "en"));
    listTimes.push(first);
    if (page.next)
      listTimes.push((await time(() => listThreads(store, uid, { sort, spaceId, cursor: page.next }, "en")))[0]);
  }

  const threadTimes: number[] = [];
  let posts = 0;
  for (let q = 0; q < QUERIES; q++) {
    const uid = `m${Math.floor(random() * MEMBERS)}`;
    const [ms, page] = await time(() => loadThreadPage(store, uid, pick(threads), "en"));
    threadTimes.push(ms);
    posts += page.initial.posts.length;
  }

  const searchTimes: number[] = [];
  let hits = 0;
  for (let q = 0; q < QUERIES; q++) {
    const text = random() < 0.5 ? pick(VOCABULARY) : `${pick(COMMON)} ${pick(VOCABULARY)}`;
    const [ms, found] = await time(() => searchForum(store, text, random() < 0.8 ? 0 : 1, "en"));
    searchTimes.push(ms);
    hits += found.results.length;
  }

  const list = { queries: listTimes.length, latencyMs: latencyMs(listTimes) };
  const thread = { queries: QUERIES, averagePosts: round(posts / QUERIES), latencyMs: latencyMs(threadTimes) };
  const search = { queries: QUERIES, averageResults: round(hits / QUERIES), latencyMs: latencyMs(searchTimes) };
  console.log("thread list page", JSON.stringify(list));
  console.log("thread page", JSON.stringify(thread));
  console.log("search page", JSON.stringify(search));
  const ok =
    list.latencyMs.p95 < LIST_TARGET_P95_MS &&
    thread.latencyMs.p95 < THREAD_TARGET_P95_MS &&
    search.latencyMs.p95 < SEARCH_TARGET_P95_MS;
  console.log(
    ok
      ? "All targets met."
      : `Target missed (list p95 < ${LIST_TARGET_P95_MS} ms, thread p95 < ${THREAD_TARGET_P95_MS} ms, search p95 < ${SEARCH_TARGET_P95_MS} ms).`,
  );
  process.exitCode = ok ? 0 : 1;
});
