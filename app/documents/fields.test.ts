import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("zod v4 in the browser", () => {
  // fields.ts switches zod's compiled parsers off in the browser (their `new Function` probe is a
  // Content-Security-Policy violation there); that holds only for schemas built after it has run,
  // which ES modules guarantee for the modules that import it.
  it("every module that builds zod v4 schemas imports fields.ts, which configures zod first", () => {
    const unconfigured = sources(APP)
      .filter((file) => /from "zod\/v4"/.test(readFileSync(file, "utf8")))
      .filter((file) => path.basename(file) !== "fields.ts")
      .filter((file) => !/from "(\.\/fields|~\/documents\/fields)"/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(APP, file));
    expect(unconfigured).toEqual([]);
  });
});
