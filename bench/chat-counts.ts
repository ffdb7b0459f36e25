/**
 * `npm run bench:chat-counts`: what one chat message costs the server against one heartbeat, in one
 * process, by count and by CPU (issue 28, decision 193). The harness decisions 161, 168, 186 and 189
 * each wrote and threw away.
 *
 * The production build's request handler (build/index.js, wrapped as server.mjs wraps it) runs in
 * this process on a fresh embedded store: BENCH_CHATS members (200) in a ring of conversations, each
 * recipient holding the thread's live stream (`GET /api/live?feeds=chatMessages:<id>`), requests
 * built as server.mjs builds them (the origin check's Request, then the one with the body's stream).
 * First every conversation's first message (a pair's first writes the notice and the mail mark),
 * then BENCH_ROUNDS rounds (10) of BENCH_CHATS heartbeats (`POST /api/heartbeat`) and BENCH_CHATS
 * later messages (`POST /api/chats/$chatId/messages`, asking for JSON), 5 in flight as bench:chat
 * sends them, each message waiting for its event on the recipient's stream. The clock given to the
 * app moves 11 s before each round of messages, so no sender meets the chat's rate limit (8 in
 * 10 s) however fast the rounds go; the limit stays on.
 *
 * Counted exactly, per message and per heartbeat (first messages apart): SQLite statements by SQL
 * text (better-sqlite3's run/get/all/iterate), `JSON.parse` calls and the stream's chunks. The
 * counts do not depend on the machine's load. CPU (`process.cpuUsage()`, this process: server and
 * client alike, without sockets or the HTTP parser) is measured in the rounds after the counted
 * one, without the counting wrappers, and printed as medians with quartiles and each round's
 * message ÷ heartbeat; under load it only compares within one run, or between builds run
 * alternately. Without HTTP this is not bench:chat's ratio (decision 189: about 4 × here for 3 ×
 * there).
 *
 * Run from a checkout with a production build (`npm run build`): `npx tsx bench/chat-counts.ts`, or
 * from another checkout to measure its build with this script. BENCH_JSON=<file> writes the figures.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = process.cwd();
const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const IN_FLIGHT = 5;
const ORIGIN = "http://localhost:3330";
const STEP_MS = 11_000;

const dataDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-chat-counts-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  BACKEND: "embedded",
  DATA_DIR: dataDir,
  PUBLIC_URL: ORIGIN,
  PORT: "3330",
  SESSION_SECRET: randomBytes(24).toString("hex"),
  PAYMENTS: "test",
  LOG_REQUESTS: "0",
});

// --- counting -----------------------------------------------------------------------------
const require = createRequire(path.join(ROOT, "package.json"));
const Database = require("better-sqlite3") as typeof import("better-sqlite3");
const statements = new Map<string, number>();
let counting = false;
let parses = 0;
{
  const probe = new Database(":memory:");
  const proto = Object.getPrototypeOf(probe.prepare("SELECT 1")) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = proto[method];
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (counting) statements.set(this.source, (statements.get(this.source) ?? 0) + 1);
      return original.apply(this, args);
    };
  }
}
const parse = JSON.parse;
JSON.parse = function (text: string, reviver?: (key: string, value: unknown) => unknown) {
  if (counting) parses++;
  return parse(text, reviver);
};

// The app's clock: moved on before each round of messages (the rate limit's window).
const realNow = Date.now;
let clockOffset = 0;
Date.now = () => realNow() + clockOffset;

// --- the store, seeded as bench:chat seeds it ---------------------------------------------
const { seedConversations } = await import("./live-support");
const conversations = await seedConversations(dataDir, CHATS, "chat-counts");

// --- the build, as server.mjs serves it ----------------------------------------------------
const remix = require("@remix-run/node") as typeof import("@remix-run/node");
remix.installGlobals({ nativeFetch: true });
const build = await import(pathToFileURL(path.join(ROOT, "build", "index.js")).href);
const { answerBusyStore, oneLogLookPerRequest, originRefusal } = build.entry.module;
const handle = remix.createRequestHandler(oneLogLookPerRequest(answerBusyStore(build)), "production");
const encoder = new TextEncoder();

async function send(pathname: string, cookie: string, form: string | null): Promise<number> {
  const url = `${ORIGIN}${pathname}`;
  const headers = new Headers({
    host: "localhost:3330",
    cookie,
    origin: ORIGIN,
    "accept-encoding": "gzip, deflate, br",
    "content-length": String(form === null ? 0 : Buffer.byteLength(form)),
  });
  if (form !== null) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    headers.set("accept", "application/json");
  }
  if (originRefusal(new Request(url, { headers }))) throw new Error("refused by the origin rule");
  const body = new ReadableStream({
    start(controller) {
      if (form) controller.enqueue(encoder.encode(form));
      controller.close();
    },
  });
  const init = { method: "POST", headers, body, duplex: "half", signal: new AbortController().signal };
  const response = await handle(new Request(url, init as RequestInit), { clientAddress: "127.0.0.1" });
  if (response.body) await response.arrayBuffer();
  return response.status;
}

// --- the recipients' streams ---------------------------------------------------------------
const waiting = new Map<string, () => void>();
let chunks = 0;
const closers: AbortController[] = [];
await Promise.all(
  conversations.map(async ({ chatId, recipient }) => {
    const controller = new AbortController();
    closers.push(controller);
    const response = await handle(
      new Request(`${ORIGIN}/api/live?feeds=${encodeURIComponent(`chatMessages:${chatId}`)}`, {
        headers: { host: "localhost:3330", cookie: recipient.cookie, accept: "text/event-stream" },
        signal: controller.signal,
      }),
      { clientAddress: "127.0.0.1" },
    );
    if (response.status !== 200 || !response.body) throw new Error(`GET /api/live answered ${response.status}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let opened: () => void = () => {};
    const first = new Promise<void>((resolve) => (opened = resolve));
    void (async () => {
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        if (counting) chunks++;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          opened();
          for (const [text, done] of waiting) if (block.includes(text)) done();
        }
      }
    })();
    await first;
  }),
);

// --- the measured work -----------------------------------------------------------------------
let sequence = 0;
async function inFlight(count: number, one: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await one(next++);
    }),
  );
}
const heartbeats = () =>
  inFlight(CHATS, async (i) => {
    const status = await send("/api/heartbeat", conversations[i].sender.cookie, null);
    if (status !== 204) throw new Error(`POST /api/heartbeat answered ${status}`);
  });
async function messages(): Promise<void> {
  clockOffset += STEP_MS;
  await inFlight(CHATS, async (i) => {
    const { chatId, sender } = conversations[i];
    const text = `Counted message ${sequence++}: shall we practise on Thursday?`;
    const delivered = new Promise<void>((resolve) => waiting.set(text, resolve));
    const status = await send(`/api/chats/${chatId}/messages`, sender.cookie, new URLSearchParams({ text }).toString());
    if (status !== 204) throw new Error(`POST /api/chats/$chatId/messages answered ${status}`);
    await Promise.race([
      delivered,
      new Promise((_, reject) => setTimeout(() => reject(new Error(`not delivered: ${text}`)), 5_000)),
    ]);
    waiting.delete(text);
  });
}

interface Counted {
  statements: number;
  bySql: Record<string, number>;
  jsonParse: number;
  streamChunks: number;
}
async function counted(run: () => Promise<void>): Promise<Counted> {
  statements.clear();
  parses = 0;
  chunks = 0;
  counting = true;
  await run();
  counting = false;
  const per = (n: number) => Math.round((n / CHATS) * 100) / 100;
  const bySql = Object.fromEntries([...statements].sort((a, b) => b[1] - a[1]).map(([sql, n]) => [sql, per(n)]));
  return {
    statements: per([...statements.values()].reduce((a, b) => a + b, 0)),
    bySql,
    jsonParse: per(parses),
    streamChunks: per(chunks),
  };
}

const cpuMs = async (run: () => Promise<void>) => {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / CHATS;
};

const load = () => os.loadavg()[0].toFixed(1);
const startedAt = new Date().toISOString();
const loadBefore = load();
const first = await counted(messages);
await heartbeats(); // warm-up
const heartbeat = await counted(heartbeats);
const later = await counted(messages);
const rounds: { heartbeatMs: number; messageMs: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Alternate which goes first, so a drift in the load favours neither.
  if (round % 2 === 0) {
    const heartbeatMs = await cpuMs(heartbeats);
    rounds.push({ heartbeatMs, messageMs: await cpuMs(messages) });
  } else {
    const messageMs = await cpuMs(messages);
    rounds.push({ heartbeatMs: await cpuMs(heartbeats), messageMs });
  }
}
for (const controller of closers) controller.abort();

const quartiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))];
  return {
    median: Math.round(at(0.5) * 1000) / 1000,
    q1: Math.round(at(0.25) * 1000) / 1000,
    q3: Math.round(at(0.75) * 1000) / 1000,
  };
};
const result = {
  startedAt,
  load: { before: loadBefore, after: load() },
  chats: CHATS,
  counts: { firstMessage: first, laterMessage: later, heartbeat },
  cpuMs: {
    heartbeat: quartiles(rounds.map((r) => r.heartbeatMs)),
    message: quartiles(rounds.map((r) => r.messageMs)),
    ratio: quartiles(rounds.map((r) => r.messageMs / r.heartbeatMs)),
    rounds,
  },
};
const line = (name: string, c: Counted) =>
  `${name}: ${c.statements} statements, ${c.jsonParse} JSON.parse, ${c.streamChunks} stream chunks`;
console.log(
  `Build in ${ROOT}, ${CHATS} conversations, ${startedAt}, load ${result.load.before} → ${result.load.after}`,
);
console.log(line("  later message", later));
for (const [sql, n] of Object.entries(later.bySql))
  console.log(`      ${n}  ${sql.replace(/\s+/g, " ").slice(0, 110)}`);
console.log(line("  first message", first));
console.log(line("  heartbeat", heartbeat));
for (const [sql, n] of Object.entries(heartbeat.bySql))
  console.log(`      ${n}  ${sql.replace(/\s+/g, " ").slice(0, 110)}`);
const q = (x: { median: number; q1: number; q3: number }) => `${x.median} (${x.q1}–${x.q3})`;
console.log(
  `  CPU per request over ${ROUNDS} rounds, ms: message ${q(result.cpuMs.message)}, heartbeat ${q(result.cpuMs.heartbeat)}, ratio ${q(result.cpuMs.ratio)}`,
);
if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(result, null, 2));
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
