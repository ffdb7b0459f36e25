// `npm run bench:ssr`: what the pages a real member opens most cost the server, as ratios to the
// cheapest page Remix renders (issue 28).
//
// Builds when needed, starts the production server (cluster.mjs: one worker per core) on a free
// port with a fresh data directory, signs a member up through the app's real forms, then gives
// them what a real member has (bench/seed-member.ts over the demo community: skills and a dozen
// matches, upcoming sessions, 50 ledger entries, 20 notifications, a few chats). Then, in
// interleaved rounds (five by default, at least three), it drives the floor, GET /auth signed out (no
// store read, a small form), and each page with that member's session cookie, one after the other
// (floor, page, floor, page, …, floor) using autocannon, so each page's figure has a floor figure
// taken on either side of it. The figure that counts is the server's CPU time per request (all
// workers, from /proc on Linux: far less noisy than req/s on a shared machine); per page it prints
// the median ratio of that to the mean of its two floors' over the rounds and its spread (min–max), beside req/s and p99 (for the record,
// without targets). Targets: /dashboard ≤ 2.5 × the floor, every other page ≤ 3 ×, no non-2xx
// response. Exits 1 when one is missed. GET /healthz (the server without Remix) is measured once.
// The load average is printed at the start and the end: ratios taken on a busy machine are noisier.
// Results are also saved to bench/results/.
//
// Tunables: BENCH_PORT (a free one), BENCH_CONNECTIONS (50), BENCH_DURATION seconds per run (5), BENCH_ROUNDS (5, at least
// 3), BENCH_PAGES (comma-separated paths, $chat for the conversation, $thread for the forum
// thread; a path ending in @<language> is requested in that language: the default /dashboard@es beside
// /dashboard is issue 30's Spanish-vs-English figure, at most 1.1 × in the same run), BENCH_KEEP_DATA=1, BENCH_CPU_PROF=<dir> (each server process writes a V8 CPU profile
// there when it stops; open it in Chrome's DevTools or speedscope).
import { saveResults } from "./lib/results.mjs";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild, ROOT } from "../scripts/lib/build.mjs";
import { cpuTicks } from "../scripts/lib/proc.mjs";
import { isWholeDocument } from "./document.mjs";
import { freePort, productionEnv, startServer, stopServer, waitForHealthy } from "../scripts/lib/server.mjs";
import { request, seedRealisticMember, signUp } from "./lib/member.mjs";

const BENCH_PATH = "/dashboard";
const BASELINE_PATH = "/healthz";
/** The cheapest document the app renders (signed out, no store read): what any page costs at least. */
const FLOOR_PATH = "/auth";
const PAGES = (
  process.env.BENCH_PAGES ??
  "/dashboard,/dashboard@es,/matches,/inbox/$chat,/calendar,/community,/community/$thread,/wallet"
).split(",");

const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = "bench-password-1234";
const FULL_NAME = "Bench Marker";

// ---- Targets: CPU per request as a multiple of the floor's, measured in the same run (issue 28) ----
const DEFAULT_MAX_RATIO = 3;
const MAX_RATIO = { "/dashboard": 2.5 };
/** A page in another language costs at most this much more than the same page in English (issue 30). */
const MAX_LANGUAGE_COST = 1.1;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 5));

/** A page's name in the table: ids replaced by what they stand for. */
const pageName = (pathname) =>
  pathname.replace(/^\/inbox\/[^/?]+/, "/inbox/$chatId").replace(/^\/community\/[^/?]+/, "/community/$threadId");

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round2 = (n) => Math.round(n * 100) / 100;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

async function signIn(baseUrl) {
  const jar = await signUp(baseUrl, { email: EMAIL, password: PASSWORD, fullName: FULL_NAME });
  const { response } = await request(baseUrl, jar, BENCH_PATH);
  if (response.status !== 200) {
    const where = response.headers.get("location");
    throw new Error(
      `GET ${BENCH_PATH} with the session answered ${response.status}${where ? ` → ${where}` : ""}, not 200`,
    );
  }
  return jar.header;
}

/**
 * Waits until the server has finished the work of the previous run: requests that autocannon gave
 * up on at the end of its window are still being rendered, and their CPU time would be counted
 * against the next page. Quiet: under 2 % of one core over half a second (or after a minute).
 */
async function serverQuiet(serverPid) {
  const started = Date.now();
  let last = cpuTicks(serverPid);
  while (last !== null && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTicks(serverPid);
    if (now === null || now - last <= 1) return;
    last = now;
  }
}

/** Load on one path, unmeasured, so that V8 has optimised its code before the rounds. */
async function warmUp(baseUrl, pathname, headers) {
  await autocannon({ url: new URL(pathname, baseUrl).href, connections: CONNECTIONS, headers, duration: DURATION_S });
}

async function load(baseUrl, pathname, headers, serverPid, { document = true } = {}) {
  const options = { url: new URL(pathname, baseUrl).href, connections: CONNECTIONS, headers };
  // A render cut off by the server's abort timer still answers 200: only its body tells.
  if (document) options.verifyBody = isWholeDocument;
  await serverQuiet(serverPid);
  const ticksBefore = cpuTicks(serverPid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const ticksAfter = cpuTicks(serverPid);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  const cutOff = result.mismatches ?? 0;
  const served = result.requests.total - cutOff;
  return {
    path: pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // USER_HZ is 100 on Linux: a tick is 10 ms.
    cpuMsPerRequest:
      ticksBefore === null || ticksAfter === null || served === 0 ? null : ((ticksAfter - ticksBefore) * 10) / served,
    total: served,
    non2xx: result.non2xx,
    cutOff,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

function print(run) {
  console.log(
    `  GET ${pageName(run.path).slice(0, 24).padEnd(24)} ${String(run.requestsPerSecond).padStart(6)} req/s   ` +
      `p50 ${String(run.p50).padStart(4)} ms   p99 ${String(run.p99).padStart(4)} ms   ` +
      `CPU ${run.cpuMsPerRequest === null ? "?" : run.cpuMsPerRequest.toFixed(2)} ms/req   ` +
      `non-2xx ${run.non2xx}   cut off ${run.cutOff}   errors ${run.errors}   [${run.statuses}]`,
  );
}

async function main() {
  ensureBuild();

  const loadAtStart = loadAverage();
  let loadAtEnd = loadAtStart;
  console.log(`Load average at the start: ${loadAtStart} (1, 5, 15 min) on ${os.cpus().length} cores`);
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-bench-"));
  const env = productionEnv(port, dataDir, { PAYMENTS: "test" });
  // The server's per-request log goes nowhere: writing it to our terminal would cost CPU
  // that the benchmark should measure. Its errors still show.
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const server = startServer({ env, stdio: ["ignore", "ignore", "inherit"], nodeArgs });
  let failed = false;
  try {
    console.log(`Starting the production server on ${baseUrl} (data in ${dataDir})…`);
    await waitForHealthy(`${baseUrl}/healthz`, { child: server });

    console.log(`Signing up ${EMAIL} through the forms…`);
    const cookie = await signIn(baseUrl);
    console.log("Giving the member a real member's data (demo community, bench/seed-member.ts)…");
    const { chatId, threadId } = seedRealisticMember(env, EMAIL);
    const pages = PAGES.map((page) => page.replace("$chat", chatId).replace("$thread", threadId));
    const headers = { cookie, accept: "text/html" };
    // "/dashboard@es": the same page with the `lang` cookie of that language (decision 049).
    const pathOf = (page) => page.split("@")[0];
    const headersFor = (page) => {
      const language = page.split("@")[1];
      return language ? { ...headers, cookie: `${cookie}; lang=${language}` } : headers;
    };
    for (const page of pages) {
      const response = await fetch(new URL(pathOf(page), baseUrl), { headers: headersFor(page), redirect: "manual" });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status} before the load, not 200`);
      if (!isWholeDocument(body)) throw new Error(`GET ${page} did not render a whole page before the load`);
      const language = page.split("@")[1];
      if (language && !body.includes(`<html lang="${language}"`))
        throw new Error(
          `GET ${page} did not render in ${language} (the member's profile language wins over the cookie)`,
        );
    }

    console.log(
      `\nLoad: ${CONNECTIONS} connections for ${DURATION_S} s per run on ${os.cpus().length} cores, ` +
        `${ROUNDS} rounds of floor (GET ${FLOOR_PATH} signed out) then page, and the floor once more at the end`,
    );
    const floorHeaders = { accept: "text/html" };
    /** Per page: its runs, each with the floor runs taken just before and just after it. */
    const pairs = new Map(pages.map((page) => [page, []]));
    /** Every measured run in the order taken: floor, page, floor, page, …, floor. */
    const sequence = [];
    // The floor warmed up over its first few runs (6.2 → 1.4 ms CPU/request on a busy machine):
    // a warm-up run of every path first, as long as a measured one.
    console.log(`Warm-up: ${DURATION_S} s on each path, not measured (load average ${loadAverage()})`);
    await warmUp(baseUrl, FLOOR_PATH, floorHeaders);
    for (const page of pages) await warmUp(baseUrl, pathOf(page), headersFor(page));
    for (let roundNo = 1; roundNo <= ROUNDS; roundNo++) {
      console.log(`Round ${roundNo} of ${ROUNDS} (load average ${loadAverage()})`);
      for (const page of pages) {
        const floor = await load(baseUrl, FLOOR_PATH, floorHeaders, server.pid);
        print(floor);
        const run = { ...(await load(baseUrl, pathOf(page), headersFor(page), server.pid)), path: page };
        print(run);
        sequence.push(floor, run);
      }
    }
    const lastFloor = await load(baseUrl, FLOOR_PATH, floorHeaders, server.pid);
    print(lastFloor);
    sequence.push(lastFloor);
    // The floor drifts within a run (1.40–2.12 ms CPU/request in one idle run): a page is compared
    // with the mean of the floor runs on either side of it, which cancels a steady drift and halves
    // what one odd floor run can do to its ratio.
    for (let i = 1; i < sequence.length; i += 2)
      pairs.get(sequence[i].path).push({ before: sequence[i - 1], run: sequence[i], after: sequence[i + 1] });
    await warmUp(baseUrl, BASELINE_PATH, {});
    const baseline = await load(baseUrl, BASELINE_PATH, {}, server.pid, { document: false });
    print(baseline);
    loadAtEnd = loadAverage();

    const problems = [];
    for (const run of [...sequence, baseline]) {
      if (run.non2xx > 0) problems.push(`GET ${run.path} answered ${run.non2xx} non-2xx responses (${run.statuses})`);
      if (run.cutOff > 0)
        problems.push(`GET ${run.path} answered ${run.cutOff} pages cut off before their data was all rendered`);
      if (run.errors > 0) problems.push(`GET ${run.path} had ${run.errors} connection errors`);
      if (run.total === 0) problems.push(`GET ${run.path} completed no request in ${DURATION_S} s`);
    }

    const summaries = pages.map((page) => {
      const list = pairs.get(page);
      const ratios = list
        .filter(
          ({ before, run, after }) => before.cpuMsPerRequest && after.cpuMsPerRequest && run.cpuMsPerRequest !== null,
        )
        .map(({ before, run, after }) => run.cpuMsPerRequest / ((before.cpuMsPerRequest + after.cpuMsPerRequest) / 2));
      const name = pageName(page);
      const maxRatio = MAX_RATIO[name.split("@")[0]] ?? DEFAULT_MAX_RATIO;
      const ratio = ratios.length === list.length ? median(ratios) : null;
      const runs = list.map(({ run }) => run);
      const floors = list.flatMap(({ before, after }) => [before, after]);
      const summary = {
        page: name,
        path: page,
        requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
        p99: median(runs.map((r) => r.p99)),
        cpuMsPerRequest: ratio === null ? null : round2(median(runs.map((r) => r.cpuMsPerRequest))),
        floorCpuMsPerRequest: ratio === null ? null : round2(median(floors.map((r) => r.cpuMsPerRequest))),
        ratio: ratio === null ? null : round2(ratio),
        ratioMin: ratio === null ? null : round2(Math.min(...ratios)),
        ratioMax: ratio === null ? null : round2(Math.max(...ratios)),
        maxRatio,
        // A page cut off by the abort timer answered 200 but failed all the same.
        non2xx: [...runs, ...floors].reduce((sum, r) => sum + r.non2xx + r.cutOff, 0),
        errors: [...runs, ...floors].reduce((sum, r) => sum + r.errors, 0),
      };
      if (summary.ratio === null)
        problems.push(`GET ${name}: no ratio (a run served no request, or /proc is not readable)`);
      else if (summary.ratio > maxRatio)
        problems.push(`GET ${name}: CPU per request ${summary.ratio} × the floor's, above the target of ${maxRatio} ×`);
      return summary;
    });
    // "/dashboard@es" beside "/dashboard": what rendering in another language costs, as the ratio of
    // the two pages' ratios to their floors (each taken next to its own floor, in the same run).
    const languageCosts = summaries
      .filter((s) => s.page.includes("@"))
      .map((s) => {
        const english = summaries.find((other) => other.page === s.page.split("@")[0]);
        if (!english || s.ratio === null || english.ratio === null) return null;
        return { page: s.page, english: english.page, cost: round2(s.ratio / english.ratio) };
      })
      .filter(Boolean);
    for (const { page, english, cost } of languageCosts)
      if (cost > MAX_LANGUAGE_COST)
        problems.push(`GET ${page}: CPU per request ${cost} × ${english}'s in English, above ${MAX_LANGUAGE_COST} ×`);
    const floorRuns = sequence.filter((run) => run.path === FLOOR_PATH);
    const floorSummary = {
      requestsPerSecond: Math.round(median(floorRuns.map((r) => r.requestsPerSecond))),
      p99: median(floorRuns.map((r) => r.p99)),
      cpuMsPerRequest: floorRuns.some((r) => r.cpuMsPerRequest === null)
        ? null
        : round2(median(floorRuns.map((r) => r.cpuMsPerRequest))),
      cpuMin: floorRuns.some((r) => r.cpuMsPerRequest === null)
        ? null
        : round2(Math.min(...floorRuns.map((r) => r.cpuMsPerRequest))),
      cpuMax: floorRuns.some((r) => r.cpuMsPerRequest === null)
        ? null
        : round2(Math.max(...floorRuns.map((r) => r.cpuMsPerRequest))),
      non2xx: floorRuns.reduce((sum, r) => sum + r.non2xx + r.cutOff, 0),
    };

    // The ratio table, and one row per page in the shape `npm run bench` (bench/all.mjs) prints.
    const fmt = (n) => (n === null ? "?" : n.toFixed(2));
    console.log(
      `\nCPU per request as a multiple of GET ${FLOOR_PATH} signed out's, median of ${ROUNDS} rounds (min–max):`,
    );
    console.log(
      `  ${"page".padEnd(22)} ${"req/s".padStart(6)} ${"p99 ms".padStart(7)} ${"CPU ms/req".padStart(11)} ${"ratio".padStart(6)}  ${"spread".padEnd(14)} target  failed`,
    );
    console.log(
      `  ${`${FLOOR_PATH} (floor)`.padEnd(22)} ${String(floorSummary.requestsPerSecond).padStart(6)} ${String(floorSummary.p99).padStart(7)} ` +
        `${fmt(floorSummary.cpuMsPerRequest).padStart(11)} ${"1.00".padStart(6)}  ${`${fmt(floorSummary.cpuMin)}–${fmt(floorSummary.cpuMax)} ms`.padEnd(14)}   —     ${floorSummary.non2xx}`,
    );
    for (const s of summaries) {
      const met = s.ratio !== null && s.ratio <= s.maxRatio;
      console.log(
        `  ${s.page.padEnd(22)} ${String(s.requestsPerSecond).padStart(6)} ${String(s.p99).padStart(7)} ` +
          `${fmt(s.cpuMsPerRequest).padStart(11)} ${fmt(s.ratio).padStart(6)}  ${`${fmt(s.ratioMin)}–${fmt(s.ratioMax)}`.padEnd(14)} ≤ ${String(s.maxRatio).padEnd(4)} ${String(s.non2xx).padStart(3)}  ${met && s.non2xx === 0 ? "met" : "MISSED"}`,
      );
    }
    console.log(
      `  GET ${BASELINE_PATH} (no Remix): ${baseline.requestsPerSecond} req/s, p99 ${baseline.p99} ms, ${fmt(baseline.cpuMsPerRequest)} ms CPU/req`,
    );

    for (const { page, english, cost } of languageCosts)
      console.log(
        `  ${page} costs ${cost.toFixed(2)} × ${english} in English (target ≤ ${MAX_LANGUAGE_COST.toFixed(2)}): ${cost <= MAX_LANGUAGE_COST ? "met" : "MISSED"}`,
      );

    const rows = summaries.map((s) => ({
      benchmark: `bench:ssr GET ${s.page}`,
      figure:
        `${fmt(s.ratio)} × the floor's CPU/req (${fmt(s.ratioMin)}–${fmt(s.ratioMax)} over ${ROUNDS} rounds), ` +
        `${fmt(s.cpuMsPerRequest)} ms CPU/req, ${s.requestsPerSecond} req/s, p99 ${s.p99} ms, failed (non-2xx or cut off) ${s.non2xx}`,
      target: `≤ ${s.maxRatio} × GET ${FLOOR_PATH}, no non-2xx or cut-off page`,
      met: s.ratio !== null && s.ratio <= s.maxRatio && s.non2xx === 0 && s.errors === 0,
    }));
    for (const { page, english, cost } of languageCosts)
      rows.push({
        benchmark: `bench:ssr GET ${page} beside ${english}`,
        figure: `${cost.toFixed(2)} × the CPU/req of ${english} in English (ratios to the floor, same run)`,
        target: `≤ ${MAX_LANGUAGE_COST} ×`,
        met: cost <= MAX_LANGUAGE_COST,
      });
    rows.push({
      benchmark: `bench:ssr GET ${FLOOR_PATH} signed out (the floor)`,
      figure:
        `${fmt(floorSummary.cpuMsPerRequest)} ms CPU/req (${fmt(floorSummary.cpuMin)}–${fmt(floorSummary.cpuMax)}), ` +
        `${floorSummary.requestsPerSecond} req/s, p99 ${floorSummary.p99} ms; load average ${loadAtStart} at the start, ${loadAtEnd} at the end`,
      target: "(baseline) no non-2xx",
      met: floorSummary.non2xx === 0 && floorRuns.every((r) => r.errors === 0),
    });
    rows.push({
      benchmark: `bench:ssr GET ${BASELINE_PATH}`,
      figure: `${baseline.requestsPerSecond} req/s, p99 ${baseline.p99} ms, ${fmt(baseline.cpuMsPerRequest)} ms CPU/req`,
      target: "(baseline) no non-2xx",
      met: baseline.non2xx === 0 && baseline.errors === 0,
    });

    const file = saveResults("ssr", {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      rounds: ROUNDS,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      member: "signed up through the forms, then bench/seed-member.ts over the demo community",
      pages: summaries,
      languageCosts,
      floor: floorSummary,
      pairs: Object.fromEntries([...pairs].map(([page, list]) => [pageName(page), list])),
      baseline,
      rows,
      problems,
    });

    console.log(
      `\nTargets: CPU per request ≤ ${MAX_RATIO["/dashboard"]} × the floor's for /dashboard, ≤ ${DEFAULT_MAX_RATIO} × for every other page; ` +
        `a page in another language ≤ ${MAX_LANGUAGE_COST} × the same page in English; no non-2xx`,
    );
    if (problems.length) {
      failed = true;
      for (const problem of problems) console.log(`  MISSED: ${problem}`);
    } else {
      console.log("  met");
    }
    console.log(`Saved ${path.relative(ROOT, file)}`);
  } catch (error) {
    failed = true;
    console.error(`The benchmark could not run: ${error.message}`);
  } finally {
    await stopServer(server);
    console.log(`Load average at the end: ${loadAverage()} (at the start: ${loadAtStart})`);
    if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
