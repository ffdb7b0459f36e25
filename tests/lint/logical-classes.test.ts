/**
 * The logical-sides rule of eslint.config.js (scripts/lint/logical-classes.js, decision 050), run
 * against physical classes and styles: it must refuse each and name the logical spelling, pass the
 * logical ones and the per-direction variants; and app/'s stylesheets, which ESLint does not read,
 * hold no physical side either.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { physicalClasses, physicalCss } from "../../scripts/lint/logical-classes.js";

const ROOT = path.resolve(__dirname, "../..");
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText("export {};\n", { filePath: path.join(ROOT, "app/components/warm-up.tsx") });
}, 60_000);

async function sideErrors(code: string, filePath = "app/components/bad.tsx"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.ruleId === "local/logical-classes").map((m) => m.message);
}

describe("the logical-sides rule", () => {
  it("refuses physical classes in className, naming the logical class", async () => {
    const errors = await sideErrors(
      'export const A = () => <div className="absolute right-0 pl-2 sm:-mr-1 text-left border-l-4 border-l-brand-500 rounded-tr-lg" />;\n',
    );
    expect(errors).toHaveLength(7);
    for (const [physical, logical] of [
      ["right-0", "end-0"],
      ["pl-2", "ps-2"],
      ["sm:-mr-1", "sm:-me-1"],
      ["text-left", "text-start"],
      ["border-l-4", "border-s-4"],
      ["border-l-brand-500", "border-s-brand-500"],
      ["rounded-tr-lg", "rounded-se-lg"],
    ]) {
      expect(errors).toContainEqual(expect.stringContaining(`Physical side \`${physical}\`: write \`${logical}\``));
    }
    expect(errors[0]).toContain("// eslint-disable-next-line local/logical-classes -- physical:");
  });

  it("refuses them in conditional classes and constants, and in template strings", async () => {
    const code = [
      'const PAD = "py-1 pr-4";',
      "export const A = ({ on }: { on: boolean }) => (",
      '  <span className={`flex ${on ? "ml-2" : "float-right"} space-x-2`}>{PAD}</span>',
      ");",
      "",
    ].join("\n");
    const errors = await sideErrors(code);
    expect(errors.map((e) => e.split(":")[0])).toEqual([
      "Physical side `pr-4`",
      "Physical side `ml-2`",
      "Physical side `float-right`",
      "Physical side `space-x-2`",
    ]);
    expect(errors[3]).toContain("`gap-*` on the flex or grid container");
  });

  it("refuses physical sides in inline styles", async () => {
    const errors = await sideErrors(
      [
        'export const A = () => <div style={{ left: 0, marginRight: 8, textAlign: "right" }} />;',
        'export const styles = { buttonBack: { paddingLeft: 0 }, container: { textAlign: "left" as const } };',
        // A `left` that is not in a style is not a side (a call member's "left the call" flag).
        "export const member = { left: true };",
        "",
      ].join("\n"),
    );
    expect(errors).toEqual([
      expect.stringContaining("`left`: write `insetInlineStart`"),
      expect.stringContaining("`marginRight`: write `marginInlineEnd`"),
      expect.stringContaining('`textAlign: "right"`: write `textAlign: "end"`'),
      expect.stringContaining("`paddingLeft`: write `paddingInlineStart`"),
      expect.stringContaining('`textAlign: "left"`: write `textAlign: "start"`'),
    ]);
  });

  it("passes logical classes, per-direction variants, a reversed space-x, prose and an explicit opt-out", async () => {
    const code = [
      'export const A = () => <div className="ms-2 pe-4 start-0 end-2 text-start border-s-4 rounded-se-lg inset-x-0 rtl:-scale-x-100 ltr:left-0" />;',
      'export const B = () => <div className="flex space-x-2 rtl:space-x-reverse" />;',
      'export const text = "Turn right-to-left text on; the left-hand pane";',
      "// eslint-disable-next-line local/logical-classes -- physical: the camera's own corner",
      'export const C = () => <video className="absolute right-2" />;',
      "",
    ].join("\n");
    expect(await sideErrors(code)).toEqual([]);
  });

  it("matches a class token exactly", () => {
    expect(physicalClasses("px-2 pl-[3px] hover:!pr-0.5 right-1/2 left-auto")).toEqual([
      { token: "pl-[3px]", suggestion: "`ps-[3px]`" },
      { token: "hover:!pr-0.5", suggestion: "`hover:!pe-0.5`" },
      { token: "right-1/2", suggestion: "`end-1/2`" },
      { token: "left-auto", suggestion: "`start-auto`" },
    ]);
    expect(physicalClasses("mx-2 py-1 -translate-y-1/2 top-0 border-t rounded-t-lg text-center")).toEqual([]);
  });
});

describe("app/'s stylesheets", () => {
  it("find physical properties and @apply classes", () => {
    const css = ".a { margin-left: 4px; text-align: right; border-right-width: 2px }\n.b { @apply pl-5 border-l-4; }";
    expect(physicalCss(css).map((f) => f.token)).toEqual([
      "margin-left",
      "text-align: right",
      "border-right-width",
      "pl-5",
      "border-l-4",
    ]);
    expect(physicalCss(".a { margin-inline-start: 4px; text-align: start } /* margin-left */")).toEqual([]);
  });

  it("hold no physical side", () => {
    const files = readdirSync(path.join(ROOT, "app"), { recursive: true, encoding: "utf8" }).filter((f) =>
      f.endsWith(".css"),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(physicalCss(readFileSync(path.join(ROOT, "app", file), "utf8")), file).toEqual([]);
    }
  });
});
