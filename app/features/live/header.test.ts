import { describe, expect, it } from "vitest";
import { bellBadgeText, countsUnread, unreadCount } from "./header";

describe("header counters", () => {
  it("counts the unread notifications among those fetched", () => {
    const n = (count: number, read = false) => Array.from({ length: count }, () => ({ read }));
    expect(unreadCount([])).toBe(0);
    expect(unreadCount([...n(3), ...n(5, true)])).toBe(3);
  });

  it("caps the bell badge at 9+ and hides it at 0", () => {
    expect(bellBadgeText(0)).toBeNull();
    expect(bellBadgeText(3)).toBe("3");
    expect(bellBadgeText(9)).toBe("9");
    expect(bellBadgeText(10)).toBe("9+");
  });

  it("skips unread counting on /auth pages", () => {
    expect(countsUnread("/auth")).toBe(false);
    expect(countsUnread("/auth/action")).toBe(false);
    expect(countsUnread("/dashboard")).toBe(true);
  });
});
