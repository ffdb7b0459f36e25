/**
 * The Firebase web SDK inside a page, as a script of the page would use it: the `firebase`
 * package's browser modules (the ones Google serves from gstatic.com) served from the app's own
 * origin, so the page's Content-Security-Policy lets them load, with their imports of each other
 * pointed at the same place.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

const PACKAGE = path.join(process.cwd(), "node_modules", "firebase");
const { version } = JSON.parse(readFileSync(path.join(PACKAGE, "package.json"), "utf8")) as { version: string };

/** Where the page imports the SDK's modules from: `${SDK_BASE}/firebase-app.js` and its siblings. */
export const SDK_BASE = `/e2e-firebase-sdk/${version}`;

/** Serves the SDK's browser modules to `page` under SDK_BASE on the app's origin. */
export async function serveSdk(page: Page): Promise<void> {
  await page.route(`**${SDK_BASE}/*.js`, async (route) => {
    const file = path.basename(new URL(route.request().url()).pathname);
    if (!/^firebase-[a-z-]+\.js$/.test(file)) return route.fulfill({ status: 404 });
    const body = readFileSync(path.join(PACKAGE, file), "utf8").replaceAll(
      `https://www.gstatic.com/firebasejs/${version}/`,
      `${SDK_BASE}/`,
    );
    await route.fulfill({ status: 200, contentType: "text/javascript", body });
  });
}
