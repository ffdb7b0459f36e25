import { describe, expect, it } from "vitest";
import { z } from "zod";
import { stripBidiControls, userText } from "./bidi";

const CONTROLS = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];

describe("stripBidiControls (issue 25, item 7)", () => {
  it("removes every embedding, override and isolate", () => {
    for (const control of CONTROLS) expect(stripBidiControls(`a${control}b`), escape(control)).toBe("ab");
    expect(stripBidiControls("invoice\u202egnp.exe")).toBe("invoicegnp.exe");
    expect(stripBidiControls(CONTROLS.join(""))).toBe("");
  });

  it("keeps right-to-left text, the direction marks and joiners", () => {
    const arabic = "مرحبا بكم في سكيل سواب";
    expect(stripBidiControls(arabic)).toBe(arabic);
    expect(stripBidiControls("a\u200eb\u200fc\u061cd\u200ce\u200df")).toBe("a\u200eb\u200fc\u061cd\u200ce\u200df");
    expect(stripBidiControls("line one\n\n\tcode")).toBe("line one\n\n\tcode");
  });
});

describe("userText", () => {
  it("strips them before the field's own checks run", () => {
    const title = userText()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, "Write something first."));
    expect(title.parse(" \u202eHello\u2069 ")).toBe("Hello");
    expect(title.safeParse("\u202e\u2066 ").success).toBe(false);
  });
});
