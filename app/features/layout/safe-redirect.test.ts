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

  it("refuses paths whose dot segments resolve to another host, plain or percent-encoded (issue 25, item 1)", () => {
    for (const evil of [
      "/.//evil.example/phish",
      "/x/..//evil.example",
      "/%2e//evil.example/phish",
      "/%2E//evil.example/phish",
      "/x/%2e%2e//evil.example",
      "/x/%2E%2e//evil.example",
      "/x/.%2E//evil.example",
      "/a/b/../../..//evil.example",
      "/.//evil.example?x=1#top",
      "/x/..%2f/evil.example",
      "/x/..%2F%2Fevil.example",
      "/%2f/evil.example",
      "/%2F%2fevil.example",
    ]) {
      const target = safeRedirect(evil);
      expect(target.startsWith("//"), JSON.stringify(evil)).toBe(false);
      expect(target.startsWith("/\\"), JSON.stringify(evil)).toBe(false);
      expect(new URL(target, "https://skillswap.example").origin, JSON.stringify(evil)).toBe(
        "https://skillswap.example",
      );
      // What is returned is itself safe: following it again changes nothing.
      expect(safeRedirect(target), JSON.stringify(evil)).toBe(target);
    }
    expect(safeRedirect("/.//evil.example/phish")).toBe("/dashboard");
    expect(safeRedirect("/x/..//evil.example")).toBe("/dashboard");
    expect(safeRedirect("/%2e//evil.example/phish")).toBe("/dashboard");
    expect(safeRedirect("/x/%2E%2e//evil.example")).toBe("/dashboard");
    // An encoded slash is not a slash to a browser: the path stays a path on this site.
    expect(safeRedirect("/%2F%2fevil.example")).toBe("/%2F%2fevil.example");
  });

  it("follows dot segments that stay on this site", () => {
    expect(safeRedirect("/members/../wallet")).toBe("/wallet");
    expect(safeRedirect("/./inbox/%2e/abc")).toBe("/inbox/abc");
  });

  it("sends signed-out pages and anything that is not a string to the fallback", () => {
    expect(safeRedirect("/auth")).toBe("/dashboard");
    expect(safeRedirect("/signup?x=1")).toBe("/dashboard");
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined, "/profile-setup")).toBe("/profile-setup");
  });
});
