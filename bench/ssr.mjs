// `npm run bench:ssr`: server-side rendering throughput of the pages a real member opens most.
//
// Builds when needed, starts the production server (cluster.mjs: one worker per core) on a free
// port with a fresh data directory, signs a member up through the app's real forms, then gives
// them what a real member has (bench/seed-member.ts over the demo community: skills and a dozen
// matches, upcoming sessions, 50 ledger entries, 20 notifications, a few chats). Drives GET
// /dashboard, /matches, /inbox/$chatId, /calendar and /community with that member's session cookie
// using autocannon, and two baselines: GET /healthz (the server without Remix) and GET /auth signed
// out (the cheapest page Remix renders: no store read, a small form). Prints requests/s, p50/p99
// latency, non-2xx counts and the server's CPU time per request (all workers, from /proc on Linux: less noisy than
// req/s on a shared machine); exits 1 if any response was not a 2xx or /dashboard misses its
// targets. Results are also saved to bench/results/.
//
// Tunables: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10), BENCH_PAGES (comma-separated
// paths, $chat for the conversation), BENCH_KEEP_DATA=1, BENCH_CPU_PROF=<dir> (each server process
// writes a V8 CPU profile there when it stops; open it in Chrome's DevTools or speedscope).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { bin, ensureBuild, ROOT } from "../scripts/lib/build.mjs";
import { cpuTicks } from "../scripts/lib/proc.mjs";
import { freePort, startServer, stopServer, waitForHealthy, withoutShellOverrides } from "../scripts/lib/server.mjs";

// ---- The app's forms: adjust here if a route or field is renamed. ----
const SIGNUP_PATH = "/signup";
const SIGNUP_EMAIL_FIELD = "email";
const SIGNUP_PASSWORD_FIELD = "password";
const SIGNUP_EXTRA_FIELDS = {}; // e.g. { confirmPassword: PASSWORD } if the form grows one
const PROFILE_SETUP_PATH = "/profile-setup";
const PROFILE_FULL_NAME_FIELD = "fullName";
const PROFILE_EXTRA_FIELDS = {};
const BENCH_PATH = "/dashboard";
const BASELINE_PATH = "/healthz";
/** The cheapest document the app renders (signed out, no store read): what any page costs at least. */
const FLOOR_PATH = "/auth";
const PAGES = (process.env.BENCH_PAGES ?? "/dashboard,/matches,/inbox/$chat,/calendar,/community").split(",");

const EMAIL = `bench-${Date.now()}@example.com`;
const PASSWORD = "bench-password-1234";
const FULL_NAME = "Bench Marker";

// ---- Targets (2 cores) ----
const TARGET_RPS = 500;
const TARGET_P99_MS = 100;

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

/** A minimal cookie jar: name → value, updated from Set-Cookie headers. */
class CookieJar {
  #cookies = new Map();
  update(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some(
        (a) => /^max-age=\s*(0|-\d+)$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) <= Date.now()),
      );
      if (expired || value === "") this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }
  get header() {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  get size() {
    return this.#cookies.size;
  }
}

/** One request without automatic redirects; records cookies; returns the response and its body. */
async function request(baseUrl, jar, pathname, { method = "GET", form } = {}) {
  const headers = { cookie: jar.header, accept: "text/html" };
  let body;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    headers.origin = baseUrl; // actions check the request's origin
    body = new URLSearchParams(form).toString();
  }
  const response = await fetch(new URL(pathname, baseUrl), { method, headers, body, redirect: "manual" });
  jar.update(response);
  return { response, text: await response.text() };
}

/** Submits a form and follows the redirects by hand (GET each Location); returns the final path. */
async function submitAndFollow(baseUrl, jar, pathname, form) {
  let { response, text } = await request(baseUrl, jar, pathname, { method: "POST", form });
  let at = pathname;
  const trail = [`POST ${pathname} → ${response.status}`];
  for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 10; hops++) {
    const location = response.headers.get("location");
    if (!location) break;
    const next = new URL(location, new URL(at, baseUrl));
    at = next.pathname + next.search;
    ({ response, text } = await request(baseUrl, jar, at));
    trail.push(`GET ${at} → ${response.status}`);
  }
  if (response.status >= 400) {
    const snippet = text
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .slice(0, 300);
    throw new Error(`${trail.join(", ")}: the app refused the form (${snippet})`);
  }
  return { path: new URL(at, baseUrl).pathname, trail };
}

async function signIn(baseUrl) {
  const jar = new CookieJar();
  const signup = await submitAndFollow(baseUrl, jar, SIGNUP_PATH, {
    [SIGNUP_EMAIL_FIELD]: EMAIL,
    [SIGNUP_PASSWORD_FIELD]: PASSWORD,
    ...SIGNUP_EXTRA_FIELDS,
  });
  console.log(`  sign-up: ${signup.trail.join(", ")}`);
  const profile = await submitAndFollow(baseUrl, jar, PROFILE_SETUP_PATH, {
    [PROFILE_FULL_NAME_FIELD]: FULL_NAME,
    ...PROFILE_EXTRA_FIELDS,
  });
  console.log(`  profile setup: ${profile.trail.join(", ")}`);
  if (jar.size === 0) throw new Error("no session cookie was set by sign-up");

  const { response } = await request(baseUrl, jar, BENCH_PATH);
  if (response.status !== 200) {
    const where = response.headers.get("location");
    throw new Error(
      `GET ${BENCH_PATH} with the session answered ${response.status}${where ? ` → ${where}` : ""}, not 200`,
    );
  }
  return jar.header;
}

async function load(baseUrl, pathname, headers, serverPid) {
  const options = { url: new URL(pathname, baseUrl).href, connections: CONNECTIONS, headers };
  // A short warm-up so the JIT and caches are hot before measuring.
  await autocannon({ ...options, connections: Math.min(10, CONNECTIONS), duration: 2 });
  const ticksBefore = cpuTicks(serverPid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const ticksAfter = cpuTicks(serverPid);
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  const served = result.requests.total;
  return {
    path: pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // USER_HZ is 100 on Linux: a tick is 10 ms.
    cpuMsPerRequest:
      ticksBefore === null || ticksAfter === null || served === 0
        ? null
        : Math.round(((ticksAfter - ticksBefore) * 10 * 100) / served) / 100,
    total: served,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

function print(run) {
  console.log(
    `  GET ${run.path.slice(0, 24).padEnd(24)} ${String(run.requestsPerSecond).padStart(6)} req/s   ` +
      `p50 ${String(run.p50).padStart(4)} ms   p99 ${String(run.p99).padStart(4)} ms   ` +
      `CPU ${run.cpuMsPerRequest ?? "?"} ms/req   non-2xx ${run.non2xx}   errors ${run.errors}   [${run.statuses}]`,
  );
}

/** The demo community, then the member's own data, written beside the running server (WAL). */
function seedRealisticMember(env, email) {
  const run = (args, extraEnv = {}) => {
    const result = spawnSync(bin("tsx"), args, { cwd: ROOT, env: { ...env, ...extraEnv }, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  // The demo seeder refuses NODE_ENV=production (it is for development stores); this store is the bench's own.
  run(["scripts/seed-demo.ts"], { NODE_ENV: "development" });
  const lines = run(["bench/seed-member.ts", email]).trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}

async function main() {
  ensureBuild();

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-bench-"));
  const env = {
    ...withoutShellOverrides(process.env),
    NODE_ENV: "production",
    BACKEND: "embedded",
    DATA_DIR: dataDir,
    PORT: String(port),
    PAYMENTS: "test",
  };
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
    const { chatId } = seedRealisticMember(env, EMAIL);
    const pages = PAGES.map((page) => page.replace("$chat", chatId));
    const headers = { cookie, accept: "text/html" };
    for (const page of pages) {
      const response = await fetch(new URL(page, baseUrl), { headers, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status} before the load, not 200`);
    }

    console.log(`\nLoad: ${CONNECTIONS} connections for ${DURATION_S} s per run on ${os.cpus().length} cores`);
    const runs = [];
    for (const page of pages) {
      runs.push(await load(baseUrl, page, headers, server.pid));
      print(runs[runs.length - 1]);
    }
    const floor = await load(baseUrl, FLOOR_PATH, { accept: "text/html" }, server.pid);
    print(floor);
    const baseline = await load(baseUrl, BASELINE_PATH, {}, server.pid);
    print(baseline);

    const problems = [];
    for (const run of [...runs, floor, baseline]) {
      if (run.non2xx > 0) problems.push(`GET ${run.path} answered ${run.non2xx} non-2xx responses (${run.statuses})`);
      if (run.errors > 0) problems.push(`GET ${run.path} had ${run.errors} connection errors`);
      if (run.total === 0) problems.push(`GET ${run.path} completed no request in ${DURATION_S} s`);
    }
    const ssr = runs.find((run) => run.path === BENCH_PATH);
    if (ssr && ssr.requestsPerSecond < TARGET_RPS)
      problems.push(`GET ${BENCH_PATH}: ${ssr.requestsPerSecond} req/s is below the target of ${TARGET_RPS}`);
    if (ssr && ssr.p99 >= TARGET_P99_MS)
      problems.push(`GET ${BENCH_PATH}: p99 ${ssr.p99} ms is not below the target of ${TARGET_P99_MS} ms`);
    // One row per figure, in the shape `npm run bench` (bench/all.mjs) prints.
    const rows = runs.flatMap((run) => {
      const name = `bench:ssr GET ${run.path.startsWith("/inbox/") ? "/inbox/$chatId" : run.path}`;
      const targeted = run.path === BENCH_PATH;
      return [
        {
          benchmark: name,
          figure: `${run.requestsPerSecond} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.cpuMsPerRequest ?? "?"} ms CPU/req, non-2xx ${run.non2xx}`,
          target: targeted ? `≥ ${TARGET_RPS} req/s, p99 < ${TARGET_P99_MS} ms, no non-2xx` : "no non-2xx",
          met:
            run.total > 0 &&
            run.non2xx === 0 &&
            run.errors === 0 &&
            (!targeted || (run.requestsPerSecond >= TARGET_RPS && run.p99 < TARGET_P99_MS)),
        },
      ];
    });
    rows.push({
      benchmark: "bench:ssr GET /auth signed out (cheapest page)",
      figure: `${floor.requestsPerSecond} req/s, p50 ${floor.p50} ms, p99 ${floor.p99} ms, ${floor.cpuMsPerRequest ?? "?"} ms CPU/req`,
      target: "(baseline) no non-2xx",
      met: floor.non2xx === 0 && floor.errors === 0,
    });
    rows.push({
      benchmark: "bench:ssr GET /healthz",
      figure: `${baseline.requestsPerSecond} req/s, p99 ${baseline.p99} ms`,
      target: "(baseline) no non-2xx",
      met: baseline.non2xx === 0 && baseline.errors === 0,
    });

    const resultsDir = path.join(ROOT, "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, `ssr-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cores: os.cpus().length,
          connections: CONNECTIONS,
          durationS: DURATION_S,
          member: "signed up through the forms, then bench/seed-member.ts over the demo community",
          runs,
          floor,
          baseline,
          rows,
          problems,
        },
        null,
        2,
      ),
    );

    console.log(`\nTargets for GET ${BENCH_PATH}: ≥ ${TARGET_RPS} req/s, p99 < ${TARGET_P99_MS} ms`);
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
    if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
