import { describe, expect, it } from "vitest";
import { safeRedirect } from "./routes";

describe("safeRedirect", () => {
  it("follows same-origin paths with their query and hash", () => {
    expect(safeRedirect("/wallet")).toBe("/wallet");
    expect(safeRedirect("/members?skill=guitar#top")).toBe("/members?skill=guitar#top");
    expect(safeRedirect("/inbox/abc")).toBe("/inbox/abc");
  });

  it("refuses paths a browser reads as another host (issue 11, finding 2)", () => {
    for (const evil of [
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r/evil.example",
      "/\\evil.example",
      "/\\/evil.example",
      "//evil.example",
      "/ /evil.example",
      "/\u00a0/evil.example",
      "/\u200b/evil.example",
      "/\u202e/evil.example",
      "https://evil.example",
      "evil.example",
      "javascript:alert(1)",
      "/%09/evil.example/../",
    ]) {
      const target = safeRedirect(evil);
      expect(new URL(target, "https://skillswap.example").origin, JSON.stringify(evil)).toBe(
        "https://skillswap.example",
      );
    }
    expect(safeRedirect("/\t/evil.example")).toBe("/dashboard");
    expect(safeRedirect("/\n/evil.example")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.example")).toBe("/dashboard");
  });

  it("sends signed-out pages and anything that is not a string to the fallback", () => {
    expect(safeRedirect("/auth")).toBe("/dashboard");
    expect(safeRedirect("/signup?x=1")).toBe("/dashboard");
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined, "/profile-setup")).toBe("/profile-setup");
  });
});
