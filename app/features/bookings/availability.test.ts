import { describe, expect, it } from "vitest";
import {
  bookableStarts,
  checkAvailability,
  freeStarts,
  isBookableStart,
  MIN_NOTICE_MS,
  NOTICE_GRACE_MS,
  nextFreeStart,
  priceFor,
} from "./availability";
import { zonedParts } from "~/utils/zoned-time";

const DAY = 86_400_000;
const everyDay = (start: string, end: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

describe("bookableStarts", () => {
  it("lists half-hourly starts that fit the window, in the mentor's zone", () => {
    const from = Date.UTC(2026, 2, 9, 0, 0); // Monday 09:00 in Tokyo
    const starts = bookableStarts(
      { weekly: [{ weekday: 1, start: "09:00", end: "11:00" }], exceptions: [] },
      "Asia/Tokyo",
      { from, to: from + DAY, durationMinutes: 60 },
    );
    expect(starts.map((t) => zonedParts(t, "Asia/Tokyo").hour * 60 + zonedParts(t, "Asia/Tokyo").minute)).toEqual([
      540, 570, 600,
    ]);
  });

  it("shows a Tokyo 09:00 slot at 17:00 the day before in Los Angeles, then 18:00 after the March change", () => {
    const teaching = { weekly: everyDay("09:00", "10:00"), exceptions: [] };
    const from = Date.UTC(2026, 2, 5);
    const starts = bookableStarts(teaching, "Asia/Tokyo", { from, to: from + 6 * DAY, durationMinutes: 60 });
    const inLa = starts.map((t) => zonedParts(t, "America/Los_Angeles")).map((p) => `${p.month}-${p.day} ${p.hour}:00`);
    expect(inLa).toContain("3-7 16:00");
    expect(inLa).toContain("3-8 17:00");
    expect(inLa).toContain("3-9 17:00");
    // Tokyo keeps its clock; Los Angeles springs forward on 8 March, so the same slot reads an hour later there.
    expect(inLa).not.toContain("3-8 16:00");
  });

  it("lets exceptions close a day or replace its hours", () => {
    const from = Date.UTC(2026, 2, 9, 0, 0);
    const closed = bookableStarts(
      { weekly: everyDay("09:00", "10:00"), exceptions: [{ date: "2026-03-09", slots: null }] },
      "UTC",
      { from, to: from + DAY, durationMinutes: 30 },
    );
    expect(closed).toEqual([]);
    const moved = bookableStarts(
      {
        weekly: everyDay("09:00", "10:00"),
        exceptions: [{ date: "2026-03-09", slots: [{ start: "14:00", end: "15:00" }] }],
      },
      "UTC",
      { from, to: from + DAY, durationMinutes: 60 },
    );
    expect(moved).toEqual([Date.UTC(2026, 2, 9, 14)]);
  });

  it("counts real time across a clock change: a 01:00–03:00 window on the spring-forward night holds one hour", () => {
    const from = Date.UTC(2026, 2, 8, 0);
    const starts = bookableStarts(
      { weekly: [{ weekday: 0, start: "01:00", end: "03:00" }], exceptions: [] },
      "America/Los_Angeles",
      { from, to: from + DAY, durationMinutes: 60 },
    );
    expect(starts).toEqual([Date.UTC(2026, 2, 8, 9)]);
  });

  it("agrees with isBookableStart and applies notice and horizon", () => {
    const teaching = { weekly: everyDay("08:00", "20:00"), exceptions: [] };
    const now = Date.UTC(2026, 10, 1, 6);
    const starts = bookableStarts(teaching, "America/Los_Angeles", {
      from: now,
      to: now + 3 * DAY,
      durationMinutes: 90,
    });
    for (const start of starts)
      expect(isBookableStart(teaching, "America/Los_Angeles", start, 90, start - 2 * 3_600_000)).toBe(true);
    expect(isBookableStart(teaching, "America/Los_Angeles", starts[0], 90, starts[0] - 30 * 60_000)).toBe(false);
    expect(isBookableStart(teaching, "America/Los_Angeles", starts[0], 90, starts[0] - 54 * 60_000)).toBe(false);
    expect(isBookableStart(teaching, "America/Los_Angeles", starts[0] + 15 * 60_000, 90, now)).toBe(false);
    expect(isBookableStart(teaching, "America/Los_Angeles", starts[0] + 60 * DAY, 90, now)).toBe(false);
  });

  it("still accepts a slot the page offered a few minutes ago, not one offered longer ago", () => {
    const teaching = { weekly: everyDay("08:00", "20:00"), exceptions: [] };
    const start = Date.UTC(2026, 10, 2, 17); // 09:00 in Los Angeles
    const drawn = start - MIN_NOTICE_MS; // the last moment the panel listed it
    expect(isBookableStart(teaching, "America/Los_Angeles", start, 60, drawn + 60_000)).toBe(true);
    expect(isBookableStart(teaching, "America/Los_Angeles", start, 60, drawn + NOTICE_GRACE_MS)).toBe(true);
    expect(isBookableStart(teaching, "America/Los_Angeles", start, 60, drawn + NOTICE_GRACE_MS + 1)).toBe(false);
  });

  it("drops starts that overlap busy time", () => {
    const h = 3_600_000;
    expect(freeStarts([0, h, 2 * h], 60, [{ start: h - 1, end: h + 1 }])).toEqual([2 * h]);
  });
});

describe("nextFreeStart", () => {
  const h = 3_600_000;
  const monday = Date.UTC(2026, 2, 9); // Monday 9 March 2026, 00:00 UTC

  it("finds the first free start after busy time, skipping a day off by date", () => {
    const teaching = {
      weekly: everyDay("09:00", "11:00"),
      exceptions: [{ date: "2026-03-09", slots: null }],
    };
    const range = { from: monday, to: monday + 14 * DAY, durationMinutes: 60 };
    // Monday is off by exception; Tuesday 09:00 is taken, so 10:00 is the first hour that fits.
    const busy = [{ start: monday + DAY + 9 * h, end: monday + DAY + 10 * h }];
    expect(nextFreeStart(teaching, "UTC", busy, range)).toBe(monday + DAY + 10 * h);
    expect(nextFreeStart(teaching, "UTC", [], range)).toBe(monday + DAY + 9 * h);
  });

  it("follows other hours on one date in the mentor's zone, and answers null when nothing is free", () => {
    const teaching = {
      weekly: everyDay("09:00", "10:00"),
      exceptions: [{ date: "2026-03-09", slots: [{ start: "07:00", end: "08:00" }] }],
    };
    // From Monday 06:00 in Tokyo: its 07:00 (22:00 UTC on Sunday) comes before the usual 09:00.
    expect(
      nextFreeStart(teaching, "Asia/Tokyo", [], { from: monday - 3 * h, to: monday + DAY, durationMinutes: 60 }),
    ).toBe(monday - 2 * h);
    expect(
      isBookableStart(teaching, "Asia/Tokyo", monday - 2 * h, 60, monday - DAY),
      "the request check agrees with the card",
    ).toBe(true);
    expect(isBookableStart(teaching, "Asia/Tokyo", monday, 60, monday - DAY), "Monday's usual 09:00 is replaced").toBe(
      false,
    );
    expect(
      nextFreeStart({ weekly: [], exceptions: [] }, "UTC", [], {
        from: monday,
        to: monday + 14 * DAY,
        durationMinutes: 30,
      }),
    ).toBeNull();
  });

  it("is the first of the free bookable starts, across clock changes and busy weeks", () => {
    const teaching = {
      weekly: [
        { weekday: 0, start: "01:00", end: "04:00" },
        { weekday: 3, start: "22:00", end: "24:00" },
        { weekday: 6, start: "09:00", end: "12:00" },
      ],
      exceptions: [{ date: "2026-03-25", slots: [{ start: "07:00", end: "08:30" }] }],
    };
    const start = Date.UTC(2026, 2, 1);
    for (const zone of ["America/Los_Angeles", "Europe/Berlin", "Asia/Tokyo"]) {
      for (let i = 0; i < 40; i++) {
        const from = start + i * 13 * h;
        const range = { from, to: from + 56 * DAY, durationMinutes: 60 };
        // The first few weeks taken, in different amounts for each start.
        const busy = [{ start: from, end: from + (i % 5) * 7 * DAY }];
        const expected = bookableStarts(teaching, zone, range).find((s) => s >= busy[0].end) ?? null;
        expect(nextFreeStart(teaching, zone, busy, range), `${zone} from ${new Date(from).toISOString()}`).toBe(
          expected,
        );
      }
    }
  });
});

describe("rules", () => {
  it("prices pro rata, rounding halves up", () => {
    expect(priceFor(25, 30)).toBe(13);
    expect(priceFor(25, 90)).toBe(38);
    expect(priceFor(0, 60)).toBe(0);
  });
  it("validates availability", () => {
    expect(
      checkAvailability(
        [
          { weekday: 1, start: "09:00", end: "10:00" },
          { weekday: 1, start: "09:30", end: "11:00" },
        ],
        [],
      ),
    ).toEqual({ key: "availability.problems.overlap", where: 1 });
    expect(checkAvailability([{ weekday: 1, start: "10:00", end: "09:00" }], [])).toEqual({
      key: "availability.problems.tooShort",
      values: { range: "10:00–09:00" },
      where: 1,
    });
    expect(checkAvailability([], [{ date: "2026-02-30", slots: null }])).toEqual({
      key: "availability.problems.dateFormat",
    });
    expect(
      checkAvailability(everyDay("00:00", "24:00"), [
        { date: "2026-03-08", slots: [{ start: "09:00", end: "12:00" }] },
      ]),
    ).toBeNull();
  });
});
