/**
 * Draws the demo members' pictures (initials on a coloured circle) with Chromium and writes
 * them here as PNGs. Run once when DEMO_MEMBERS changes: `npx tsx scripts/demo-avatars/render.ts`
 * (needs Debian's chromium at /usr/bin/chromium, or CHROMIUM_PATH).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { DEMO_MEMBERS } from "../demo-community";

const SIZE = 128;
const here = path.dirname(fileURLToPath(import.meta.url));

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return (parts[0][0] + (parts.length > 1 ? parts[parts.length - 1][0] : "")).toUpperCase();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  for (const member of DEMO_MEMBERS) {
    await page.setContent(
      `<html><body style="margin:0;background:transparent">
        <div style="width:${SIZE}px;height:${SIZE}px;border-radius:50%;display:flex;align-items:center;justify-content:center;
          background:radial-gradient(circle at 30% 25%, rgba(255,255,255,.28), rgba(255,255,255,0) 60%), ${member.colour};
          color:#fff;font:600 52px/1 'DejaVu Sans',sans-serif;letter-spacing:1px;text-shadow:0 2px 4px rgba(0,0,0,.18)">
          ${initials(member.fullName)}
        </div></body></html>`,
    );
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
    writeFileSync(path.join(here, `${member.slug}.png`), png);
  }
} finally {
  await browser.close();
}
console.log(`Rendered ${DEMO_MEMBERS.length} avatars into ${here}.`);
