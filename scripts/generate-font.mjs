// Makes the app's face, app/fonts/inter-latin.woff2 (decision 203), from Inter as the npm package
// @fontsource-variable/inter ships it (OFL-1.1): its Latin file (Basic Latin, Latin-1 with every accent
// of English, Spanish and French, œ, the general punctuation, €, ™, −), subset with HarfBuzz (the
// `subset-font` package, WebAssembly: nothing to install beside npm's packages). Run it after upgrading
// the package or changing what is kept: `node scripts/generate-font.mjs`; the WOFF2 is committed, and
// app/fonts/inter.test.ts fails while it differs from what this script makes.
//
// What is kept, and why:
// - every character of the Latin file; the catalogues' few symbols it lacks (★ ✓ → ≤ ≥) and everything
//   else (Arabic, emoji, other scripts) are drawn by the stack's next families (tailwind.config.ts);
// - the weight axis from 400 to 900, the weights the stylesheet uses (normal to font-black); nothing
//   draws thinner;
// - two OpenType features: kerning and tabular figures (`tabular-nums`, 18 places). Inter's contextual
//   alternates, ligatures, stylistic sets and the rest are not used and cost a quarter of the file.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
export const FONT_SOURCE = require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2");
export const FONT_FILE = path.join(ROOT, "app", "fonts", "inter-latin.woff2");
/** The SIL Open Font License 1.1 goes with the font (Inter reserves no font name). */
const LICENSE_SOURCE = require.resolve("@fontsource-variable/inter/LICENSE");
const LICENSE_FILE = path.join(ROOT, "app", "fonts", "LICENSE.txt");
export const WEIGHTS = { min: 400, max: 900 };
export const FEATURES = ["kern", "tnum"];

/** The code points a font file maps, from its cmap (HarfBuzz, after WOFF2 is unpacked). */
export async function codePointsOf(font) {
  const fontverter = require("fontverter");
  const { Blob, Face } = await import("harfbuzzjs");
  const face = new Face(new Blob(await fontverter.convert(font, "truetype")));
  return { codePoints: [...face.collectUnicodes()], axes: face.getAxisInfos() };
}

/** The face as this script makes it from the installed package. */
export async function makeFont() {
  const subsetFont = require("subset-font");
  const source = readFileSync(FONT_SOURCE);
  const { codePoints } = await codePointsOf(source);
  return subsetFont(source, String.fromCodePoint(...codePoints), {
    targetFormat: "woff2",
    variationAxes: { wght: WEIGHTS },
    keepFeatures: FEATURES,
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const font = await makeFont();
  writeFileSync(FONT_FILE, font);
  copyFileSync(LICENSE_SOURCE, LICENSE_FILE);
  const { codePoints, axes } = await codePointsOf(font);
  console.log(
    `${path.relative(ROOT, FONT_FILE)}: ${font.byteLength} B, ${codePoints.length} characters, ` +
      `weights ${axes.wght?.min}-${axes.wght?.max}, features ${FEATURES.join(" ")}`,
  );
}
