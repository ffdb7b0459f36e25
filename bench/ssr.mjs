// `npm run bench:ssr`: server-side rendering throughput of the signed-in dashboard.
//
// Builds when needed, starts the production server (server.mjs) on a free port with a fresh
// data directory, signs a user up through the app's real forms, then drives GET /dashboard
// with that user's session cookie using autocannon, and GET /healthz as a baseline.
// Prints requests/s, p50/p99 latency and non-2xx counts; exits 1 if any response was not a
// 2xx or the dashboard misses its targets. Results are also saved to bench/results/.
//
// Tunables: BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10), BENCH_KEEP_DATA=1.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild, ROOT } from "../scripts/lib/build.mjs";
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

async function load(baseUrl, pathname, headers) {
  const options = { url: new URL(pathname, baseUrl).href, connections: CONNECTIONS, headers };
  // A short warm-up so the JIT and caches are hot before measuring.
  await autocannon({ ...options, connections: Math.min(10, CONNECTIONS), duration: 2 });
  const result = await autocannon({ ...options, duration: DURATION_S });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count }]) => `${code}×${count}`)
    .join(" ");
  return {
    path: pathname,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

function print(run) {
  console.log(
    `  GET ${run.path.padEnd(11)} ${String(run.requestsPerSecond).padStart(6)} req/s   ` +
      `p50 ${String(run.p50).padStart(4)} ms   p99 ${String(run.p99).padStart(4)} ms   ` +
      `non-2xx ${run.non2xx}   errors ${run.errors} (timeouts ${run.timeouts})   [${run.statuses}]`,
  );
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
  const server = startServer({ env, stdio: ["ignore", "ignore", "inherit"] });
  let failed = false;
  try {
    console.log(`Starting the production server on ${baseUrl} (data in ${dataDir})…`);
    await waitForHealthy(`${baseUrl}/healthz`, { child: server });

    console.log(`Signing up ${EMAIL} through the forms…`);
    const cookie = await signIn(baseUrl);

    console.log(`\nLoad: ${CONNECTIONS} connections for ${DURATION_S} s per run on ${os.cpus().length} cores`);
    const ssr = await load(baseUrl, BENCH_PATH, { cookie, accept: "text/html" });
    print(ssr);
    const baseline = await load(baseUrl, BASELINE_PATH, {});
    print(baseline);

    const problems = [];
    for (const run of [ssr, baseline]) {
      if (run.non2xx > 0) problems.push(`GET ${run.path} answered ${run.non2xx} non-2xx responses (${run.statuses})`);
      if (run.errors > 0) problems.push(`GET ${run.path} had ${run.errors} connection errors`);
    }
    if (ssr.requestsPerSecond < TARGET_RPS)
      problems.push(`${ssr.requestsPerSecond} req/s is below the target of ${TARGET_RPS}`);
    if (ssr.p99 >= TARGET_P99_MS) problems.push(`p99 ${ssr.p99} ms is not below the target of ${TARGET_P99_MS} ms`);

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
          ssr,
          baseline,
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
