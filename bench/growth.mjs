// `npm run bench:growth`: does a request cost more as the community grows (issue 28)?
//
// Fills two fresh embedded stores (bench/growth-seed.ts, straight through the store): a small
// community of 100 members and 1,000 forum posts, and a large one of 10,000 members and 100,000
// posts, each with one signed-in member who teaches and wants popular skills. Starts the production
// server (cluster.mjs) on each, then in interleaved rounds (at least three: small, large, next page,
// …) drives /matches, /community and the member directory (/members) with that member's session,
// and reads each server's CPU time per request from /proc. Per page it prints both figures
// (medians over the rounds) and the median of the large ÷ small ratios with its spread. Target:
// every ratio ≤ 1.5 ×, no non-2xx or cut-off page. Exits 1 on a miss. Results go to
// bench/results/growth-<time>.json and one row per page to `npm run bench`.
//
// Tunables: BENCH_GROWTH_MEMBERS (10000), BENCH_GROWTH_POSTS (100000) for the large community,
// BENCH_CONNECTIONS (20), BENCH_DURATION seconds per run (5), BENCH_ROUNDS (3, at least 3),
// BENCH_PAGES (comma-separated paths), BENCH_KEEP_DATA=1, BENCH_PORT (the small community's server;
// the large one's is the next port; free ones when unset).
import { saveResults } from "./lib/results.mjs";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { bin, ensureBuild, ROOT } from "../scripts/lib/build.mjs";
import { cpuTicks } from "../scripts/lib/proc.mjs";
import { freePort, productionEnv, startServer, stopServer, waitForHealthy } from "../scripts/lib/server.mjs";
import { isWholeDocument } from "./document.mjs";

const MAX_RATIO = 1.5;
const PAGES = (process.env.BENCH_PAGES ?? "/matches,/community,/members").split(",");
const COMMUNITIES = [
  { name: "small", members: 100, posts: 1_000 },
  {
    name: "large",
    members: Number(process.env.BENCH_GROWTH_MEMBERS ?? 10_000),
    posts: Number(process.env.BENCH_GROWTH_POSTS ?? 100_000),
  },
];
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));

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

/** Fills a community's store in its own process; answers the signed-in member's cookie. */
function seed(env, community) {
  const result = spawnSync(bin("tsx"), ["bench/growth-seed.ts", String(community.members), String(community.posts)], {
    cwd: ROOT,
    env,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`Seeding the ${community.name} community failed: ${result.stderr}`);
  const lines = result.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

/** The bytes a store's directory holds (the SQLite file, its WAL and anything beside them). */
function diskBytes(dir) {
  return readdirSync(dir, { recursive: true }).reduce((sum, name) => {
    const stat = statSync(path.join(dir, name));
    return stat.isFile() ? sum + stat.size : sum;
  }, 0);
}

/** Waits until a server is quiet (under 2 % of a core over half a second), as bench:ssr does. */
async function serverQuiet(pid) {
  const started = Date.now();
  let last = cpuTicks(pid);
  while (last !== null && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuTicks(pid);
    if (now === null || now - last <= 1) return;
    last = now;
  }
}

async function load(community, pathname, { measure = true } = {}) {
  const options = {
    url: new URL(pathname, community.baseUrl).href,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { cookie: community.cookie, accept: "text/html" },
    verifyBody: isWholeDocument,
  };
  if (!measure) return autocannon(options);
  await serverQuiet(community.server.pid);
  const before = cpuTicks(community.server.pid);
  const result = await autocannon(options);
  const after = cpuTicks(community.server.pid);
  const cutOff = result.mismatches ?? 0;
  const served = result.requests.total - cutOff;
  const run = {
    community: community.name,
    path: pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    // USER_HZ is 100: a tick is 10 ms.
    cpuMsPerRequest: before === null || after === null || served === 0 ? null : ((after - before) * 10) / served,
    served,
    failed: result.non2xx + cutOff,
    errors: result.errors,
  };
  console.log(
    `  ${community.name.padEnd(5)} GET ${pathname.padEnd(12)} ${String(run.requestsPerSecond).padStart(5)} req/s  ` +
      `p99 ${String(run.p99).padStart(5)} ms  CPU ${run.cpuMsPerRequest?.toFixed(2) ?? "?"} ms/req  ` +
      `failed ${run.failed}  errors ${run.errors}`,
  );
  return run;
}

async function main() {
  ensureBuild();
  const loadAtStart = loadAverage();
  console.log(`Load average at the start: ${loadAtStart} (1, 5, 15 min) on ${os.cpus().length} cores`);
  const communities = [];
  let failed = false;
  // Stopped (Ctrl-C, a kill): the servers it started go too, and their stores.
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, async () => {
      for (const community of communities) {
        await stopServer(community.server);
        if (!process.env.BENCH_KEEP_DATA) rmSync(community.dataDir, { recursive: true, force: true });
      }
      process.exit(1);
    });
  try {
    for (const [i, size] of COMMUNITIES.entries()) {
      const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + i : await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `skillswap-growth-${size.name}-`));
      const env = productionEnv(port, dataDir, {
        PAYMENTS: "test",
        LOG_REQUESTS: "0",
        PUBLIC_URL: `http://localhost:${port}`,
        SESSION_SECRET: randomBytes(24).toString("hex"),
      });
      const community = { ...size, dataDir, baseUrl: `http://localhost:${port}`, server: null, cookie: "" };
      communities.push(community);
      console.log(`Filling the ${size.name} community: ${size.members} members, ${size.posts} posts (${dataDir})…`);
      const seeded = seed(env, size);
      community.cookie = seeded.cookie;
      community.diskMB = Math.round(diskBytes(dataDir) / 1e5) / 10;
      console.log(
        `  written in ${seeded.seconds} s (${seeded.posts} posts in ${seeded.threads} threads), ` +
          `${community.diskMB} MB on disk (load average ${loadAverage()})`,
      );
      // The figures are only the issue's when the community is the size it names.
      if (seeded.posts !== size.posts || seeded.members !== size.members)
        throw new Error(
          `The ${size.name} community holds ${seeded.members} members and ${seeded.posts} posts, not ${size.members} and ${size.posts}`,
        );
      community.seconds = seeded.seconds;
      community.server = startServer({ env, stdio: ["ignore", "ignore", "inherit"] });
      await waitForHealthy(`${community.baseUrl}/healthz`, { child: community.server });
      for (const page of PAGES) {
        const response = await fetch(new URL(page, community.baseUrl), {
          headers: { cookie: community.cookie, accept: "text/html" },
          redirect: "manual",
        });
        const body = await response.text();
        if (response.status !== 200 || !isWholeDocument(body))
          throw new Error(`GET ${page} in the ${size.name} community answered ${response.status}, not a whole page`);
      }
    }

    console.log(
      `\nLoad: ${CONNECTIONS} connections for ${DURATION_S} s per run, ${ROUNDS} rounds of small then large ` +
        `per page (load average ${loadAverage()}); a warm-up run of each first, not measured`,
    );
    for (const page of PAGES) for (const community of communities) await load(community, page, { measure: false });
    const runs = new Map(PAGES.map((page) => [page, []]));
    for (let roundNo = 1; roundNo <= ROUNDS; roundNo++) {
      console.log(`Round ${roundNo} of ${ROUNDS} (load average ${loadAverage()})`);
      for (const page of PAGES) {
        const [small, large] = [await load(communities[0], page), await load(communities[1], page)];
        runs.get(page).push({ small, large });
      }
    }
    const loadAtEnd = loadAverage();

    const fmt = (n) => (n === null ? "?" : n.toFixed(2));
    const [small, large] = communities;
    const summaries = PAGES.map((page) => {
      const pairs = runs.get(page);
      const complete = pairs.every((p) => p.small.cpuMsPerRequest && p.large.cpuMsPerRequest !== null);
      const ratios = complete ? pairs.map((p) => p.large.cpuMsPerRequest / p.small.cpuMsPerRequest) : [];
      const failures = pairs.reduce((n, p) => n + p.small.failed + p.large.failed + p.small.errors + p.large.errors, 0);
      const ratio = complete ? round2(median(ratios)) : null;
      return {
        page,
        smallCpuMsPerRequest: complete ? round2(median(pairs.map((p) => p.small.cpuMsPerRequest))) : null,
        largeCpuMsPerRequest: complete ? round2(median(pairs.map((p) => p.large.cpuMsPerRequest))) : null,
        ratio,
        ratioMin: complete ? round2(Math.min(...ratios)) : null,
        ratioMax: complete ? round2(Math.max(...ratios)) : null,
        failures,
        met: ratio !== null && ratio <= MAX_RATIO && failures === 0,
      };
    });

    console.log(
      `\nCPU per request, ${large.members.toLocaleString("en")} members and ${large.posts.toLocaleString("en")} posts ` +
        `against ${small.members} members and ${small.posts.toLocaleString("en")} posts (medians of ${ROUNDS} rounds):`,
    );
    console.log(
      `  ${"page".padEnd(12)} ${"small ms".padStart(9)} ${"large ms".padStart(9)} ${"ratio".padStart(6)}  spread        target  failed`,
    );
    for (const s of summaries)
      console.log(
        `  ${s.page.padEnd(12)} ${fmt(s.smallCpuMsPerRequest).padStart(9)} ${fmt(s.largeCpuMsPerRequest).padStart(9)} ` +
          `${fmt(s.ratio).padStart(6)}  ${`${fmt(s.ratioMin)}–${fmt(s.ratioMax)}`.padEnd(12)}  ≤ ${MAX_RATIO}   ${String(s.failures).padStart(4)}  ${s.met ? "met" : "MISSED"}`,
      );
    const rows = summaries.map((s) => ({
      benchmark: `bench:growth GET ${s.page}`,
      figure:
        `${fmt(s.ratio)} × (${fmt(s.ratioMin)}–${fmt(s.ratioMax)}): ${fmt(s.largeCpuMsPerRequest)} ms CPU/req with ` +
        `${large.members.toLocaleString("en")} members and ${large.posts.toLocaleString("en")} posts, ` +
        `${fmt(s.smallCpuMsPerRequest)} ms with ${small.members} and ${small.posts.toLocaleString("en")}; load ${loadAtStart} → ${loadAtEnd}`,
      target: `≤ ${MAX_RATIO} ×, no non-2xx or cut-off page`,
      met: s.met,
    }));
    const file = saveResults("growth", {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      rounds: ROUNDS,
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      communities: communities.map(({ name, members, posts, seconds, diskMB }) => ({
        name,
        members,
        posts,
        seedSeconds: seconds,
        diskMB,
      })),
      pages: summaries,
      runs: Object.fromEntries(runs),
      rows,
    });
    failed = summaries.some((s) => !s.met);
    console.log(
      `\nTarget: CPU per request with the large community ≤ ${MAX_RATIO} × that with the small one: ${failed ? "MISSED" : "met"}`,
    );
    console.log(`Saved ${path.relative(ROOT, file)}`);
  } catch (error) {
    failed = true;
    console.error(`The benchmark could not run: ${error.message}`);
  } finally {
    for (const community of communities) {
      await stopServer(community.server);
      if (!process.env.BENCH_KEEP_DATA) rmSync(community.dataDir, { recursive: true, force: true });
    }
    console.log(`Load average at the end: ${loadAverage()} (at the start: ${loadAtStart})`);
  }
  process.exit(failed ? 1 : 0);
}

await main();
