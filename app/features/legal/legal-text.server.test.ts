import { describe, expect, it } from "vitest";
import { parseLegalText } from "./legal-text.server";

describe("parseLegalText", () => {
  it("takes the version and date from the front matter and leaves the Markdown after it", () => {
    const text = parseLegalText("---\nversion: 2026-11-26\nupdated: 26 November 2026\n---\n# Terms\n\nBe kind.\n");
    expect(text).toEqual({ version: "2026-11-26", updated: "26 November 2026", body: "# Terms\n\nBe kind.\n" });
  });

  it("reads quoted values and Windows line ends", () => {
    const text = parseLegalText('---\r\nversion: "3"\r\n---\r\nBody');
    expect(text.version).toBe("3");
    expect(text.body).toBe("Body");
  });

  it("without a version line, any change to the file is a new version", () => {
    const a = parseLegalText("# Terms\n\nBe kind.\n");
    const b = parseLegalText("# Terms\n\nBe kind!\n");
    expect(a.version).toMatch(/^sha256-[0-9a-f]{12}$/);
    expect(a.version).not.toBe(b.version);
    expect(parseLegalText("# Terms\n\nBe kind.\n").version).toBe(a.version);
    expect(a.body).toBe("# Terms\n\nBe kind.\n");
    expect(a.updated).toBeNull();
  });

  it("a version with markup or spaces is not taken as it stands", () => {
    expect(parseLegalText("---\nversion: <b>2</b>\n---\nx").version).toMatch(/^sha256-/);
    expect(parseLegalText("---\nversion: two words\n---\nx").version).toMatch(/^sha256-/);
  });
});
