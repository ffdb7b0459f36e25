import { describe, expect, it } from "vitest";
import { inQuietRange, quietUntil } from "./quiet-hours";

const at = (iso: string) => Date.parse(iso);

describe("quiet hours", () => {
  it("a range within a day holds from its start up to, not including, its end", () => {
    const range = { start: "13:00", end: "14:30" };
    expect(inQuietRange(12 * 60 + 59, range)).toBe(false);
    expect(inQuietRange(13 * 60, range)).toBe(true);
    expect(inQuietRange(14 * 60 + 29, range)).toBe(true);
    expect(inQuietRange(14 * 60 + 30, range)).toBe(false);
  });

  it("a range whose start is after its end runs across midnight", () => {
    const night = { start: "22:00", end: "07:00" };
    expect(inQuietRange(21 * 60 + 59, night)).toBe(false);
    expect(inQuietRange(22 * 60, night)).toBe(true);
    expect(inQuietRange(23 * 60 + 59, night)).toBe(true);
    expect(inQuietRange(0, night)).toBe(true);
    expect(inQuietRange(6 * 60 + 59, night)).toBe(true);
    expect(inQuietRange(7 * 60, night)).toBe(false);
    expect(inQuietRange(12 * 60, night)).toBe(false);
  });

  it("the same start and end is no quiet time at all", () => {
    expect(inQuietRange(10, { start: "08:00", end: "08:00" })).toBe(false);
  });

  it("answers when the quiet hours end, before midnight and after it", () => {
    const night = { start: "22:00", end: "07:00" };
    expect(quietUntil(at("2026-03-10T23:15:30Z"), night, "UTC")).toBe(at("2026-03-11T07:00:00Z"));
    expect(quietUntil(at("2026-03-11T03:00:00Z"), night, "UTC")).toBe(at("2026-03-11T07:00:00Z"));
    expect(quietUntil(at("2026-03-11T07:00:00Z"), night, "UTC")).toBeNull();
    expect(quietUntil(at("2026-03-11T12:00:00Z"), night, "UTC")).toBeNull();
  });

  it("reads the clock in the member's time zone", () => {
    const night = { start: "22:00", end: "07:00" };
    // 21:30 UTC is 22:30 in Paris (CET, UTC+1): quiet until 07:00 Paris, 06:00 UTC.
    expect(quietUntil(at("2026-01-15T21:30:00Z"), night, "Europe/Paris")).toBe(at("2026-01-16T06:00:00Z"));
    expect(quietUntil(at("2026-01-15T21:30:00Z"), night, "UTC")).toBeNull();
    // 03:00 UTC is 22:00 the evening before in New York (EST, UTC-5): quiet until 07:00 EST, 12:00 UTC.
    expect(quietUntil(at("2026-01-16T03:00:00Z"), night, "America/New_York")).toBe(at("2026-01-16T12:00:00Z"));
    // Kolkata is UTC+5:30: 17:00 UTC is 22:30 there.
    expect(quietUntil(at("2026-01-16T17:00:00Z"), night, "Asia/Kolkata")).toBe(at("2026-01-17T01:30:00Z"));
  });

  it("no quiet hours, or an unknown zone read as UTC", () => {
    expect(quietUntil(at("2026-01-15T23:00:00Z"), null, "UTC")).toBeNull();
    expect(quietUntil(at("2026-01-15T23:00:00Z"), { start: "22:00", end: "07:00" }, "Mars/Olympus")).toBe(
      at("2026-01-16T07:00:00Z"),
    );
  });
});
