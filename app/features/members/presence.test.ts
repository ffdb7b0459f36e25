import { describe, expect, it } from "vitest";
import { lastSeenIn, presenceOf } from "./presence";

/** A `t` that shows which key and count it was asked for. */
const t = (key: string, values?: { count: number }) => (values ? `${key}:${values.count}` : key);
const NOW = Date.UTC(2026, 10, 27, 12, 0);
const ago = (minutes: number) => ({ online: false, lastChanged: NOW - minutes * 60_000 });

describe("lastSeenIn", () => {
  it("says online, and offline when the member was never seen", () => {
    expect(lastSeenIn(t, { online: true, lastChanged: NOW - 3_600_000 }, NOW)).toBe("presence.online");
    expect(lastSeenIn(t, presenceOf({ state: "offline", last_changed: 0, lease_ms: 0 }), NOW)).toBe("presence.offline");
  });

  it("counts minutes, hours and days at their thresholds", () => {
    expect(lastSeenIn(t, ago(0.5), NOW)).toBe("presence.justNow");
    expect(lastSeenIn(t, ago(1), NOW)).toBe("presence.minutes:1");
    expect(lastSeenIn(t, ago(59), NOW)).toBe("presence.minutes:59");
    expect(lastSeenIn(t, ago(60), NOW)).toBe("presence.hours:1");
    expect(lastSeenIn(t, ago(23 * 60 + 59), NOW)).toBe("presence.hours:23");
    expect(lastSeenIn(t, ago(24 * 60), NOW)).toBe("presence.yesterday");
    expect(lastSeenIn(t, ago(48 * 60), NOW)).toBe("presence.days:2");
  });
});
