/**
 * SkillSwap as an installable app (issue 31 part A, decision 045): the manifest and its icons as a
 * browser fetches them, Chromium's own verdict on installability (DevTools protocol), the service
 * worker taking control, the offline page instead of any cached signed-in page, what the cache
 * holds, a new deploy replacing the old cache after "Reload", and the install offer's moment.
 */
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type BrowserContext } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS, findChromium } from "../../scripts/find-chromium.mjs";
import { createUser, signInAs, skipLocalOnboarding } from "./support/fixtures";
import { expect, test, type Page } from "./support/test";

const CACHE_PREFIX = "skillswap-static-";

/** Waits until a service worker controls the page (the first one claims it without a reload). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** Every cache of the origin with the paths (and queries) it holds. */
async function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      contents[name] = requests.map((request) => {
        const url = new URL(request.url);
        return `${url.pathname}${url.search}`;
      });
    }
    return contents;
  });
}

/**
 * A persistent browser profile: Chromium reports nothing installable in an incognito context,
 * which every ordinary Playwright context is (installability error "in-incognito").
 */
async function persistentContext(baseURL: string): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "skillswap-pwa-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
    baseURL,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Serious or critical accessibility violations inside `selector`. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html.slice(0, 120)).join(" | ")})`);
}

/** Console errors of a page the fixture does not watch (a persistent context's). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test.describe("the installable app", () => {
  test("the manifest is served with its type, linked from every page, and its icons are what it says", async ({
    page,
    request,
  }) => {
    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/manifest+json");
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: "SkillSwap",
      short_name: "SkillSwap",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#1d5cee",
      background_color: "#f8fafc",
    });
    expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
      ["Chat", "/inbox"],
      ["Calendar", "/calendar"],
    ]);

    const icons: { src: string; sizes: string; type: string; purpose: string }[] = manifest.icons;
    for (const purpose of ["any", "maskable"]) {
      expect(icons.filter((i) => i.purpose === purpose).map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
    }
    for (const icon of icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"], icon.src).toBe(icon.type);
      const { width, height } = await sharp(await file.body()).metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    const worker = await request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["content-type"]).toContain("text/javascript");
    // Asked for again on every update check, so a deploy is seen at once.
    expect(worker.headers()["cache-control"]).toBe("no-cache");

    const document = await page.goto("/auth");
    const csp = document!.headers()["content-security-policy"];
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  });

  test("the worker is registered once the page has loaded and the browser is idle, then controls the page", async ({
    page,
  }) => {
    // Its precache fetches about twenty build files: not while the page's own requests are under way
    // (decision 108). The page's idle callbacks are held here until the test lets them run.
    await page.addInitScript(() => {
      const held: IdleRequestCallback[] = [];
      const registered: string[] = [];
      Object.assign(window, { heldIdleCallbacks: held, registeredWorkers: registered });
      window.requestIdleCallback = (callback) => held.push(callback);
      window.cancelIdleCallback = (handle) => void held.splice(handle - 1, 1, () => {});
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (url, options) {
        registered.push(String(url));
        return register.call(this, url, options);
      };
    });
    type Held = { heldIdleCallbacks: IdleRequestCallback[]; registeredWorkers: string[] };
    await page.goto("/auth");
    await page.waitForFunction(() => document.readyState === "complete");
    expect(await page.evaluate(() => (window as unknown as Held).registeredWorkers)).toEqual([]);
    await page.waitForFunction(() => (window as unknown as Held).heldIdleCallbacks.length > 0);

    await page.evaluate(() => {
      for (const callback of (window as unknown as Held).heldIdleCallbacks.splice(0)) {
        callback({ didTimeout: false, timeRemaining: () => 50 });
      }
    });
    expect(await page.evaluate(() => (window as unknown as Held).registeredWorkers)).toEqual(["/sw.js"]);
    await controlled(page);
  });

  test("Chromium reports the app installable, signed out and signed in, once the worker controls the page", async ({
    baseURL,
  }) => {
    const { context, close } = await persistentContext(baseURL!);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const errors = collectErrors(page);
      const cdp = await context.newCDPSession(page);
      const installabilityErrors = async () =>
        ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] })
          .installabilityErrors;

      await page.goto("/auth");
      await controlled(page);
      await expect.poll(installabilityErrors, { timeout: 15_000 }).toEqual([]);
      const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${baseURL}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);

      const member = await createUser({ fullName: "Installing Ines" });
      await signInAs(context, member, baseURL!);
      await skipLocalOnboarding(page, member.uid);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect.poll(installabilityErrors, { timeout: 15_000 }).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  test.describe(() => {
    // The test asks for loader data with the network off, on purpose; Chromium logs that failure.
    // Remix's route discovery, on a page still open when the network goes, logs its failure too.
    // One pattern: Playwright reads a two-element array given to test.use as [value, options].
    test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/] });

    test("without network a page shows the offline page, never a signed-in page kept from before", async ({
      context,
      page,
      baseURL,
    }) => {
      const member = await createUser({ fullName: "Offline Olga Quist" });
      await signInAs(context, member, baseURL!);
      await skipLocalOnboarding(page, member.uid);
      await page.goto("/dashboard");
      await controlled(page);
      await expect(page.getByText("Offline Olga Quist").first()).toBeVisible();
      // Pages and their data loaded while the worker controls the tab: none of it may be kept.
      await page.goto("/inbox");
      await page.goto("/calendar");
      await page.goto("/dashboard");
      await expect(page.getByText("Offline Olga Quist").first()).toBeVisible();

      // What the cache holds: the build's files, icons and the favicon, and the signed-out offline page.
      const contents = await cacheContents(page);
      const names = Object.keys(contents);
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(new RegExp(`^${CACHE_PREFIX}[0-9a-f]+-[0-9a-f]+$`));
      const paths = contents[names[0]];
      expect(paths).toContain("/offline");
      expect(paths.some((p) => p.startsWith("/build/routes/_app.dashboard-"))).toBe(true);
      // The icon sprite the stylesheet draws with (decisions 184, 201): the offline page's logo is a cell of it.
      expect(paths.filter((p) => /^\/build\/_assets\/icons-\w+\.webp$/.test(p))).toHaveLength(1);
      // And the face its @font-face names (decision 203), so the offline page draws with it too.
      expect(paths.filter((p) => /^\/build\/_assets\/inter-latin-\w+\.woff2$/.test(p))).toHaveLength(1);
      expect(paths.filter((p) => !/^\/(build|icons|fonts)\/[^?]+$|^\/favicon\.svg$|^\/offline$/.test(p))).toEqual([]);
      const offlineCopy = await page.evaluate(async (name) => {
        const response = await (await caches.open(name)).match("/offline");
        return response ? await response.text() : "";
      }, names[0]);
      expect(offlineCopy).toContain("You are offline");
      expect(offlineCopy).not.toContain("Offline Olga");
      expect(offlineCopy).not.toContain(member.email);
      expect(offlineCopy).not.toContain(member.uid);

      // Still signed in, offline: the dashboard is not served from anywhere.
      await context.setOffline(true);
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/offline\?from=%2Fdashboard$/);
      await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
      await expect(page.getByText("Offline Olga")).toHaveCount(0);
      // Its logo drew: the sprite was there with the network gone (precached with the offline page).
      const spriteStatus = () =>
        page.evaluate(() => {
          const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
          return entries.find((entry) => /\/build\/_assets\/icons-\w+\.webp/.test(entry.name))?.responseStatus;
        });
      await expect.poll(spriteStatus).toBe(200);
      // Loader data is not kept either.
      expect(
        await page.evaluate(() =>
          fetch("/dashboard.data").then(
            () => "answered",
            () => "failed",
          ),
        ),
      ).toBe("failed");
      await context.setOffline(false);

      // Signed out, then offline: the next person at this browser sees the offline page, not Olga's pages.
      await page.goto("/dashboard");
      await page.locator('[data-tour="profile-menu"]').click();
      await page.getByRole("menuitem", { name: "Log Out" }).click();
      await page.waitForURL(/\/auth$/);
      await context.setOffline(true);
      for (const pagePath of ["/dashboard", "/inbox", "/calendar"]) {
        await page.goto(pagePath);
        await expect(page).toHaveURL(new RegExp(`/offline\\?from=${encodeURIComponent(pagePath)}$`));
        await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
        await expect(page.locator("body")).not.toContainText("Offline Olga");
      }

      // Back online, "Try again" goes back to the page asked for: signed out, it asks for sign-in.
      await context.setOffline(false);
      await page.getByRole("link", { name: "Try again" }).click();
      await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fcalendar$/);
    });
  });

  test("a new deploy installs beside the old one, takes over on Reload and deletes the old cache", async ({
    browser,
    baseURL,
  }) => {
    // A deploy as the browser sees it: the same origin answers a different /sw.js. A proxy in front
    // of the test server rewrites the worker's version once `deployed` is set; all else passes through.
    let deployed: string | null = null;
    let current = "";
    const proxy = http.createServer(async (req, res) => {
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405).end();
        return;
      }
      const headers = new Headers();
      for (const name of ["accept", "cookie", "user-agent", "accept-language", "service-worker"]) {
        const value = req.headers[name];
        if (typeof value === "string") headers.set(name, value);
      }
      const upstream = await fetch(`${baseURL}${req.url}`, { headers, redirect: "manual" });
      let body = Buffer.from(await upstream.arrayBuffer());
      if (req.url === "/sw.js" && deployed) body = Buffer.from(body.toString("utf8").replaceAll(current, deployed));
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(name))
          out[name] = value;
      });
      res.writeHead(upstream.status, out).end(req.method === "HEAD" ? undefined : body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const context = await browser.newContext({ baseURL: origin });
    try {
      const page = await context.newPage();
      await page.goto("/auth");
      await controlled(page);
      const [oldCache] = Object.keys(await cacheContents(page));
      current = oldCache.slice(CACHE_PREFIX.length);
      const oldWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

      deployed = `${current}0next`;
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByTestId("app-update");
      await expect(prompt).toContainText("A new version of SkillSwap is ready.", { timeout: 20_000 });
      expect(await seriousViolations(page, '[data-testid="app-update"]')).toEqual([]);
      // Installed, waiting: the page still runs on the old worker and the old cache is intact.
      expect(Object.keys(await cacheContents(page)).sort()).toEqual([oldCache, `${CACHE_PREFIX}${deployed}`].sort());
      expect(await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL)).toBe(oldWorker);

      const reloaded = page.waitForEvent("load");
      await prompt.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect
        .poll(async () => Object.keys(await cacheContents(page)), { timeout: 15_000 })
        .toEqual([`${CACHE_PREFIX}${deployed}`]);
      await expect(page.getByTestId("app-update")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    } finally {
      await context.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test("the install offer comes on a second visit once the member uses the page, not the first, and Not now is remembered", async ({
    baseURL,
  }) => {
    const { context, close } = await persistentContext(baseURL!);
    try {
      const member = await createUser({ fullName: "Second Visit Sam" });
      await signInAs(context, member, baseURL!);
      await context.addInitScript(() => {
        // Whether Chromium offered installing on this page, for the assertions below.
        (window as { offered?: boolean }).offered = false;
        window.addEventListener("beforeinstallprompt", () => ((window as { offered?: boolean }).offered = true));
      });
      const offered = (page: Page) =>
        page.waitForFunction(() => (window as { offered?: boolean }).offered === true, undefined, {
          timeout: 20_000,
        });
      // The offer waits until the member uses the page (decision 084): a tap on its heading, once hydrated.
      const use = async (page: Page) => {
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        await page.getByRole("heading", { level: 1 }).click();
      };

      // First visit: the browser may offer, SkillSwap does not ask.
      const first = context.pages()[0] ?? (await context.newPage());
      const errors = collectErrors(first);
      await skipLocalOnboarding(first, member.uid);
      await first.goto("/dashboard");
      await controlled(first);
      await first.reload();
      await offered(first);
      await use(first);
      await expect(first.getByTestId("install-prompt")).toHaveCount(0);

      // A second visit (a new tab has a browsing session of its own): the offer, in the shell. The
      // first tab closes after it opens: the test's session cookie would end with the last tab.
      const second = await context.newPage();
      await first.close();
      errors.push(...collectErrors(second));
      await second.goto("/dashboard");
      await offered(second);
      const offer = second.getByRole("region", { name: "Install SkillSwap" });
      // Not while the page loads: the page's own content is what a phone paints first. The shell has
      // counted this visit (its effect ran) and drawn two frames since, and still offers nothing.
      await second.waitForFunction(() => localStorage.getItem("skillswap:signed-in-visits") === "2");
      await second.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
      await expect(offer).toHaveCount(0);
      await use(second);
      await expect(offer).toBeVisible();
      await expect(offer.getByRole("button", { name: "Install" })).toBeVisible();
      expect(await seriousViolations(second, '[data-testid="install-prompt"]')).toEqual([]);
      // Never on top of a window (the tour, the welcome bonus, the top-up): it steps aside while one is open.
      await second.locator('[data-tour="profile-menu"]').waitFor();
      await second.evaluate(() => {
        const dialog = document.createElement("div");
        dialog.setAttribute("role", "dialog");
        dialog.id = "stand-in-dialog";
        document.body.append(dialog);
      });
      await expect(offer).toHaveCount(0);
      await second.evaluate(() => document.getElementById("stand-in-dialog")?.remove());
      await expect(offer).toBeVisible();
      await offer.getByRole("button", { name: "Not now" }).click();
      await expect(offer).toHaveCount(0);

      // Remembered on this device: the next visit is not asked again.
      const third = await context.newPage();
      await second.close();
      errors.push(...collectErrors(third));
      await third.goto("/dashboard");
      await offered(third);
      await use(third);
      await expect(third.getByTestId("install-prompt")).toHaveCount(0);
      expect(await third.evaluate(() => localStorage.getItem("skillswap:install-dismissed"))).not.toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
