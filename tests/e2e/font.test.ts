import { expect, test } from "./support/test";

// The app's face (decision 203): Inter, one self-hosted file, preloaded by the document's head and
// named by the stylesheet's @font-face. The page asks for the file once (the preload is the one the
// @font-face uses: the same hashed URL), prints no warning (an unused preload is one, printed a few
// seconds after the load event), and draws its text with it (a web font: Chromium finds and draws it
// without asking the browser process).
test("a page draws with the self-hosted face, fetched once, with no console warning", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  const fontRequests: string[] = [];
  const countFonts = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === "font") fontRequests.push(new URL(request.url()).pathname);
  };
  page.on("request", countFonts);

  await page.goto("/auth");
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute("type", "font/woff2");
  await expect(preload).toHaveAttribute("crossorigin", "anonymous");
  const href = await preload.getAttribute("href");
  expect(href).toMatch(/^\/build\/_assets\/inter-latin-\w+\.woff2$/);

  // Loaded, and the one face the document knows.
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].map((face) => `${face.family} ${face.weight} ${face.status}`)))
    .toEqual(["Inter 400 900 loaded"]);
  expect(await page.evaluate(() => document.fonts.check('600 16px "Inter"'))).toBe(true);

  // Chromium warns of a preload nobody used about three seconds after the load event.
  await page.waitForTimeout(3_500);
  expect(fontRequests).toEqual([href]);
  expect(warnings).toEqual([]);
  page.off("request", countFonts);

  // What Chromium draws the heading with: the web font, not an installed family. Read on the next page
  // load, with the file in the cache: `font-display: optional` keeps the system's face for a load whose
  // file came late (on a busy test machine the first load's can), by design, so that load says nothing.
  await page.reload();
  await expect(page.locator("h1")).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  expect(fonts).toEqual([expect.objectContaining({ familyName: "Inter", isCustomFont: true })]);
});
