import { mkdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { desktopChromium } from "./tests/support/browser";

const CI = !!process.env.CI;
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;

// One fresh data directory per run. This module is loaded by the runner and again by each
// worker; workers inherit the runner's environment, so they see the same E2E_DATA_DIR.
// Test files read it as process.env.E2E_DATA_DIR to inspect stored state.
if (!process.env.E2E_DATA_DIR) {
  const dataDir = path.join(os.tmpdir(), `skillswap-e2e-${process.pid}-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  process.env.E2E_DATA_DIR = dataDir;
  // Only the process that created it removes it (after the web server has been stopped).
  // E2E_KEEP_DATA=1 keeps it for a post-mortem.
  process.on("exit", () => {
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  });
}
const DATA_DIR = process.env.E2E_DATA_DIR;

// The server's environment: the embedded engine with the labelled test checkout, and nothing
// from the developer's shell that would change engines or switch Stripe on.
const serverEnv: Record<string, string> = {
  NODE_ENV: "production",
  BACKEND: "embedded",
  DATA_DIR,
  PORT: String(PORT),
  PAYMENTS: "test",
  PUBLIC_URL: BASE_URL,
  WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "2",
  // Every browser of the suite signs up from 127.0.0.1, like one very busy office; the limit itself
  // is tested on the route (app/routes/signup.test.ts).
  SIGN_UPS_PER_HOUR: "1000",
  // The pseudo-locale en-XA, for the sweep that finds text never wrapped in t() (decision 048).
  PSEUDO_LOCALE: "true",
};
const clearedFromShell = Object.keys(process.env).filter(
  (key) => key.startsWith("STRIPE_") || key === "SESSION_SECRET" || key === "PUBLIC_URL",
);
for (const key of clearedFromShell) {
  // An undefined value overrides the inherited one and is then dropped by child_process.spawn.
  (serverEnv as Record<string, string | undefined>)[key] = undefined;
}

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.test.ts",
  // Keep Playwright's artifacts in their own folder: it empties outputDir at the start of a run,
  // and test-results/ also holds the vitest report that scripts/test.mjs reads.
  outputDir: "test-results/e2e-artifacts",
  fullyParallel: false,
  forbidOnly: CI,
  // A test that passes only on its retry is flaky, and a flaky test fails the run: it must be fixed.
  retries: CI ? 1 : 0,
  failOnFlakyTests: CI,
  // Two workers, as the server has (WEB_CONCURRENCY=2), locally and on CI: the two busiest files
  // (accessibility, layout) passed twice each with two workers and CI's settings (retries, flaky
  // fails), 256 of 256, at a load average of 14 to 22 on the two cores (issue 26).
  // E2E_WORKERS overrides it.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // The test timeout only catches a hang: each step is bounded by the expect timeout. The longest
  // journeys (three or four members in their own browsers) take 10-12 s on an idle machine and three
  // times that on a busy one, so the limit leaves room for a busy machine (issue 11).
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [desktopChromium()],
  webServer: {
    // Several worker processes, as in production: every test also proves that what one worker
    // commits reaches the streams, limits and locks of the other (decision 021).
    command: "node cluster.mjs",
    url: `${BASE_URL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
