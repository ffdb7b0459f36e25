import type { Page } from "@playwright/test";

/**
 * Opens a page whose scripts are held back until `release()`, as on a slow phone: the
 * server-rendered page can be used before React hydrates it. `opened` settles once it has. A service
 * worker would answer the scripts from its cache: give the page a context that blocks them.
 */
export async function openWithScriptsHeld(page: Page, url: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { opened: page.goto(url), release };
}
