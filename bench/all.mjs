// `npm run bench`: every benchmark, one after another, then one table of figure against target.
//
// Each benchmark runs as its own process (so one's memory or open server never skews the next)
// and keeps its own exit code: 0 when its targets are met. Benchmarks that save rows of
// {benchmark, figure, target, met} to bench/results/<prefix>-<time>.json (ssr, lighthouse, growth, chat) give one
// line per figure (ssr: one per page, its CPU per request as a ratio to the floor's against its target;
// lighthouse: one per page, its phone figures); the
// others give one line with their summary and exit code. The table, the load average at the start
// and the end, and every benchmark's full output are saved to bench/results/bench-<time>.md; the
// exit code is 1 when any target is missed or a benchmark could not run. BENCH_ONLY=ssr,chat runs
// some of them.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { bin, ensureBuild, ROOT } from "../scripts/lib/build.mjs";

const BENCHES = [
  { name: "ssr", command: ["node", "bench/ssr.mjs"], results: "ssr-" },
  { name: "lighthouse", command: ["node", "bench/lighthouse.mjs"], results: "lighthouse-" },
  { name: "installable", command: ["node", "bench/installable.mjs"], results: "installable-" },
  { name: "growth", command: ["node", "bench/growth.mjs"], results: "growth-" },
  {
    name: "booking",
    command: [bin("tsx"), "bench/booking.ts"],
    target: "≥ 500 bookings/s, invariants held, none refused by the rate limit",
  },
  { name: "chat", command: [bin("tsx"), "bench/chat-live.ts"], results: "chat-" },
  { name: "push", command: [bin("tsx"), "bench/push.ts"], results: "push-" },
  { name: "digest", command: [bin("tsx"), "bench/digest.ts"], results: "digest-" },
  { name: "streams", command: [bin("tsx"), "bench/streams.ts"], results: "streams-" },
  {
    name: "matches",
    command: [bin("tsx"), "bench/chat.ts"],
    target: "matches page p95 < 50 ms; in-process chat send → feed p95 < 100 ms",
  },
  {
    name: "wallet",
    command: [bin("tsx"), "bench/wallet.ts"],
    target: "≥ 2,000 credits/s; event p95 < 50 ms; 1,000 streams < 300 MB",
  },
  { name: "ledger", command: [bin("tsx"), "bench/ledger.ts"], target: "its own targets (see its output)" },
  {
    name: "community",
    command: [bin("tsx"), "bench/community.ts"],
    target: "thread list and thread page p95 < 30 ms, search p95 < 50 ms",
  },
  {
    name: "board",
    command: [bin("tsx"), "bench/board.ts"],
    target: "board page with filters and search p95 < 50 ms with 100,000 posts",
  },
  {
    name: "export",
    command: [bin("tsx"), "bench/export.ts"],
    target: "data archive of 10,000 ledger entries, 5,000 messages, 500 posts < 10 s, memory growth < 100 MB",
  },
];

const RESULTS = path.join(ROOT, "bench", "results");

function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (stream) => (chunk) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("error", (error) => resolve({ code: 1, output: `${output}\n${error.message}` }));
    child.on("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Rows saved by a benchmark during this run (the newest results file with its prefix). */
function savedRows(prefix, since) {
  const files = readdirSync(RESULTS)
    .filter((f) => f.startsWith(prefix) && f.endsWith(".json"))
    .map((f) => path.join(RESULTS, f))
    .filter((f) => statSync(f).mtimeMs >= since)
    .sort();
  if (files.length === 0) return null;
  return JSON.parse(readFileSync(files[files.length - 1], "utf8")).rows ?? null;
}

/** The last lines a benchmark printed that carry figures, as its summary. */
function summary(output) {
  const lines = output
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => /\d/.test(l) && !/^(Building|\[info\]|npm warn)/.test(l));
  return lines.slice(-2).join(" · ").slice(0, 220) || "(no figures printed)";
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

async function main() {
  const loadAtStart = loadAverage();
  console.log(`Load average at the start: ${loadAtStart} (1, 5, 15 min) on ${os.cpus().length} cores`);
  mkdirSync(RESULTS, { recursive: true });
  ensureBuild();
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
  const rows = [];
  const logs = [];
  for (const bench of BENCHES.filter((b) => !only || only.includes(b.name))) {
    console.log(`\n=== bench:${bench.name} ===`);
    const since = Date.now() - 1_000;
    const { code, output } = await run(bench.command);
    logs.push(`## bench:${bench.name} (exit code ${code})\n\n\`\`\`\n${output.trim()}\n\`\`\`\n`);
    const saved = bench.results ? savedRows(bench.results, since) : null;
    if (saved?.length) rows.push(...saved);
    else
      rows.push({
        benchmark: `bench:${bench.name}`,
        figure: code === 0 || bench.results === undefined ? summary(output) : `could not run: ${summary(output)}`,
        target: bench.target ?? "its targets",
        met: code === 0,
      });
    // A benchmark whose rows all say "met" but that exited non-zero still failed.
    if (code !== 0 && saved?.every((r) => r.met))
      rows.push({ benchmark: `bench:${bench.name}`, figure: `exit code ${code}`, target: "exit code 0", met: false });
  }

  const table = [
    "| benchmark | figure | target | |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${r.benchmark} | ${r.figure} | ${r.target} | ${r.met ? "met" : "**MISSED**"} |`),
  ].join("\n");
  const missed = rows.filter((r) => !r.met).length;
  const load = `load average ${loadAtStart} at the start, ${loadAverage()} at the end`;
  const header = `# npm run bench, ${new Date().toISOString()}\n\n${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), ${load}\n`;
  const file = path.join(RESULTS, `bench-${new Date().toISOString().replace(/[:.]/g, "-")}.md`);
  writeFileSync(file, `${header}\n${table}\n\n${missed} missed.\n\n${logs.join("\n")}`);
  console.log(`\n${table}\n\n${load}.\n${missed === 0 ? "Every target met." : `${missed} target(s) missed.`}`);
  console.log(`Saved ${path.relative(ROOT, file)}`);
  process.exit(missed === 0 ? 0 : 1);
}

await main();
