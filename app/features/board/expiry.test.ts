import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  daysLeft,
  expiresAtFor,
  ExpiryError,
  isExpiryDays,
  isPastExpiry,
  needsExpiryWarning,
  renewal,
  shownStatus,
  statusOnRestore,
} from "./expiry";

const NOW = Date.UTC(2026, 10, 26, 12);
const post = (
  over: Partial<{
    status: "active" | "closed" | "expired" | "hidden";
    expiresAt: number;
    warnedFor: number | null;
    closedAt: number | null;
  }> = {},
) => ({
  status: "active" as const,
  expiresAt: NOW + 10 * DAY_MS,
  warnedFor: null,
  closedAt: null,
  ...over,
});

describe("board post expiry", () => {
  it("lasts 30 days by default and from 1 to 90 days when chosen", () => {
    expect(expiresAtFor(NOW)).toBe(NOW + 30 * DAY_MS);
    expect(expiresAtFor(NOW, 1)).toBe(NOW + DAY_MS);
    expect(expiresAtFor(NOW, 90)).toBe(NOW + 90 * DAY_MS);
    for (const days of [0, 91, 2.5, -1, Number.NaN]) {
      expect(isExpiryDays(days)).toBe(false);
      expect(() => expiresAtFor(NOW, days)).toThrow(ExpiryError);
    }
    expect(isExpiryDays("30")).toBe(false);
  });

  it("counts an active post as expired from its expiry on, before the timed work marks it", () => {
    expect(isPastExpiry(post({ expiresAt: NOW }), NOW)).toBe(true);
    expect(isPastExpiry(post({ expiresAt: NOW + 1 }), NOW)).toBe(false);
    expect(shownStatus(post({ expiresAt: NOW - 1 }), NOW)).toBe("expired");
    expect(shownStatus(post({ status: "closed", expiresAt: NOW - 1 }), NOW)).toBe("closed");
    expect(shownStatus(post({ status: "hidden", expiresAt: NOW - 1 }), NOW)).toBe("hidden");
    expect(isPastExpiry(post({ status: "expired", expiresAt: NOW - 1 }), NOW)).toBe(false);
  });

  it("warns three days before, once per expiry date, and again after a renewal", () => {
    expect(needsExpiryWarning(post({ expiresAt: NOW + 3 * DAY_MS + 1 }), NOW)).toBe(false);
    expect(needsExpiryWarning(post({ expiresAt: NOW + 3 * DAY_MS }), NOW)).toBe(true);
    expect(needsExpiryWarning(post({ expiresAt: NOW + DAY_MS }), NOW)).toBe(true);
    expect(needsExpiryWarning(post({ expiresAt: NOW + DAY_MS, warnedFor: NOW + DAY_MS }), NOW)).toBe(false);
    // renewed after the warning: a new expiry, so the next warning is due when it comes near
    expect(needsExpiryWarning(post({ expiresAt: NOW + 2 * DAY_MS, warnedFor: NOW - 20 * DAY_MS }), NOW)).toBe(true);
    expect(needsExpiryWarning(post({ expiresAt: NOW }), NOW)).toBe(false);
    expect(needsExpiryWarning(post({ status: "closed", expiresAt: NOW + DAY_MS }), NOW)).toBe(false);
    expect(needsExpiryWarning(post({ status: "hidden", expiresAt: NOW + DAY_MS }), NOW)).toBe(false);
  });

  it("counts whole days left, rounded up", () => {
    expect(daysLeft({ expiresAt: NOW + 2 * DAY_MS + 1 }, NOW)).toBe(3);
    expect(daysLeft({ expiresAt: NOW + 2 * DAY_MS }, NOW)).toBe(2);
    expect(daysLeft({ expiresAt: NOW - DAY_MS }, NOW)).toBe(0);
  });

  it("renews an active or expired post from now, and never a closed or hidden one", () => {
    expect(renewal(post({ expiresAt: NOW + DAY_MS }), NOW)).toEqual({
      status: "active",
      expiresAt: NOW + 30 * DAY_MS,
      updatedAt: NOW,
    });
    expect(renewal(post({ status: "expired", expiresAt: NOW - DAY_MS }), NOW, 90).expiresAt).toBe(NOW + 90 * DAY_MS);
    expect(() => renewal(post(), NOW, 91)).toThrow(ExpiryError);
    expect(() => renewal(post({ status: "closed" }), NOW)).toThrow(/closed/);
    expect(() => renewal(post({ status: "hidden" }), NOW)).toThrow(/moderator/);
  });

  it("restores a hidden post to closed, expired or active by what it was", () => {
    expect(statusOnRestore({ expiresAt: NOW + DAY_MS, closedAt: null }, NOW)).toBe("active");
    expect(statusOnRestore({ expiresAt: NOW, closedAt: null }, NOW)).toBe("expired");
    expect(statusOnRestore({ expiresAt: NOW + DAY_MS, closedAt: NOW - 1 }, NOW)).toBe("closed");
  });
});
