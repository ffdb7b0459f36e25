// `npm run bench:lighthouse`: the pages a member opens most, on a phone (issue 28).
//
// Builds when needed, starts the production server (cluster.mjs) on a free port with a fresh data
// directory, signs a member up through the app's forms, seeds the demo community and that member's
// data (bench/lib/member.mjs, as bench:ssr does) and marks their tour as finished. Then Lighthouse
// (the `lighthouse` package, 12.2.3: mobile emulation, its default simulated throttling) drives
// Debian's Chromium with the flags the tests use on this closed network over /auth (signed out),
// /dashboard, /matches and /community (signed in: the session cookie goes with every request).
// Each page is measured BENCH_LIGHTHOUSE_RUNS times (3) and the run with the median performance
// score counts. Prints performance, FCP, LCP, TBT, CLS, JavaScript transferred (and in how many
// requests) and best practices against the targets, with what Lighthouse held against best
// practices; exits 1 on a miss. Rows go to bench/results/lighthouse-<time>.json for `npm run bench`.
//
// Tunables: BENCH_PORT (a free one), BENCH_LIGHTHOUSE_RUNS (3), BENCH_PAGES (comma-separated
// paths; /auth is measured signed out, every other page signed in), BENCH_LIGHTHOUSE_JSON=<dir>
// (keeps each page's full Lighthouse report there, to open in the Lighthouse viewer, and every run's
// trace),
// BENCH_LIGHTHOUSE_TRACE_CATEGORIES (more trace categories for a diagnosis, e.g. base,mojom,fonts),
// BENCH_LIGHTHOUSE_TASKS=1 (lists every long task of every run: when, how long, what it ran),
// BENCH_LIGHTHOUSE_AB=<dir> (another checkout with its own production build, e.g. main's, served
// from that directory on BENCH_PORT + 1 with its own member: every run measures the page on both,
// which one first alternating, so the two builds compare under the same load; decision 178).
import { saveResults } from "./lib/results.mjs";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { ensureBuild, ROOT } from "../scripts/lib/build.mjs";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { freePort, productionEnv, startServer, stopServer, waitForHealthy } from "../scripts/lib/server.mjs";
import { paintPhases } from "./lib/first-frame.mjs";
import {
  blockingByKind,
  countedByKind,
  describeFirstTasks,
  firstTasks,
  longTasks,
  moduleEvaluation,
  threadCpu,
} from "./lib/long-tasks.mjs";
import { finishOnboarding, request, seedRealisticMember, signUp } from "./lib/member.mjs";

const PAGES = (process.env.BENCH_PAGES ?? "/auth,/dashboard,/matches,/community").split(",");
const SIGNED_OUT = new Set(["/auth"]);
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const SHOW_TASKS = process.env.BENCH_LIGHTHOUSE_TASKS === "1";
const OTHER_ROOT = process.env.BENCH_LIGHTHOUSE_AB && path.resolve(process.env.BENCH_LIGHTHOUSE_AB);

// ---- Targets (issue 28) ----
const TARGETS = {
  performance: { max: false, limit: 90, show: "≥ 90" },
  lcp: { max: true, limit: 2500, show: "< 2.5 s", strict: true },
  tbt: { max: true, limit: 200, show: "< 200 ms", strict: true },
  cls: { max: true, limit: 0.1, show: "< 0.1", strict: true },
  bestPractices: { max: false, limit: 100, show: "100" },
  jsKb: { max: true, limit: 150, show: "≤ 150 KB" },
};

const EMAIL = `lighthouse-${Date.now()}@example.com`;
const PASSWORD = "lighthouse-password-1234";
const FULL_NAME = "Phone Member";

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function meets(key, value) {
  const t = TARGETS[key];
  if (value === null || value === undefined) return false;
  if (!t.max) return value >= t.limit;
  return t.strict ? value < t.limit : value <= t.limit;
}

/** The figures that count from one Lighthouse result (lhr). */
function figures(lhr, trace) {
  const audit = (id) => lhr.audits[id];
  const scripts = audit("resource-summary")?.details?.items?.find((item) => item.resourceType === "script");
  const score = (id) => (lhr.categories[id]?.score === null ? null : Math.round(lhr.categories[id].score * 100));
  const failed = lhr.categories["best-practices"].auditRefs
    .filter((ref) => ref.weight > 0 && audit(ref.id).score !== null && audit(ref.id).score < 1)
    .map((ref) => audit(ref.id).title);
  const observed = audit("metrics")?.details?.items?.[0];
  return {
    performance: score("performance"),
    fcp: audit("first-contentful-paint").numericValue,
    lcp: audit("largest-contentful-paint").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    cls: audit("cumulative-layout-shift").numericValue,
    jsKb: scripts ? scripts.transferSize / 1024 : 0,
    jsRequests: scripts?.requestCount ?? 0,
    bestPractices: score("best-practices"),
    bestPracticesFailed: failed,
    // Lantern builds its first paint and LCP from the requests that ended before the paint it
    // observed in the unthrottled load (decisions 053, 092): how many scripts did tells whether
    // a late simulated paint is the scripts' race or the page.
    observedFcp: observed?.observedFirstContentfulPaint ?? null,
    scriptsBeforePaint: observed
      ? (audit("network-requests")?.details?.items ?? []).filter(
          (item) => item.resourceType === "Script" && item.networkEndTime <= observed.observedFirstContentfulPaint,
        ).length
      : null,
    // What the observed paint waited for: the document's commit, the render-blocking stylesheet,
    // the page's first frame and the first frame it painted in, drawn and sent to the display
    // (decision 190). The rest, up to the observed paint, is the display compositor's.
    phases: trace ? paintPhases(trace.traceEvents) : null,
    // Lighthouse's measure of the host's speed: TBT is this host's task times × 4, so figures from
    // two machines compare only beside their indexes (bench/README.md).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    // Which scripts the blocking time came from (simulated, ms of script evaluation), largest first.
    bootup: (audit("bootup-time")?.details?.items ?? [])
      .filter((item) => item.scripting >= 50)
      .sort((a, b) => b.scripting - a.scripting)
      .slice(0, 3)
      .map((item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, "")} ${Math.round(item.scripting)} ms`),
    longTasks: audit("long-tasks")?.details?.items?.length ?? 0,
    // What the long tasks are, from the trace: module evaluation, a callback such as
    // React's work loop, parsing, layout.
    tasks: trace ? longTasks(trace.traceEvents) : [],
    // How the module graph's evaluation is split into tasks (decision 178).
    evaluation: trace ? moduleEvaluation(trace.traceEvents) : null,
    // The main thread's CPU and the streaming compile's beside it (decision 183).
    cpu: trace ? threadCpu(trace.traceEvents) : null,
    // What the document's commit and its largest layout are made of (decision 187).
    firstTasks: trace ? firstTasks(trace.traceEvents) : null,
    // Which of those tasks Lighthouse's TBT counted, by kind: only what falls after the simulated FCP.
    counted: trace
      ? countedByKind(
          longTasks(trace.traceEvents),
          audit("long-tasks")?.details?.debugData?.tasks ?? [],
          audit("first-contentful-paint").numericValue,
          audit("interactive").numericValue,
        )
      : [],
    finalUrl: lhr.finalDisplayedUrl,
    version: lhr.lighthouseVersion,
    runWarnings: lhr.runWarnings ?? [],
  };
}

async function measure(url, port, cookie) {
  const runnerResult = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "best-practices"],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
    // Diagnostics only (decision 195): more of Chromium's trace, e.g. "base,mojom,fonts"; the trace's
    // overhead moves the figures, so a run with it is not compared with one without.
    additionalTraceCategories: process.env.BENCH_LIGHTHOUSE_TRACE_CATEGORIES || undefined,
  });
  if (!runnerResult) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr, artifacts } = runnerResult;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  return { lhr, trace: artifacts.Trace };
}

const ms = (n) => (n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);
const at = (n) => (n === null || n === undefined ? "?" : ms(n));
const phasesText = (p) =>
  `document committed at ${at(p?.committed)}, render-blocking requests done at ${at(p?.renderBlocking)}, first frame at ` +
  `${at(p?.firstFrame)}, first painted frame activated at ${at(p?.activated)} and drawn at ${at(p?.drawn)}`;
const byKind = (tasks, figure) =>
  blockingByKind(tasks, figure)
    .map(([kind, time]) => `${kind} ${Math.round(time)} ms`)
    .join(", ") || "none";

async function main() {
  ensureBuild();
  const loadAtStart = loadAverage();
  console.log(`Load average at the start: ${loadAtStart} (1, 5, 15 min) on ${os.cpus().length} cores`);
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const baseUrl = `http://localhost:${port}`;
  const sites = [{ name: "this build", root: ROOT, baseUrl, port }];
  if (OTHER_ROOT)
    sites.push({ name: OTHER_ROOT, root: OTHER_ROOT, baseUrl: `http://localhost:${port + 1}`, port: port + 1 });
  let chrome;
  let failed = false;
  try {
    for (const site of sites) {
      site.dataDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-lighthouse-"));
      site.env = productionEnv(site.port, site.dataDir, { PAYMENTS: "test" });
      site.server =
        site.root === ROOT
          ? startServer({ env: site.env, stdio: ["ignore", "ignore", "inherit"] })
          : spawn(process.execPath, ["cluster.mjs"], {
              cwd: site.root,
              env: { ...site.env, PUBLIC_URL: site.baseUrl },
              stdio: ["ignore", "ignore", "inherit"],
            });
      console.log(`Starting the production server of ${site.name} on ${site.baseUrl} (data in ${site.dataDir})…`);
      await waitForHealthy(`${site.baseUrl}/healthz`, { child: site.server });
      // Only signed-out pages (BENCH_PAGES=/auth): no member to make. This also lets an A/B reach
      // a build whose forms or store this checkout's seeding does not know (decision 192).
      if (PAGES.every((p) => SIGNED_OUT.has(p))) continue;
      console.log(`Signing up ${EMAIL} through the forms…`);
      site.jar = await signUp(site.baseUrl, { email: EMAIL, password: PASSWORD, fullName: FULL_NAME });
      console.log("Giving the member a real member's data (demo community, bench/seed-member.ts) and a finished tour…");
      seedRealisticMember(site.env, EMAIL);
      await finishOnboarding(site.baseUrl, site.jar);
      for (const page of PAGES.filter((p) => !SIGNED_OUT.has(p))) {
        const { response } = await request(site.baseUrl, site.jar, page);
        if (response.status !== 200)
          throw new Error(`GET ${page} with the session answered ${response.status}, not 200`);
      }
    }

    chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      // Headless Chromium turns paint holding off in every child process (Chromium's
      // content_switch_dependent_feature_overrides.cc, `--headless` only); a phone's Chrome keeps it
      // on. Without it the renderer goes on drawing frames for its old surface after the browser
      // embedded the page's new one, viz counts them undrawn and withholds begin frames from the
      // page for up to a second, holding its first painted frame (decision 190). An explicit
      // --enable-features is registered before that override and wins; a second --enable-features
      // switch would replace this one, so merge into it. No scrollbars: Lighthouse resizes the blank tab
      // to the phone a moment before it navigates, which shows about:blank's overlay scrollbars and
      // starts their fade; on an idle machine the fade is still redrawing the old page when the
      // browser embeds the new one's surface, viz counts those frames undrawn and withholds begin
      // frames from the page for a second (decision 194). A phone does not resize before a navigation;
      // its overlay scrollbars take no layout space and are not contentful.
      chromeFlags: ["--headless=new", ...CHROMIUM_ARGS, "--enable-features=PaintHolding", "--hide-scrollbars"],
      logLevel: "error",
    });
    const keepDir = process.env.BENCH_LIGHTHOUSE_JSON && path.resolve(process.env.BENCH_LIGHTHOUSE_JSON);
    if (keepDir) mkdirSync(keepDir, { recursive: true });
    const results = [];
    const compared = [];
    for (const page of PAGES) {
      const runsOf = new Map(sites.map((site) => [site, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const site of i % 2 ? [...sites].reverse() : sites) {
          const runs = runsOf.get(site);
          const cookie = SIGNED_OUT.has(page) ? undefined : site.jar.header;
          const { lhr, trace } = await measure(new URL(page, site.baseUrl).href, chrome.port, cookie);
          const f = figures(lhr, trace);
          runs.push({ lhr, f });
          const label = site.root === ROOT ? "" : "other-";
          if (keepDir)
            writeFileSync(
              path.join(keepDir, `${label}${page.replace(/\W+/g, "_") || "root"}-run${i + 1}.trace.json`),
              JSON.stringify(trace),
            );
          console.log(
            `  ${sites.length > 1 ? `[${site.name}] ` : ""}${page} run ${i + 1}/${RUNS}: performance ${f.performance}, FCP ${ms(f.fcp)}, LCP ${ms(f.lcp)}, ` +
              `TBT ${ms(f.tbt)}, JS ${f.jsKb.toFixed(0)} KB; ${phasesText(f.phases)}, ` +
              `observed paint at ${ms(f.observedFcp ?? 0)} after ${f.scriptsBeforePaint} of ${f.jsRequests} scripts ` +
              `(load average ${loadAverage()}); benchmark index ${f.benchmarkIndex ?? "?"}, ${f.longTasks} long task(s), ` +
              `script evaluation ${f.bootup.join(", ") || "under 50 ms per script"}; long tasks' blocking by kind ` +
              `${byKind(f.tasks, "blockingMs")}, from their CPU time ${byKind(f.tasks, "cpuBlockingMs")}; modules evaluated ` +
              `in ${f.evaluation?.count ?? "?"} task(s), the largest ${f.evaluation?.largestCpuMs.toFixed(1) ?? "?"} ms of CPU; ` +
              `main thread ${f.cpu?.mainMs.toFixed(0) ?? "?"} ms of CPU, streaming compile ${f.cpu?.streamingCompileMs.toFixed(0) ?? "?"} ms`,
          );
          console.log(
            `      TBT counted by kind ${f.counted.map(([kind, time]) => `${kind} ${Math.round(time)} ms`).join(", ") || "none"}` +
              (f.firstTasks ? `; ${describeFirstTasks(f.firstTasks)}` : ""),
          );
          if (SHOW_TASKS)
            for (const task of f.tasks)
              console.log(
                `      at ${ms(task.startMs)}: ${task.observedMs.toFixed(1)} ms observed (${task.cpuMs.toFixed(1)} ms CPU), ` +
                  `${Math.round(task.simulatedMs)} ms simulated, ${task.kind}: ` +
                  task.events.map((e) => `${e.name} ${e.what} ${e.ms.toFixed(1)} ms`).join("; "),
              );
        }
      }
      for (const [site, runs] of runsOf) {
        if (site.root !== ROOT) {
          compared.push({ page, site, runs: runs.map((r) => r.f) });
          continue;
        }
        if (sites.length > 1) compared.push({ page, site, runs: runs.map((r) => r.f) });
        runs.sort((a, b) => a.f.performance - b.f.performance);
        const median = runs[(runs.length - 1) >> 1];
        if (new URL(median.f.finalUrl).pathname !== page)
          throw new Error(`${page} ended on ${median.f.finalUrl}: the member was not signed in, or the page moved`);
        if (keepDir)
          writeFileSync(path.join(keepDir, `${page.replace(/\W+/g, "_") || "root"}.json`), JSON.stringify(median.lhr));
        results.push({ page, ...median.f, scores: runs.map((r) => r.f.performance) });
      }
    }
    const loadAtEnd = loadAverage();

    const check = (key, value, text) => `${text}${meets(key, value) ? "" : " ✗"}`;
    console.log(
      `\nLighthouse ${results[0]?.version} mobile, simulated throttling, median of ${RUNS} run(s) by performance; ✗ = missed`,
    );
    const header = ["page", "performance", "FCP", "LCP", "TBT", "CLS", "JS transferred", "best practices"];
    const lines = [
      header,
      [
        "target",
        TARGETS.performance.show,
        "",
        TARGETS.lcp.show,
        TARGETS.tbt.show,
        TARGETS.cls.show,
        TARGETS.jsKb.show,
        "100",
      ],
      ...results.map((r) => [
        r.page,
        check("performance", r.performance, `${r.performance} (${r.scores.join(", ")})`),
        ms(r.fcp),
        check("lcp", r.lcp, ms(r.lcp)),
        check("tbt", r.tbt, ms(r.tbt)),
        check("cls", r.cls, r.cls.toFixed(3)),
        check("jsKb", r.jsKb, `${r.jsKb.toFixed(0)} KB in ${r.jsRequests} requests`),
        check("bestPractices", r.bestPractices, String(r.bestPractices)),
      ]),
    ];
    const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
    for (const l of lines) console.log(`  ${l.map((cell, i) => cell.padEnd(widths[i])).join("  ")}`);
    for (const r of results) {
      if (r.bestPracticesFailed.length)
        console.log(`  ${r.page} best practices missed: ${r.bestPracticesFailed.join("; ")}`);
      for (const warning of r.runWarnings) console.log(`  ${r.page} Lighthouse warned: ${warning}`);
    }
    if (compared.length) {
      // Medians of every run, not of the run with the median score: the A/B compares each figure.
      const median = (values) => [...values].sort((a, b) => a - b)[(values.length - 1) >> 1];
      const cpuBlocking = (f) => f.tasks.reduce((sum, task) => sum + task.cpuBlockingMs, 0);
      const longestCpu = (f) => Math.max(0, ...f.tasks.map((task) => task.cpuMs));
      console.log(`\nA/B, ${RUNS} alternated run(s) a page, medians (every run's figure in brackets):`);
      for (const { page, site, runs } of compared) {
        const show = (figure, format) =>
          `${format(median(runs.map(figure)))} (${runs.map((f) => format(figure(f))).join(", ")})`;
        console.log(
          `  ${page} [${site.name}]: performance ${show((f) => f.performance, String)}, LCP ${show((f) => f.lcp, ms)}, ` +
            `TBT ${show((f) => f.tbt, ms)}, blocking from CPU time ${show(cpuBlocking, ms)}, ` +
            `longest task's CPU ${show(longestCpu, (n) => `${n.toFixed(1)} ms`)}; modules evaluated in ` +
            `${show((f) => f.evaluation?.count ?? 0, String)} task(s), the largest ` +
            `${show(
              (f) => f.evaluation?.largestCpuMs ?? 0,
              (n) => `${n.toFixed(1)} ms`,
            )} of CPU, all of them ` +
            `${show(
              (f) => f.evaluation?.totalCpuMs ?? 0,
              (n) => `${n.toFixed(1)} ms`,
            )}; main thread ${show((f) => f.cpu?.mainMs ?? 0, ms)} of CPU, streaming compile ` +
            `${show((f) => f.cpu?.streamingCompileMs ?? 0, ms)}`,
        );
      }
    }
    console.log(`Load average ${loadAtStart} at the start, ${loadAtEnd} at the end.`);
    const indexes = results.map((r) => r.benchmarkIndex).filter((i) => i !== null);
    if (indexes.length)
      console.log(
        `Lighthouse's benchmark index of this host: ${Math.min(...indexes)}–${Math.max(...indexes)} (median runs)`,
      );
    const busiest = Math.max(Number(loadAtStart.split(" ")[0]), Number(loadAtEnd.split(" ")[0]));
    if (busiest > os.cpus().length)
      console.log(
        `  The machine was busy (load average ${busiest} on ${os.cpus().length} cores): Lighthouse multiplies the ` +
          "main thread's observed work by four, so TBT and performance came out worse than on an idle machine.",
      );

    const rows = results.map((r) => {
      const met = ["performance", "lcp", "tbt", "cls", "jsKb", "bestPractices"].every((key) => meets(key, r[key]));
      return {
        benchmark: `bench:lighthouse ${r.page}`,
        figure:
          `performance ${r.performance}, FCP ${ms(r.fcp)}, LCP ${ms(r.lcp)}, TBT ${ms(r.tbt)}, CLS ${r.cls.toFixed(3)}, ` +
          `JS ${r.jsKb.toFixed(0)} KB in ${r.jsRequests} requests, best practices ${r.bestPractices}; load average ${loadAtStart} → ${loadAtEnd}`,
        target: `performance ≥ 90, LCP < 2.5 s, TBT < 200 ms, CLS < 0.1, JS ≤ 150 KB, best practices 100`,
        met,
      };
    });
    const file = saveResults("lighthouse", { loadAtStart, loadAtEnd, runs: RUNS, results, rows });
    console.log(`Saved ${path.relative(ROOT, file)}`);
    const missed = rows.filter((r) => !r.met);
    failed = missed.length > 0;
    console.log(failed ? `${missed.length} page(s) missed a target.` : "Every target met.");
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await chrome?.kill();
    for (const site of sites) {
      await stopServer(site.server);
      if (site.dataDir) rmSync(site.dataDir, { recursive: true, force: true });
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
