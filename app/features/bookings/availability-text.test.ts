import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { isoDate } from "~/utils/zoned-time";
import {
  availabilityProblemText,
  exceptionsToText,
  parseExceptions,
  parseRanges,
  weekdayName,
  weeklyFromDays,
  type AvailabilityProblem,
} from "./availability-text";
import { checkAvailability } from "./availability";

/** A problem as the member reads it in `language`. */
const textIn = (language: string, problem: AvailabilityProblem | null | undefined) =>
  problem ? availabilityProblemText(problem, fixedT(language, "bookings"), intlLocale(language)) : null;

describe("availability text", () => {
  it("parses ranges per weekday", () => {
    expect(parseRanges("9:00-12:00, 14:00–18:30")).toEqual({
      ranges: [
        { start: "09:00", end: "12:00" },
        { start: "14:00", end: "18:30" },
      ],
    });
    expect(textIn("en", parseRanges("nine to five").error)).toBe(
      '"nine to five" is not a time range like 09:00-12:00.',
    );
    expect(weeklyFromDays(["", "09:00-10:00"]).weekly).toEqual([{ weekday: 1, start: "09:00", end: "10:00" }]);
  });
  it("parses and prints exceptions", () => {
    const { exceptions } = parseExceptions("2026-12-24: off\n\n2026-12-27: 10:00-12:00");
    expect(exceptions).toEqual([
      { date: "2026-12-24", slots: null },
      { date: "2026-12-27", slots: [{ start: "10:00", end: "12:00" }] },
    ]);
    expect(exceptionsToText(exceptions)).toBe("2026-12-24: off\n2026-12-27: 10:00-12:00");
    expect(textIn("en", parseExceptions("tomorrow: off").error)).toBe(
      '"tomorrow: off": start each exception with a date like 2026-12-24.',
    );
    expect(textIn("en", parseExceptions("2026-12-24: morning").error)).toBe(
      '2026-12-24: "morning" is not a time range like 09:00-12:00.',
    );
  });
});

describe("availability problems in the member's language (issue 30)", () => {
  it("names weekdays through Intl, capitalised at the start of the line", () => {
    expect([0, 1, 6].map((d) => weekdayName(d, "en-IE"))).toEqual(["Sunday", "Monday", "Saturday"]);
    expect(weekdayName(1, "es")).toBe("Lunes");
    expect(weekdayName(3, "fr")).toBe("Mercredi");
    expect(weekdayName(5, "ar")).toBe("الجمعة");
  });

  const overlapping = checkAvailability(
    [
      { weekday: 1, start: "09:00", end: "12:00" },
      { weekday: 1, start: "11:00", end: "13:00" },
    ],
    [],
  );

  it("keeps the English word for word", () => {
    expect(textIn("en", overlapping)).toBe("Monday: time ranges overlap.");
    expect(textIn("en", checkAvailability([{ weekday: 2, start: "10:00", end: "10:15" }], []))).toBe(
      "Tuesday: each range must last at least 30 minutes (10:00–10:15).",
    );
    expect(textIn("en", checkAvailability([], [{ date: "2026-12-24", slots: [{ start: "9", end: "10:00" }] }]))).toBe(
      "2026-12-24: use times like 09:00 and 17:30.",
    );
    const nine = Array.from({ length: 9 }, (_, i) => ({ weekday: 4, start: `0${i}:00`, end: `0${i}:30` }));
    expect(textIn("en", checkAvailability(nine, []))).toBe("Thursday: at most 8 time ranges a day.");
    const twice = { date: "2026-12-24", slots: null };
    expect(textIn("en", checkAvailability([], [twice, twice]))).toBe("2026-12-24 is listed twice.");
    expect(textIn("en", checkAvailability([], [{ date: "2026-02-30", slots: null }]))).toBe(
      "Exceptions need a date like 2026-03-08.",
    );
    const many = Array.from({ length: 61 }, (_, i) => ({
      date: isoDate(2027, 1 + Math.floor(i / 28), 1 + (i % 28)),
      slots: null,
    }));
    expect(textIn("en", checkAvailability([], many))).toBe("At most 60 exceptions.");
  });

  it("speaks Spanish, French and Arabic, the day named in each", () => {
    expect(textIn("es", overlapping)).toBe("Lunes: las franjas horarias se solapan.");
    expect(textIn("fr", overlapping)).toBe("Lundi : des plages horaires se chevauchent.");
    expect(textIn("ar", overlapping)).toBe("الاثنين: الفترات الزمنية متداخلة.");
    expect(textIn("fr", parseRanges("9h-12h").error)).toBe("« 9h-12h » n’est pas une plage horaire comme 09:00-12:00.");
    expect(textIn("es", parseExceptions("mañana: libre").error)).toBe(
      "«mañana: libre»: empieza cada excepción con una fecha como 2026-12-24.",
    );
  });
});
