import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine, icsTime } from "./ics";

describe("ics", () => {
  const event = {
    uid: "b1@skillswap",
    start: Date.UTC(2026, 2, 9, 1, 0),
    end: Date.UTC(2026, 2, 9, 2, 0),
    summary: "Spanish, with Ana; level 2",
    description: "Line one\nLine two \\ done",
    url: "https://example.com/session/b1",
    status: "CONFIRMED" as const,
    sequence: 3,
  };

  it("writes UTC times, escapes text and ends every line with CRLF", () => {
    const file = calendarFile([event], { name: "Sessions", stamp: Date.UTC(2026, 2, 1) });
    expect(file.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(file.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    expect(file).toContain("DTSTART:20260309T010000Z\r\n");
    expect(file).toContain("DTEND:20260309T020000Z\r\n");
    expect(file).toContain("DTSTAMP:20260301T000000Z\r\n");
    expect(file).toContain("UID:b1@skillswap\r\n");
    expect(file).toContain("SUMMARY:Spanish\\, with Ana\\; level 2\r\n");
    expect(icsTime(0)).toBe("19700101T000000Z");
    expect(escapeText("a\r\nb")).toBe("a\\nb");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const long = "DESCRIPTION:" + "é".repeat(80);
    const folded = foldLine(long);
    const lines = folded.split("\r\n");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(long);
  });
});
