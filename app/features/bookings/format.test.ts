import { afterEach, describe, expect, it, vi } from "vitest";
import { countdown, formatDateTime, formatDay, formatTime } from "./format";

const MINUTE = 60_000;

describe("countdown", () => {
  it("says how long until the start through Intl, in the reader's locale", () => {
    expect(countdown(5 * MINUTE, 0, "en-IE")).toBe("in 5 minutes");
    expect(countdown(3 * 60 * MINUTE, 0, "en-IE")).toBe("in 3 hours");
    expect(countdown(3 * 24 * 60 * MINUTE, 0, "en-IE")).toBe("in 3 days");
    expect(countdown(5 * MINUTE, 0, "es")).toBe("dentro de 5 minutos");
    expect(countdown(1 * MINUTE, 0, "fr")).toBe("dans 1 minute");
    expect(countdown(2 * 24 * 60 * MINUTE, 0, "fr")).toBe("après-demain");
  });

  it("uses Arabic's plural forms (one, two, few, many)", () => {
    expect(countdown(1 * 60 * MINUTE, 0, "ar")).toBe("خلال ساعة واحدة");
    expect(countdown(2 * 60 * MINUTE, 0, "ar")).toBe("خلال ساعتين");
    expect(countdown(5 * MINUTE, 0, "ar")).toBe("خلال 5 دقائق");
    expect(countdown(11 * MINUTE, 0, "ar")).toBe("خلال 11 دقيقة");
  });
});

describe("session times", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("are written by formatters kept by name, so a date or time costs no JSON.stringify (decision 139)", () => {
    const start = Date.UTC(2026, 2, 9, 10); // Monday 9 March 2026, 10:00 UTC
    const texts = () => [
      formatDateTime(start, "UTC", "en"),
      formatTime(start, "Europe/Paris", "en"),
      formatDay(start, "UTC", "fr"),
    ];
    expect(texts()).toEqual(["Mon 9 Mar, 10:00", "11:00", "lundi 9 mars"]);
    const stringify = vi.spyOn(JSON, "stringify");
    expect(texts()).toEqual(["Mon 9 Mar, 10:00", "11:00", "lundi 9 mars"]);
    expect(stringify).not.toHaveBeenCalled();
  });
});
