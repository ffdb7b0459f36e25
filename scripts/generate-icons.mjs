// Draws the app's icons (public/icons/) from the favicon's design with sharp (decision 045). Run it
// after changing the logo: `node scripts/generate-icons.mjs`; the PNGs are committed.
//
// - icon-{192,512}.png: the favicon as it is (rounded square, transparent corners), purpose "any".
// - maskable-{192,512}.png: the brand blue to every edge and the arrows inside the middle 60%, so a
//   launcher may cut any shape out of it (the safe zone is the centre circle of 80%).
// - apple-touch-icon.png (180): full square, no transparency, as iOS wants it.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "public", "icons");

const BRAND = "#1d5cee"; // tailwind.config.ts brand.600, the manifest's theme_color
const COIN = "#fbbf24"; // tailwind.config.ts coin.400
// The favicon's arrows (public/favicon.svg, a 32-unit box): they span x 10–22.5 and y 12–20.
const ARROWS = `<path d="M10 12h9.5a3 3 0 0 1 0 6H13l3-3M22 20h-9.5a3 3 0 0 1 0-6" fill="none" stroke="${COIN}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/>`;

/** The favicon itself. */
const roundedSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="${BRAND}"/>${ARROWS}</svg>`;

/**
 * Full bleed: the arrows scaled by `scale` about the centre (16, 16). At 1.0 they fill 12.5 of 32
 * units (39%); maskable icons keep them well inside the 80% safe circle.
 */
const squareSvg = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${ARROWS}</g></svg>`;

const ICONS = [
  { file: "icon-192.png", size: 192, svg: roundedSvg },
  { file: "icon-512.png", size: 512, svg: roundedSvg },
  { file: "maskable-192.png", size: 192, svg: squareSvg(1.3) },
  { file: "maskable-512.png", size: 512, svg: squareSvg(1.3) },
  { file: "apple-touch-icon.png", size: 180, svg: squareSvg(1.5) },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, svg } of ICONS) {
  // Rendered at the target size from the vector, not scaled up from a small bitmap.
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(OUT, file));
  console.log(`public/icons/${file} (${size}×${size})`);
}
