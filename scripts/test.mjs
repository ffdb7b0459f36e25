// `npm test`: lint, typecheck, then unit + contract tests (vitest), then end-to-end (Playwright) on the
// embedded engine, then end-to-end in Firebase mode against local emulators.
// Stops at the first failing stage. The last line is `N passed, M failed, K skipped`, counted from the
// reporters' JSON files; the exit code is non-zero on any failure.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { bin, ROOT } from "./lib/build.mjs";

const RESULTS = path.join(ROOT, "test-results");
const VITEST_JSON = path.join(RESULTS, "vitest.json");
const E2E_JSON = path.join(RESULTS, "e2e.json"); // written by playwright.config.ts's json reporter
const E2E_FIREBASE_JSON = path.join(RESULTS, "e2e-firebase.json"); // playwright.firebase.config.ts's

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Why tests were skipped, counted by reason: a skipped test says why in its title ("… (skipped:
 * reason)"), or its suite's title does; otherwise its file is named.
 */
function skipReasons(titles) {
  const reasons = new Map();
  for (const title of titles) {
    const reason = /\(skipped: (.*?)\)(?= › |$)/.exec(title)?.[1] ?? `no reason given (${title})`;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  return reasons;
}

/** Vitest's JSON reporter uses Jest's shape. */
function vitestCounts() {
  const report = readJson(VITEST_JSON);
  if (!report) return undefined;
  const skippedTitles = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === "pending" || test.status === "skipped" || test.status === "todo")
      .map((test) => [...(test.ancestorTitles ?? []), test.title].join(" › ")),
  );
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: skippedTitles.length,
    skippedTitles,
  };
}

/** Playwright's stats: expected = passed, unexpected = failed, flaky = passed only on a retry, which fails the run too. */
function playwrightCounts(file) {
  const report = readJson(file);
  const stats = report?.stats;
  if (!stats) return undefined;
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
    skipped: stats.skipped ?? 0,
    skippedTitles: playwrightSkippedTitles(report),
  };
}

/** A skipped Playwright test's title with the reason `test.skip(condition, reason)` gave, in skipReasons' form. */
function playwrightSkippedTitles(report) {
  const titles = [];
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "skipped") continue;
        const reason = (t.annotations ?? []).find((a) => a.type === "skip" && a.description)?.description;
        titles.push(reason ? `${spec.title} (skipped: ${reason})` : spec.title);
      }
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return titles;
}

/** Vitest's time per file: from the file's start to its end (imports, hooks and tests). */
function vitestFileTimes() {
  return (readJson(VITEST_JSON)?.testResults ?? []).map((file) => ({
    file: path.relative(ROOT, file.name),
    ms: file.endTime - file.startTime,
    tests: (file.assertionResults ?? []).length,
  }));
}

/**
 * Playwright's time per file: the sum of its tests' durations, retries included (fixtures and hooks
 * run inside a test's duration). With several workers the files overlap, so the sum of all files is
 * more than the stage's wall time.
 */
function playwrightFileTimes(file, label) {
  const report = readJson(file);
  const dir = report?.config?.rootDir ? path.relative(ROOT, report.config.rootDir) : "";
  const times = new Map();
  const visit = (suite, fileName) => {
    for (const spec of suite.specs ?? []) {
      const entry = times.get(fileName) ?? { ms: 0, tests: 0 };
      for (const t of spec.tests ?? []) {
        entry.tests += 1;
        for (const result of t.results ?? []) entry.ms += result.duration ?? 0;
      }
      times.set(fileName, entry);
    }
    for (const child of suite.suites ?? []) visit(child, fileName);
  };
  for (const suite of report?.suites ?? []) visit(suite, suite.file ?? suite.title);
  return [...times].map(([name, entry]) => ({ file: `${path.join(dir, name)}${label}`, ...entry }));
}

/** The ten test files that took longest, across the stages that ran: where the suite's time goes. */
function slowestFiles(count = 10) {
  return [
    ...vitestFileTimes(),
    ...playwrightFileTimes(E2E_JSON, ""),
    ...playwrightFileTimes(E2E_FIREBASE_JSON, " (Firebase mode)"),
  ]
    .filter((entry) => Number.isFinite(entry.ms))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

const STAGES = [
  // Lint first, so CI holds the layering and the formatting.
  { name: "lint (eslint)", command: bin("eslint"), args: ["."] },
  { name: "format (prettier --check)", command: bin("prettier"), args: ["--check", "."] },
  { name: "typecheck", command: bin("tsc"), args: ["--noEmit"] },
  // The catalogues: every key in every language, used, valid ICU, same placeholders (decision 048).
  { name: "catalogues (i18n:check)", command: process.execPath, args: [path.join(ROOT, "scripts", "i18n-check.mjs")] },
  {
    name: "unit + contract (vitest)",
    command: bin("vitest"),
    args: ["run", "--reporter=default", "--reporter=json", `--outputFile=${VITEST_JSON}`],
    report: VITEST_JSON,
    counts: vitestCounts,
  },
  {
    name: "end-to-end (playwright)",
    command: process.execPath,
    args: [path.join(ROOT, "scripts", "e2e.mjs")],
    report: E2E_JSON,
    counts: () => playwrightCounts(E2E_JSON),
  },
  {
    name: "end-to-end, Firebase mode (playwright + emulators)",
    command: process.execPath,
    args: [path.join(ROOT, "scripts", "e2e.mjs"), "--config", "playwright.firebase.config.ts"],
    report: E2E_FIREBASE_JSON,
    counts: () => playwrightCounts(E2E_FIREBASE_JSON),
  },
];

const banner = (text) => console.log(`\n${"=".repeat(72)}\n== ${text}\n${"=".repeat(72)}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

mkdirSync(RESULTS, { recursive: true });
// Never count a previous run's results, nor list its files among the slowest.
for (const stage of STAGES) if (stage.report) rmSync(stage.report, { force: true });
let passed = 0;
let failed = 0;
let skipped = 0;
const skippedTitles = [];
const lines = [];
let failedStage;

for (const stage of STAGES) {
  if (failedStage) {
    lines.push(`  ${stage.name}: not run`);
    continue;
  }
  banner(`npm test: ${stage.name}`);
  const started = Date.now();
  const result = spawnSync(stage.command, stage.args, { cwd: ROOT, stdio: "inherit" });
  const took = seconds(Date.now() - started);
  const ok = result.status === 0;

  const counts = stage.counts?.();
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
    skipped += counts.skipped;
    skippedTitles.push(...counts.skippedTitles);
  }
  // A stage that fails without a failing test (type errors, a suite that cannot load, a
  // server that does not start) still counts as one failure.
  if (!ok && (!counts || counts.failed === 0)) failed += 1;

  const detail = counts ? ` (${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped)` : "";
  lines.push(`  ${stage.name}: ${ok ? "ok" : "FAILED"}${detail} in ${took}`);
  if (!ok) {
    failedStage = stage.name;
    const why = result.error ? `: ${result.error.message}` : result.signal ? ` (${result.signal})` : "";
    banner(`FAILED: ${stage.name}${why}; later stages were not run`);
  }
}

banner(failedStage ? "npm test: FAILED" : "npm test: all stages passed");
console.log(lines.join("\n"));
if (skippedTitles.length > 0) {
  console.log("Skipped, by reason:");
  for (const [reason, count] of skipReasons(skippedTitles)) console.log(`  ${count} × ${reason}`);
}
const slowest = slowestFiles();
if (slowest.length > 0) {
  console.log("Slowest test files:");
  const width = Math.max(...slowest.map((entry) => seconds(entry.ms).length));
  for (const entry of slowest) {
    console.log(`  ${seconds(entry.ms).padStart(width)}  ${entry.file} (${entry.tests} tests)`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStage ? 1 : 0);
