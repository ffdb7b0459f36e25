// `npm run bench:installable`: is SkillSwap installable on a phone, signed out (/auth) and signed
// in (/dashboard)? (issue 31, decision 045)
//
// Lighthouse 12 (bench:lighthouse) no longer audits installability: its PWA category, with the
// `installable-manifest` and service-worker audits, was removed in 12.0. This asks Chromium itself,
// as Lighthouse 11 did underneath: the DevTools protocol's Page.getInstallabilityErrors (none means
// Chromium would offer installing) and Page.getAppManifest (its parse errors), and the page's own
// view of the service worker (an active worker whose scope is the site controls the page).
//
// Builds when needed, starts the production server on a free port with a fresh data directory,
// signs a member up through the forms, then opens each page in Debian's Chromium with a phone's
// viewport and user agent (Playwright's Pixel 7) in a persistent profile: incognito profiles are
// never installable. Prints one line per page; rows go to bench/results/installable-<time>.json for
// `npm run bench`; exits 1 on a miss.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, devices } from "@playwright/test";
import { ensureBuild, ROOT } from "../scripts/lib/build.mjs";
import { CHROMIUM_ARGS, findChromium } from "../scripts/find-chromium.mjs";
import { freePort, productionEnv, startServer, stopServer, waitForHealthy } from "../scripts/lib/server.mjs";
import { finishOnboarding, signUp } from "./lib/member.mjs";

const PAGES = [
  { path: "/auth", signedIn: false },
  { path: "/dashboard", signedIn: true },
];
const TARGET = "no installability errors, manifest parsed without errors, service worker (scope /) controls the page";

async function inspect(context, baseUrl, pagePath) {
  const page = await context.newPage();
  try {
    await page.goto(new URL(pagePath, baseUrl).href);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        scope: registration?.scope ?? null,
        active: registration?.active?.scriptURL ?? null,
        controlling: navigator.serviceWorker.controller?.scriptURL ?? null,
      };
    });
    const cdp = await context.newCDPSession(page);
    // Chromium settles installability once the worker is found; ask until it answers none or 10 s pass.
    let errors = [];
    for (const deadline = Date.now() + 10_000; ;) {
      ({ installabilityErrors: errors } = await cdp.send("Page.getInstallabilityErrors"));
      if (errors.length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const manifest = await cdp.send("Page.getAppManifest");
    return {
      finalUrl: new URL(page.url()).pathname,
      installabilityErrors: errors.map((e) => e.errorId),
      manifestUrl: manifest.url,
      manifestErrors: manifest.errors.map((e) => e.message),
      worker,
    };
  } finally {
    await page.close();
  }
}

async function main() {
  ensureBuild();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-installable-"));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "skillswap-installable-profile-"));
  const server = startServer({ env: productionEnv(port, dataDir, { PAYMENTS: "test" }), stdio: "ignore" });
  let context;
  try {
    await waitForHealthy(`${baseUrl}/healthz`, { child: server });
    const jar = await signUp(baseUrl, {
      email: `installable-${Date.now()}@example.com`,
      password: "installable-password-1234",
      fullName: "Phone Member",
    });
    await finishOnboarding(baseUrl, jar);
    const { defaultBrowserType: _browser, ...phone } = devices["Pixel 7"];
    context = await chromium.launchPersistentContext(profileDir, {
      ...phone,
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      headless: true,
    });
    const rows = [];
    for (const { path: pagePath, signedIn } of PAGES) {
      await context.clearCookies();
      if (signedIn) await context.addCookies(jar.entries.map(({ name, value }) => ({ name, value, url: baseUrl })));
      const seen = await inspect(context, baseUrl, pagePath);
      const met =
        seen.finalUrl === pagePath &&
        seen.installabilityErrors.length === 0 &&
        seen.manifestErrors.length === 0 &&
        seen.worker.scope === `${baseUrl}/` &&
        seen.worker.controlling === `${baseUrl}/sw.js`;
      const figure =
        `${pagePath} (${signedIn ? "signed in" : "signed out"}): installability errors ` +
        `${seen.installabilityErrors.join(", ") || "none"}; manifest ${seen.manifestUrl ? new URL(seen.manifestUrl).pathname : "missing"} ` +
        `${seen.manifestErrors.length === 0 ? "parsed" : `errors: ${seen.manifestErrors.join("; ")}`}; ` +
        `worker ${seen.worker.controlling ? `${new URL(seen.worker.controlling).pathname} controls the page, scope ${new URL(seen.worker.scope).pathname}` : "not controlling"}`;
      console.log(`${met ? "met   " : "MISSED"} ${figure}`);
      rows.push({ benchmark: "bench:installable", figure, target: TARGET, met, seen });
    }
    const results = path.join(ROOT, "bench", "results");
    mkdirSync(results, { recursive: true });
    const file = path.join(results, `installable-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(file, JSON.stringify({ chromium: context.browser()?.version() ?? null, rows }, null, 2));
    console.log(
      `Saved ${path.relative(ROOT, file)}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    process.exitCode = rows.every((row) => row.met) ? 0 : 1;
  } finally {
    await context?.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

await main();
