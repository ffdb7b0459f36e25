import { describe, expect, it } from "vitest";
import { bellBadgeText, countsUnread } from "./header";

describe("header counters", () => {
  it("caps the bell badge at 9+ and hides it at 0", () => {
    const n = (count: number, read = false) => Array.from({ length: count }, () => ({ read }));
    expect(bellBadgeText(n(0))).toBeNull();
    expect(bellBadgeText([...n(3), ...n(5, true)])).toBe("3");
    expect(bellBadgeText(n(9))).toBe("9");
    expect(bellBadgeText(n(10))).toBe("9+");
  });

  it("skips unread counting on /auth pages", () => {
    expect(countsUnread("/auth")).toBe(false);
    expect(countsUnread("/auth/action")).toBe(false);
    expect(countsUnread("/dashboard")).toBe(true);
  });
});
