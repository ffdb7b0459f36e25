/**
 * The import-cycle rule of eslint.config.js (scripts/lint/no-import-cycle.js), run against text that
 * would close a cycle with the files as they are: it must fail on each, whatever kind of import
 * closes it, and stay quiet on the app as it is.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
let eslint: ESLint;

// The first lint loads the parser and builds the app's import graph; do it once, outside the tests.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export {};\n", { filePath: path.join(ROOT, "app/utils/warm-up.ts") });
}, 60_000);

async function cycleErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === "local/no-import-cycle").map((m) => m.message);
}

describe("the import-cycle rule", () => {
  it("fails when two modules import each other", async () => {
    // availability-editor imports availability-form; the form importing the editor back closes it.
    expect(
      await cycleErrors(
        "app/components/bookings/availability-form.tsx",
        'import { AvailabilityEditor } from "./availability-editor";\nexport const e = AvailabilityEditor;\n',
      ),
    ).toEqual([
      expect.stringContaining(
        "Import cycle: components/bookings/availability-form.tsx → components/bookings/availability-editor.tsx → components/bookings/availability-form.tsx.",
      ),
    ]);
  });

  it("fails when a type-only import closes a cycle through a lazy import()", async () => {
    // browser-forms.client loads browser-auth.client with import(); a type import back is a cycle too.
    expect(
      await cycleErrors(
        "app/engine/firebase/browser-auth.client.ts",
        'import type { BrowserAuthForms } from "../auth/browser-forms.client";\nexport type F = BrowserAuthForms;\n',
      ),
    ).toEqual([
      expect.stringContaining("engine/auth/browser-forms.client.ts → engine/firebase/browser-auth.client.ts"),
    ]);
  });

  it("fails on a longer cycle, and on a re-export or a `~/` path closing it", async () => {
    // editor → form → weekly-hours-grid; the grid reaching the editor again makes three.
    expect(
      await cycleErrors(
        "app/components/bookings/weekly-hours-grid.tsx",
        'export { AvailabilityEditor } from "~/components/bookings/availability-editor";\n',
      ),
    ).toEqual([
      expect.stringContaining(
        "weekly-hours-grid.tsx → components/bookings/availability-editor.tsx → components/bookings/availability-form.tsx → components/bookings/weekly-hours-grid.tsx.",
      ),
    ]);
  });

  it("stays quiet on the modules that had cycles, as they are now", async () => {
    for (const file of [
      "app/components/bookings/availability-editor.tsx",
      "app/components/bookings/availability-form.tsx",
      "app/engine/auth/browser-forms.client.ts",
      "app/engine/firebase/browser-auth.client.ts",
    ]) {
      expect(await cycleErrors(file, readFileSync(path.join(ROOT, file), "utf8")), file).toEqual([]);
    }
  });
});
