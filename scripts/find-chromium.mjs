// Finds a Chromium to drive in end-to-end tests, installing one when none is present.
//
// Order: $CHROMIUM_PATH, $PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, Playwright's own download,
// the usual system paths; then, as root on Debian/Ubuntu, `apt-get install chromium`;
// then `npx playwright install chromium`; otherwise one sentence on how to get a browser.
//
// CLI: `node scripts/find-chromium.mjs` prints the path (and installs a browser if needed).
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

const HOW_TO_INSTALL =
  "No Chromium found: install one with `sudo apt-get install chromium` or `npx playwright install chromium`, or set CHROMIUM_PATH.";

function isExecutable(file) {
  if (!file) return false;
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightChromium() {
  try {
    const { chromium } = require("@playwright/test");
    const file = chromium.executablePath();
    return isExecutable(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

function aptInstall() {
  console.error("No Chromium found: installing Debian's chromium with apt-get (about 30 s)…");
  try {
    execFileSync("sh", ["-c", "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium"], {
      stdio: ["ignore", process.stderr, process.stderr],
    });
  } catch {
    return undefined;
  }
  return SYSTEM_PATHS.find(isExecutable);
}

function playwrightInstall() {
  console.error("No Chromium found: trying `npx playwright install chromium`…");
  const result = spawnSync("npx", ["--no-install", "playwright", "install", "chromium"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: ["ignore", process.stderr, process.stderr],
  });
  if (result.status !== 0) return undefined;
  return playwrightChromium();
}

// Without the networking flags Chromium tries to reach Google's services, which these machines
// cannot (and tests must not depend on). Chromium refuses to start as root with its sandbox on.
/** The flags every Chromium the tests and benchmarks start is given. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The path of a Chromium executable (synchronous, so configs can call it); installs one if needed; exits with one sentence if it cannot. */
export function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH]) {
    if (!candidate) continue;
    if (isExecutable(candidate)) return candidate;
    console.error(`Ignoring ${candidate}: it is not an executable file.`);
  }

  const found = playwrightChromium() ?? SYSTEM_PATHS.find(isExecutable);
  if (found) return found;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/etc/debian_version") && hasCommand("apt-get")) {
    const installed = aptInstall();
    if (installed) return installed;
  }

  const downloaded = playwrightInstall();
  if (downloaded) return downloaded;

  console.error(HOW_TO_INSTALL);
  process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(findChromium());
}
