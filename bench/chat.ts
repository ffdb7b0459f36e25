/**
 * The skill exchange under load, on the embedded store, in one process.
 *
 * 1. Chat: 1,000 messages in 200 conversations, each recipient with what an open thread page listens to
 *    (chatMessages:<chatId>, inbox, chatUnread). Messages are sent one after another through the
 *    real sendMessage service; latency is from the call to the moment the recipient's thread feed
 *    carries the new message. Target: p95 < 100 ms.
 * 2. Matches: 10,000 members with 1–4 taught and 1–4 wanted skills from 150 tags, 30 % with a
 *    status; findMatches for 200 random members, one page each (the first or the second, eight cards
 *    a page since decision 090). Target: p95 < 50 ms per page.
 *
 * Run: `npm run bench:matches` (or `npx tsx bench/chat.ts`; `npm run bench:chat` is bench/chat-live.ts).
 * BENCH_CHATS, BENCH_MESSAGES and BENCH_MEMBERS override the sizes. Exits 1 when a target is missed.
 */
import { getUser } from "../app/documents/users";
import type { DocStore } from "../app/engine/store/types";
import { openChat, sendMessage } from "../app/features/chat/chat.server";
import { chatMessagesFeed } from "../app/engine/live/feeds";
import { subscribeFeed } from "../app/features/live/subscribe.server";
import { findMatches } from "../app/features/matches/matches.server";
import { setSkills } from "../app/features/skills/skills.server";
import { SKILL_LEVELS, toSkill, type Skill } from "../app/features/skills/tags";
import { percentiles, withTempStore } from "./support";

const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const MATCH_QUERIES = 200;
const CHAT_TARGET_P95_MS = 100;
const MATCHES_TARGET_P95_MS = 50;

const round = (n: number) => Math.round(n * 100) / 100;

/** Percentiles to 0.01 ms, so the JSON lines stay readable. */
function latencyMs(values: number[]) {
  const { p50, p95, p99, max } = percentiles(values);
  return { p50: round(p50), p95: round(p95), p99: round(p99), max: round(max) };
}

// A deterministic generator, so runs compare.
let seed = 42;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

async function benchChat(store: DocStore) {
  const stops: (() => void)[] = [];
  const waiting = new Map<string, (at: number) => void>();
  const chats: { chatId: string; sender: string; recipient: string }[] = [];
  for (let i = 0; i < CHATS; i++) {
    const sender = `s${i}`;
    const recipient = `r${i}`;
    await store.set(`users/${sender}`, { fullName: `Sender ${i}`, createdAt: 1 });
    await store.set(`users/${recipient}`, { fullName: `Recipient ${i}`, createdAt: 1 });
    const chatId = await openChat(store, sender, recipient, 1);
    chats.push({ chatId, sender, recipient });
    stops.push(
      subscribeFeed(
        store,
        { uid: recipient, language: "en" },
        chatMessagesFeed(chatId),
        (messages) => {
          const last = messages[messages.length - 1];
          if (last) waiting.get(last.text)?.(performance.now());
        },
        (e) => console.error(e),
      ),
      subscribeFeed(
        store,
        { uid: recipient, language: "en" },
        "inbox",
        () => {},
        (e) => console.error(e),
      ),
      subscribeFeed(
        store,
        { uid: recipient, language: "en" },
        "chatUnread",
        () => {},
        (e) => console.error(e),
      ),
    );
  }
  await new Promise((r) => setTimeout(r, 50));
  const latencies: number[] = [];
  // Spread each sender's messages over time so the per-sender rate limit is not what is measured.
  let clock = Date.now();
  for (let i = 0; i < MESSAGES; i++) {
    const { chatId, sender } = chats[i % chats.length];
    clock += 2_000 / chats.length + 1;
    const started = performance.now();
    // Each text is unique, so the feed's callback can tell which send it completes.
    const text = `Message ${i}: shall we practise on Thursday?`;
    const arrival = new Promise<number>((resolve) => waiting.set(text, resolve));
    await sendMessage(store, sender, chatId, text, Math.round(clock));
    const at = await Promise.race([arrival, new Promise<number>((r) => setTimeout(() => r(-1), 2_000))]);
    waiting.delete(text);
    latencies.push(at < 0 ? 2_000 : at - started);
  }
  for (const stop of stops) stop();
  return { chats: CHATS, messages: MESSAGES, latencyMs: latencyMs(latencies) };
}

async function benchMatches(store: DocStore) {
  const tags = Array.from({ length: 150 }, (_, i) => `Skill ${i}`);
  const skillsOf = (): Skill[] =>
    Array.from({ length: 1 + Math.floor(random() * 4) }, () => toSkill(pick(tags), pick(SKILL_LEVELS))!).filter(
      (s, i, all) => all.findIndex((o) => o.tag === s.tag) === i,
    );
  const started = performance.now();
  for (let i = 0; i < MEMBERS; i++) {
    const uid = `m${i}`;
    await store.set(`users/${uid}`, {
      fullName: `Member ${i}`,
      createdAt: i,
      bio: "Happy to swap skills.",
      timezone: "UTC",
    });
    await setSkills(store, uid, skillsOf(), skillsOf());
    if (random() < 0.3)
      await store.set(`status/${uid}`, {
        state: random() < 0.3 ? "online" : "offline",
        last_changed: Date.now() - Math.floor(random() * 1e9),
      });
  }
  const seedSeconds = round((performance.now() - started) / 1000);
  const times: number[] = [];
  let cards = 0;
  for (let q = 0; q < MATCH_QUERIES; q++) {
    const uid = `m${Math.floor(random() * MEMBERS)}`;
    // The page's loader has the profile from the session; it is not the matching's cost.
    const viewer = { uid, profile: await getUser(store, uid) };
    const t = performance.now();
    const result = await findMatches(store, viewer, { page: 1 + Math.floor(random() * 2), language: "en" });
    times.push(performance.now() - t);
    cards += result.cards.length;
  }
  return {
    members: MEMBERS,
    queries: MATCH_QUERIES,
    averageCards: round(cards / MATCH_QUERIES),
    seedSeconds,
    latencyMs: latencyMs(times),
  };
}

await withTempStore("bench-chat-", async (store) => {
  const chat = await benchChat(store);
  console.log("chat send→delivery", JSON.stringify(chat));
  const matches = await benchMatches(store);
  console.log("matches per page", JSON.stringify(matches));
  const ok = chat.latencyMs.p95 < CHAT_TARGET_P95_MS && matches.latencyMs.p95 < MATCHES_TARGET_P95_MS;
  console.log(
    ok
      ? "All targets met."
      : `Target missed (chat p95 < ${CHAT_TARGET_P95_MS} ms, matches p95 < ${MATCHES_TARGET_P95_MS} ms).`,
  );
  process.exitCode = ok ? 0 : 1;
});
