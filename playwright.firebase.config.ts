/**
 * End-to-end tests of Firebase mode (tests/e2e-firebase): the production build with
 * BACKEND=firebase against the firebase-tools Auth emulator, Google's Cloud Firestore emulator with
 * firebase/firestore.rules (decision 032) and a Stripe stand-in, all started by
 * tests/e2e-firebase/serve.ts on free 127.0.0.1 ports. The "required indexes" project runs after
 * the browser tests and checks every query they caused (decision 036). Run: `npm run test:e2e:firebase`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { PROJECT_ID, SESSION_SECRET } from "./tests/e2e-firebase/settings";
import { desktopChromium } from "./tests/support/browser";

const PORT = Number(process.env.E2E_FIREBASE_PORT ?? 3290);
const BASE_URL = `http://localhost:${PORT}`;

// serve.ts writes the emulators' addresses here; the tests read it (the Auth emulator's REST API
// holds the e-mailed codes). Loaded by the runner and again by each worker, which inherit this.
if (!process.env.E2E_FIREBASE_DIR) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skillswap-e2e-firebase-"));
  process.env.E2E_FIREBASE_DIR = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
}
// Every query the server and the browsers send to Firestore, for required-indexes.check.ts.
process.env.E2E_FIREBASE_QUERY_LOG ??= path.join(process.env.E2E_FIREBASE_DIR, "queries.jsonl");

// Demo values only: a `demo-` project id makes the SDKs refuse to reach any real project.
const serverEnv: Record<string, string | undefined> = {
  NODE_ENV: "production",
  BACKEND: "firebase",
  PORT: String(PORT),
  PUBLIC_URL: BASE_URL,
  SESSION_SECRET,
  FIREBASE_PROJECT_ID: PROJECT_ID,
  FIREBASE_API_KEY: "demo-api-key",
  FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
  FIREBASE_APP_ID: "1:0:web:e2e",
  E2E_FIREBASE_DIR: process.env.E2E_FIREBASE_DIR,
  E2E_FIREBASE_QUERY_LOG: process.env.E2E_FIREBASE_QUERY_LOG,
  // Without credentials, Google's auth library would probe the cloud metadata server.
  METADATA_SERVER_DETECTION: "none",
  // serve.ts adds Stripe's settings, pointed at its stand-in (stripe-checkout.ts).
  PAYMENTS: "stripe",
};
// Nothing from the developer's shell may switch Stripe on or point the server elsewhere.
for (const key of Object.keys(process.env)) {
  if (key.startsWith("STRIPE_") || key.endsWith("_EMULATOR_HOST") || key === "DATA_DIR") serverEnv[key] = undefined;
}

export default defineConfig({
  testDir: "tests/e2e-firebase",
  testMatch: "**/*.test.ts",
  outputDir: "test-results/e2e-firebase-artifacts",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 1,
  // Sign-up, the client SDK's first load and the emulators share two busy cores.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-firebase.json" }]],
  use: {
    baseURL: BASE_URL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
  },
  projects: [
    desktopChromium(),
    // After every browser test: the queries they made must each have their composite index.
    { name: "required indexes", testMatch: "required-indexes.check.ts", dependencies: ["chromium"] },
  ],
  webServer: {
    command: `${process.execPath} --import tsx tests/e2e-firebase/serve.ts`,
    url: `${BASE_URL}/healthz`,
    env: serverEnv as Record<string, string>,
    reuseExistingServer: false,
    // serve.ts (both emulators, the Stripe stand-in, then the server) answered /healthz in 38.4 and
    // 39.5 s at load average 29–31 on 2 cores (27 November, 17:01–17:03 UTC, the build of 562117d);
    // the Auth emulator alone starts in ~7 s now (decision 095). 90 s leaves over twice that.
    timeout: 90_000,
    // SIGTERM lets serve.ts stop the emulators and remove their temporary files.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
