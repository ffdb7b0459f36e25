import { describe, expect, it } from "vitest";
import { timeAgo } from "./time";

describe("timeAgo", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it("says just now for the last few seconds", () => expect(timeAgo(now - 10_000, now)).toBe("just now"));
  it("counts minutes, hours and days", () => {
    expect(timeAgo(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(timeAgo(now - 3 * 3600_000, now)).toBe("3 hours ago");
    expect(timeAgo(now - 24 * 3600_000, now)).toBe("yesterday");
  });
});
