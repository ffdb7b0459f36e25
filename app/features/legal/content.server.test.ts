/** The legal texts' files: read once, looked at again at most once a second. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RECHECK_MS, readLegalText, readLegalTextIn } from "./content.server";

const dir = mkdtempSync(path.join(tmpdir(), "legal-content-"));
const previousCwd = process.cwd();
process.chdir(dir);
mkdirSync("content");

afterAll(() => {
  process.chdir(previousCwd);
  rmSync(dir, { recursive: true, force: true });
});

function writeTerms(version: string, mtimeS: number) {
  const file = path.join(dir, "content", "terms.md");
  writeFileSync(file, `---\nversion: ${version}\nupdated: 26 November 2026\n---\n\n# Terms\n`);
  utimesSync(file, mtimeS, mtimeS);
}

describe("readLegalText", () => {
  it("serves a replaced file from the next look at its time, a second at most after the last", async () => {
    const t0 = 1_800_000_000_000;
    writeTerms("first-2026-11-26", 1_000);
    expect((await readLegalText("terms", t0)).version).toBe("first-2026-11-26");

    writeTerms("second-2026-11-27", 2_000);
    // Within the second, no request pays for a look at the file.
    expect((await readLegalText("terms", t0 + RECHECK_MS - 1)).version).toBe("first-2026-11-26");
    expect((await readLegalText("terms", t0 + RECHECK_MS)).version).toBe("second-2026-11-27");
  });

  it("keeps the parsed text while the file's time stays the same", async () => {
    const t0 = 1_900_000_000_000;
    writeTerms("third-2026-11-28", 3_000);
    const first = await readLegalText("terms", t0);
    expect(first.version).toBe("third-2026-11-28");
    expect(await readLegalText("terms", t0 + 5 * RECHECK_MS)).toBe(first);
  });
});

describe("readLegalTextIn", () => {
  const write = (name: string, version: string, title: string, mtimeS: number) => {
    const file = path.join(dir, "content", name);
    writeFileSync(file, `---\nversion: ${version}\n---\n\n# ${title}\n`);
    utimesSync(file, mtimeS, mtimeS);
  };

  it("shows a translation only while it carries the version in force, the English text otherwise", async () => {
    const t0 = 2_000_000_000_000;
    write("privacy.md", "v1", "Privacy notice", 4_000);
    write("privacy.es.md", "v1", "Aviso de privacidad", 4_000);
    expect((await readLegalTextIn("privacy", "es", t0)).body).toContain("Aviso de privacidad");
    // No French file: English.
    expect((await readLegalTextIn("privacy", "fr", t0)).body).toContain("Privacy notice");

    // The operator publishes v2 in English only: Spanish readers read (and accept) v2 in English.
    write("privacy.md", "v2", "Privacy notice, second version", 5_000);
    const later = await readLegalTextIn("privacy", "es", t0 + RECHECK_MS);
    expect(later.version).toBe("v2");
    expect(later.body).toContain("Privacy notice, second version");

    write("privacy.es.md", "v2", "Aviso de privacidad, segunda versión", 5_000);
    expect((await readLegalTextIn("privacy", "es", t0 + 2 * RECHECK_MS)).body).toContain("segunda versión");
  });

  it("never reads a file named by anything but a language code", async () => {
    const text = await readLegalTextIn("privacy", "../terms", 2_100_000_000_000);
    expect(text.body).toContain("Privacy notice");
  });
});
