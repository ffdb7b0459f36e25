// Draws the icon sprite the stylesheet paints with (app/components/icons.webp, decision 201) from its
// vector source, app/components/icons.svg, with sharp. Run it after changing a drawing:
// `node scripts/generate-icon-sprite.mjs`; the WebP is committed, and icons.test.tsx fails while it
// is older than the SVG (it compares the SVG's hash written into the file).
//
// Why a bitmap: Chromium parses and commits an SVG image as a document of its own, in a main-thread
// task of its own (decision 187), which a phone's Total Blocking Time counted; a bitmap is decoded off
// the main thread when it is drawn. Each view of the SVG (`<view id=… viewBox=…>`: the 14 icons on
// their 24-unit grid, the coin, the logo's mark) becomes one square cell of CELL pixels, side by side
// in the SVG's order, so the stylesheet shows cell i of n at `calc(i * 100% / (n - 1))` with the
// image as tall as the element. CELL covers every size the app draws at the densities phones use:
// an icon (at most 24 CSS px) up to 4 device pixels a CSS pixel, the logo's mark and the coin (32 px)
// up to 3, the wallet page's 48 px coin up to 2.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = path.join(ROOT, "app", "components", "icons.svg");
const OUT = path.join(ROOT, "app", "components", "icons.webp");
const CELL = 96;

const svg = readFileSync(SOURCE, "utf8");
const views = [...svg.matchAll(/<view id="([\w-]+)" viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"\/>/g)].map(
  ([, id, x, y, width, height]) => ({ id, x: Number(x), y: Number(y), width: Number(width), height: Number(height) }),
);
if (views.length === 0) throw new Error("icons.svg has no <view>.");

/** One view drawn alone: the same file with the root's box set to the view's, CELL pixels square. */
async function cell({ x, y, width, height }) {
  const alone = svg.replace(/<svg [^>]*>/, (root) =>
    root.replace(/viewBox="[^"]*"/, `viewBox="${x} ${y} ${width} ${height}" width="${CELL}" height="${CELL}"`),
  );
  return sharp(Buffer.from(alone)).resize(CELL, CELL).png().toBuffer();
}

// The logo's square reaches its box's edges: a blank cell before it, so that a box drawn at a fraction of a
// device pixel never picks up a sliver of its neighbour's drawing (the icons and the coin keep a margin).
const BLANK_BEFORE = new Set(["logo"]);
const order = views.flatMap((view) => (BLANK_BEFORE.has(view.id) ? [null, view] : [view]));
const names = order.map((view) => view?.id ?? "-").join(" ");
const hash = createHash("sha256").update(svg).digest("hex");
const info = await sharp({
  create: { width: CELL * order.length, height: CELL, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
})
  .composite(
    await Promise.all(
      order.flatMap((view, i) => (view ? [cell(view).then((input) => ({ input, left: i * CELL, top: 0 }))] : [])),
    ),
  )
  // The source's hash and the cells' order ride in the file's EXIF description: icons.test.tsx tells a
  // sprite older than its SVG, and checks each rule in tailwind.css shows its own cell.
  .withExif({ IFD0: { ImageDescription: `icons.svg sha256 ${hash}; cells ${names}` } })
  // Lossless: the masks' edges are the drawing's anti-aliasing, exactly (half the bytes of a PNG).
  .webp({ lossless: true, effort: 6 })
  .toFile(OUT);
console.log(`app/components/icons.webp: ${order.length} cells of ${CELL} px, ${info.size} B (${names})`);
