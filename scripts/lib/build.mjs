// Builds the app (`npm run build`'s steps) when the production build is missing or stale.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);

const BUILD_ENTRY = path.join(ROOT, "build", "index.js");
// Everything the compiler reads: a change to any of these makes the build stale.
const SOURCES = [
  "app",
  "public",
  "remix.config.js",
  "tailwind.config.ts",
  "postcss.config.js",
  "tsconfig.json",
  "package.json",
  // A patch to the compiler changes what it emits (patches/@remix-run+dev+*.patch, decision 068).
  "patches",
  // The steps after the compiler rewrite its output (decisions 108, 116, 130).
  "scripts/merge-chunks.mjs",
  "scripts/compress-build.mjs",
  "scripts/build-service-worker.mjs",
];

function newestMtime(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // catches deleted files
  for (const entry of readdirSync(file)) {
    // The build's own output: the compiler's files and the service worker bundled after them.
    if (file === path.join(ROOT, "public") && (entry === "build" || entry === "sw.js")) continue;
    if (/\.test\.[cm]?[jt]sx?$/.test(entry)) continue; // tests beside the code are not compiled
    newest = Math.max(newest, newestMtime(path.join(file, entry)));
  }
  return newest;
}

/** Why a build is needed, or undefined when the current one is up to date. */
export function buildReason({ force = process.env.CI === "true" } = {}) {
  if (force) return "CI=true always builds";
  if (!existsSync(BUILD_ENTRY)) return "build/ is missing";
  const built = statSync(BUILD_ENTRY).mtimeMs;
  const stale = SOURCES.find((source) => newestMtime(path.join(ROOT, source)) > built);
  return stale ? `${stale} changed since the last build` : undefined;
}

/**
 * Runs `npm run build`'s steps if needed (`remix build`, its shared chunks merged, the Brotli copies of its files, then the
 * service worker bundled against it); exits the process with the failing step's code.
 */
export function ensureBuild(options) {
  const reason = buildReason(options);
  if (!reason) return false;
  console.log(`Building the app (${reason})…`);
  for (const [command, args] of [
    // node_modules copied from a machine that installed before a patch was added lack it: apply
    // what is missing (patch-package skips a patch already applied) so every build is the same.
    // Outside CI patch-package reports a patch that does not apply and exits 0: the build would go
    // on without it (a clone whose node_modules held an older version of a patch built so, twice).
    [bin("patch-package"), ["--error-on-fail"]],
    [bin("remix"), ["build"]],
    [process.execPath, [path.join(ROOT, "scripts", "merge-chunks.mjs")]],
    [process.execPath, [path.join(ROOT, "scripts", "compress-build.mjs")]],
    [process.execPath, [path.join(ROOT, "scripts", "build-service-worker.mjs")]],
  ]) {
    const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) {
      console.error("The build failed: see the messages above.");
      process.exit(result.status ?? 1);
    }
  }
  return true;
}
