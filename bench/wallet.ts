/**
 * Wallet benchmark (`npx tsx bench/wallet.ts`):
 *  1. ledger credits per second on SQLite with concurrent callers (bench/ledger.ts);
 *  2. how long a credit made through the server takes to reach an open live stream
 *     (`GET /api/live?feeds=wallet`), over ≥ 50 test-checkout payments;
 *  3. 1,000 live streams open on one server process: its resident memory, and whether every
 *     stream receives its user's next credit.
 * Parts 2 and 3 build the app if needed and start the production server (remix-serve) on a free
 * port with a fresh data directory and the labelled test checkout (PAYMENTS=test). Members sign
 * up through the app's forms over HTTP. Exits 1 when a target is missed.
 *
 * Tunables: BENCH_SECONDS / BENCH_CALLERS (part 1), BENCH_CREDITS (part 2, default 60),
 * BENCH_USERS (default 50), BENCH_STREAMS (default 1000), BENCH_KEEP_DATA=1.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, ROOT } from "../scripts/lib/build.mjs";
import { freePort, productionEnv, stopServer, waitForHealthy } from "../scripts/lib/server.mjs";
import { printLedgerBench, runLedgerBench } from "./ledger";
import { percentiles } from "./support";

const CREDITS = Number(process.env.BENCH_CREDITS ?? 60);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const TARGET_EVENT_P95_MS = 50;
const TARGET_RSS_MB = 300;
// Each (member, pack) pair gets its own checkout: the checkout API reuses one for the same pair
// within ten seconds, which would turn a second payment into "already closed".
const LATENCY_PACKS = ["test_sp_100", "test_sp_500", "test_sp_1000"] as const;
const FANOUT_PACK = { priceId: "test_sp_3000", sp: 3000 } as const;
const PACK_SP: Record<string, number> = { test_sp_100: 100, test_sp_500: 500, test_sp_1000: 1000 };
const PASSWORD = "bench-password-1234";
const STREAM_TIMEOUT_MS = 15_000;

interface Member {
  email: string;
  cookie: string;
  balance: number;
}

// ---- HTTP helpers -------------------------------------------------------------------------

function sessionCookieOf(response: Response): string | null {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    if (pair.startsWith("skillswap_session=") && pair.length > "skillswap_session=".length) return pair;
  }
  return null;
}

async function postForm(
  baseUrl: string,
  pathname: string,
  form: Record<string, string>,
  cookie = "",
): Promise<Response> {
  const response = await fetch(new URL(pathname, baseUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, cookie },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response;
}

/** Sign-up and profile set-up through the app's forms; the welcome bonus makes the balance 200. */
async function signUp(baseUrl: string, index: number): Promise<Member> {
  const email = `wallet-bench-${Date.now()}-${index}@example.com`;
  const signup = await postForm(baseUrl, "/signup", { email, password: PASSWORD });
  const cookie = sessionCookieOf(signup);
  if (signup.status !== 302 || !cookie) throw new Error(`sign-up of ${email} answered ${signup.status}`);
  const setup = await postForm(baseUrl, "/profile-setup", { fullName: `Bench Member ${index}` }, cookie);
  if (setup.status !== 302) throw new Error(`profile set-up of ${email} answered ${setup.status}`);
  return { email, cookie, balance: 200 };
}

/** Starts a test checkout and answers its id (the test checkout page is /checkout/test/{id}). */
async function startCheckout(baseUrl: string, member: Member, priceId: string): Promise<string> {
  const response = await fetch(new URL("/api/create-checkout-session", baseUrl), {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl, cookie: member.cookie },
    body: JSON.stringify({ priceId }),
  });
  const body = (await response.json()) as { sessionId?: string; error?: string };
  if (!response.ok || !body.sessionId)
    throw new Error(`create-checkout-session answered ${response.status}: ${body.error ?? "no sessionId"}`);
  return body.sessionId;
}

/** Presses Pay on the test checkout page: the server credits the wallet inside this request. */
async function pay(baseUrl: string, member: Member, checkoutId: string): Promise<void> {
  const response = await postForm(baseUrl, `/checkout/test/${checkoutId}`, { intent: "pay" }, member.cookie);
  const location = response.headers.get("location") ?? "";
  if (response.status !== 302 || !location.includes("status=success"))
    throw new Error(`Pay answered ${response.status} → ${location || "no redirect"}`);
}

// ---- Live streams -------------------------------------------------------------------------

/** One open `GET /api/live?feeds=wallet`, parsed as server-sent events. */
class WalletStream {
  balance: number | null = null;
  private waiters: { balance: number; resolve: (at: number) => void }[] = [];
  private readonly abort = new AbortController();

  static async open(baseUrl: string, member: Member): Promise<WalletStream> {
    const stream = new WalletStream();
    const response = await fetch(new URL("/api/live?feeds=wallet", baseUrl), {
      headers: { cookie: member.cookie, accept: "text/event-stream" },
      signal: stream.abort.signal,
    });
    if (response.status !== 200 || !response.body) throw new Error(`/api/live answered ${response.status}`);
    const firstEvent = new Promise<void>((resolve) =>
      stream.waiters.push({ balance: Number.NaN, resolve: () => resolve() }),
    );
    void stream.read(response.body);
    await firstEvent;
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          this.onEvent(buffer.slice(0, end), performance.now());
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Closed by close(), or by the server going away: the waiters time out and say so.
    }
  }

  private onEvent(raw: string, at: number): void {
    let event = "message";
    let data = "";
    for (const line of raw.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data += line.slice(5).trim();
    }
    if (event !== "wallet") return;
    this.balance = (JSON.parse(data) as { balance: number }).balance;
    this.waiters = this.waiters.filter((waiter) => {
      // NaN waits for the first event, whatever it says.
      if (!Number.isNaN(waiter.balance) && waiter.balance !== this.balance) return true;
      waiter.resolve(at);
      return false;
    });
  }

  /** Resolves with the arrival time (performance.now()) of the event showing `balance`. */
  waitForBalance(balance: number, timeoutMs = STREAM_TIMEOUT_MS): Promise<number> {
    if (this.balance === balance) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no wallet event with balance ${balance} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        balance,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      });
    });
  }

  close(): void {
    this.abort.abort();
  }
}

// ---- Server -------------------------------------------------------------------------------

function startServerWithFileLimit(env: NodeJS.ProcessEnv): ChildProcess {
  // Every open stream is a socket; raise the soft limit if it is below what the run needs.
  const script = `[ "$(ulimit -n)" -lt 4096 ] && ulimit -n 4096; exec "$0" server.mjs`;
  return spawn("sh", ["-c", script, process.execPath], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

async function inBatches<T, R>(items: T[], size: number, run: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map((item, i) => run(item, start + i)))));
  }
  return results;
}

// ---- Parts 2 and 3 ------------------------------------------------------------------------

async function creditToEventLatency(baseUrl: string, members: Member[]): Promise<{ problems: string[] }> {
  const latencyMembers = members.slice(0, Math.ceil(CREDITS / LATENCY_PACKS.length));
  const streams = await Promise.all(latencyMembers.map((member) => WalletStream.open(baseUrl, member)));
  const fromSend: number[] = [];
  const fromResponse: number[] = [];
  let beforeResponse = 0;
  try {
    // One credit at a time, so each figure is the path of one credit and not a queue.
    for (let i = 0; i < CREDITS; i++) {
      const memberIndex = i % latencyMembers.length;
      const member = latencyMembers[memberIndex]!;
      const priceId = LATENCY_PACKS[Math.floor(i / latencyMembers.length) % LATENCY_PACKS.length]!;
      const checkoutId = await startCheckout(baseUrl, member, priceId);
      member.balance += PACK_SP[priceId]!;
      const arrived = streams[memberIndex]!.waitForBalance(member.balance);
      const sent = performance.now();
      await pay(baseUrl, member, checkoutId);
      const answered = performance.now();
      const at = await arrived;
      fromSend.push(at - sent);
      fromResponse.push(at - answered);
      if (at <= answered) beforeResponse++;
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  const send = percentiles(fromSend);
  const response = percentiles(fromResponse);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`\n2. credit → live event, ${CREDITS} test-checkout payments through the server, one at a time`);
  console.log(`  from sending Pay to the event     : p50 ${ms(send.p50)}, p95 ${ms(send.p95)}, max ${ms(send.max)}`);
  console.log(
    `  from Pay's response to the event  : p50 ${ms(response.p50)}, p95 ${ms(response.p95)}, max ${ms(response.max)}`,
  );
  console.log(`  events that arrived before Pay's response: ${beforeResponse} of ${CREDITS}`);
  console.log(
    `  (measured without server instrumentation: "sending Pay" precedes the commit, so it is an upper bound of commit → event)`,
  );
  return {
    problems:
      send.p95 < TARGET_EVENT_P95_MS
        ? []
        : [`credit → event p95 ${ms(send.p95)} is not below ${TARGET_EVENT_P95_MS} ms`],
  };
}

async function manyStreams(baseUrl: string, members: Member[], serverPid: number): Promise<{ problems: string[] }> {
  const perMember = Math.ceil(STREAMS / members.length);
  const rssBefore = residentMb(serverPid);
  const opened = performance.now();
  const owners = Array.from({ length: STREAMS }, (_, i) => members[Math.floor(i / perMember)]!);
  const streams = await inBatches(owners, 100, (member) => WalletStream.open(baseUrl, member));
  const openSeconds = (performance.now() - opened) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const rssOpen = residentMb(serverPid);
  const problems: string[] = [];
  try {
    const credited = performance.now();
    const arrivals = streams.map((stream, i) => {
      const expected = owners[i]!.balance + FANOUT_PACK.sp;
      return stream.waitForBalance(expected).then(
        () => true,
        () => false,
      );
    });
    await inBatches(members, 10, async (member) =>
      pay(baseUrl, member, await startCheckout(baseUrl, member, FANOUT_PACK.priceId)),
    );
    for (const member of members) member.balance += FANOUT_PACK.sp;
    const received = (await Promise.all(arrivals)).filter(Boolean).length;
    const fanoutSeconds = (performance.now() - credited) / 1000;
    const rssAfter = residentMb(serverPid);
    console.log(
      `\n3. ${STREAMS} live streams on one server process (${members.length} members × ${perMember} streams)`,
    );
    console.log(`  opened in ${openSeconds.toFixed(1)} s`);
    console.log(
      `  server RSS: ${rssBefore.toFixed(0)} MB before, ${rssOpen.toFixed(0)} MB with the streams open, ${rssAfter.toFixed(0)} MB after the credits (target < ${TARGET_RSS_MB} MB)`,
    );
    console.log(
      `  one credit per member through the server: ${received} of ${STREAMS} streams received their update (${fanoutSeconds.toFixed(1)} s)`,
    );
    if (received !== STREAMS) problems.push(`${STREAMS - received} streams did not receive their update`);
    const peak = Math.max(rssOpen, rssAfter);
    if (peak >= TARGET_RSS_MB) problems.push(`server RSS ${peak.toFixed(0)} MB is not below ${TARGET_RSS_MB} MB`);
  } finally {
    for (const stream of streams) stream.close();
  }
  return { problems };
}

async function main(): Promise<number> {
  const problems: string[] = [];

  console.log("1. ledger credits on SQLite");
  const ledger = await runLedgerBench({
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    callers: Number(process.env.BENCH_CALLERS ?? 50),
  });
  printLedgerBench(ledger);
  if (!ledger.ok) problems.push("the ledger bench missed its target or lost credits");

  ensureBuild();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-wallet-bench-"));
  const env = productionEnv(port, dataDir, {
    PAYMENTS: "test",
    PUBLIC_URL: `http://localhost:${port}`,
    // The bench signs its members up from one address, as the e2e suite does; the throttle meant
    // for strangers (10 an hour) would refuse the eleventh.
    SIGN_UPS_PER_HOUR: String(USERS * 2),
  });
  const server = startServerWithFileLimit(env);
  try {
    // A variable, not a literal: the helper's JSDoc-inferred options type does not list `child`.
    const untilHealthy = { child: server, timeoutMs: 60_000 };
    await waitForHealthy(`${baseUrl}/healthz`, untilHealthy);
    console.log(
      `\nProduction server on ${baseUrl} (pid ${server.pid}, data in ${dataDir}); signing up ${USERS} members…`,
    );
    const members = await inBatches(Array.from({ length: USERS }), 5, (_, i) => signUp(baseUrl, i));
    problems.push(...(await creditToEventLatency(baseUrl, members)).problems);
    problems.push(...(await manyStreams(baseUrl, members, server.pid!)).problems);
  } finally {
    await stopServer(server);
    if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    problems.length === 0 ? "\nAll targets met." : `\nMISSED:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`The benchmark could not run: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
