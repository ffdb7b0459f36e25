/**
 * iCalendar (RFC 5545) for sessions: one event per booking, times in UTC so every calendar app
 * shows them in its own zone. CRLF line endings, escaped text, lines folded at 75 octets.
 */
export interface IcsEvent {
  uid: string;
  start: number;
  end: number;
  summary: string;
  description: string;
  url?: string;
  /** CONFIRMED, TENTATIVE or CANCELLED */
  status: "CONFIRMED" | "TENTATIVE" | "CANCELLED";
  /** Increases with each change, so calendar apps replace their copy. */
  sequence: number;
}

const CRLF = "\r\n";
const encoder = new TextEncoder();

/** 20260309T010000Z */
export function icsTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** TEXT values: backslash, semicolon and comma escaped; newlines as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Splits a content line into 75-octet pieces, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const pieces: string[] = [];
  let current = "";
  let octets = 0;
  // Continuation lines start with a space, which counts towards their 75 octets.
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      pieces.push(current);
      current = "";
      octets = 0;
      limit = 74;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

function eventLines(event: IcsEvent, stamp: number): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
    `DTEND:${icsTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    `SEQUENCE:${event.sequence}`,
    "END:VEVENT",
  ];
}

export function calendarFile(events: readonly IcsEvent[], { name, stamp }: { name: string; stamp: number }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//SkillSwap//Sessions//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap((event) => eventLines(event, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
