import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "~/i18n/config";
import { FONT_FILE, WEIGHTS, codePointsOf, makeFont } from "../../scripts/generate-font.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.join(here, "..");
const root = path.join(appDir, "..");
const css = readFileSync(path.join(appDir, "tailwind.css"), "utf8");
const font = readFileSync(FONT_FILE);

/** What the stack's next families draw instead: symbols the Latin file lacks, and whole scripts. */
const DRAWN_BY_THE_SYSTEM = new Set(["★", "✓", "→", "≤", "≥"]);
const OTHER_SCRIPT = /\p{Script_Extensions=Arabic}|\p{Extended_Pictographic}|[\u200e\u200f\u2066-\u2069]|\ufe0f/u;

/** Every character a catalogue of these languages holds. */
function cataloguesText(languages: readonly string[]): string {
  return languages
    .flatMap((language) => {
      const dir = path.join(root, "locales", language);
      return readdirSync(dir).map((name) => readFileSync(path.join(dir, name), "utf8"));
    })
    .join("");
}

/** Every source file of the app but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    if (!/\.(tsx?|css)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [readFileSync(file, "utf8")];
  });
}

describe("the app's face, Inter (decision 203)", () => {
  it("is the file scripts/generate-font.mjs makes from the installed package", async () => {
    expect(Buffer.compare(await makeFont(), font), "run node scripts/generate-font.mjs").toBe(0);
    expect(font.toString("latin1", 0, 4)).toBe("wOF2");
  });

  it("draws every character of the catalogues but a few symbols and other scripts, which the system draws", async () => {
    const { codePoints } = await codePointsOf(font);
    const has = new Set(codePoints);
    const text = cataloguesText(LANGUAGES.map((l) => l.code));
    const missing = [...new Set(text)].filter(
      (c) => !has.has(c.codePointAt(0) ?? 0) && !OTHER_SCRIPT.test(c) && !/\s/.test(c),
    );
    expect(missing.sort()).toEqual([...DRAWN_BY_THE_SYSTEM].filter((c) => text.includes(c)).sort());
    // Every accent of the Latin-script languages, both cases, and their punctuation.
    for (const c of "áéíóúñüÁÉÍÓÚÑÜ¿¡«»àâçèêëîïôùûÿœæÀÂÇÈÊËÎÏÔÙÛŒÆ’“”…–—·€")
      expect(has.has(c.codePointAt(0) ?? 0), c).toBe(true);
  });

  it("varies over the weights the stylesheet draws, declared as the @font-face says", async () => {
    const { axes } = await codePointsOf(font);
    expect(axes.wght).toMatchObject(WEIGHTS);
    const face = /@font-face \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(face).toContain('font-family: "Inter";');
    expect(face).toContain(`font-weight: ${WEIGHTS.min} ${WEIGHTS.max};`);
    expect(face).toContain('src: url("./fonts/inter-latin.woff2") format("woff2");');
    // Tailwind's weights by name: nothing in the app asks for one the file does not vary over.
    const named = { thin: 100, extralight: 200, light: 300, normal: 400, medium: 500, semibold: 600, bold: 700 };
    const all = { ...named, extrabold: 800, black: 900 };
    const used = new Set(
      sources(appDir).flatMap((source) => [...source.matchAll(/\bfont-(\w+)\b/g)].map((m) => m[1] ?? "")),
    );
    for (const [name, weight] of Object.entries(all))
      if (used.has(name)) expect(weight, `font-${name}`).toBeGreaterThanOrEqual(WEIGHTS.min);
  });
});
