/**
 * The booking area's documents, the same on both engines. Browser-safe (the session room's feed
 * reads the booking). Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   bookings/{bookingId}                 a session between a mentor and a learner (only the server writes it)
 *   bookings/{bookingId}/signals/{id}    the video call's signalling between its two members
 *   slot_locks/{uid}_{blockStartMs}      15-minute blocks taken, so two bookings never overlap
 *   teaching/{uid}                       a mentor's availability and rates
 */
import { BOOKING_STATES, type BookingState } from "./values";
import { z } from "zod/v4";
import {
  count,
  flag,
  getParsed,
  isRecord,
  oneOf,
  optionalText,
  pick,
  strings,
  text,
  type DocReader,
  type StoredDoc,
  withId,
} from "./fields";

export const BOOKINGS = "bookings";
export const bookingPath = (bookingId: string) => `${BOOKINGS}/${bookingId}`;
export const signalsOf = (bookingId: string) => `${bookingPath(bookingId)}/signals`;
export const SLOT_LOCKS = "slot_locks";
export const slotLockPath = (lockId: string) => `${SLOT_LOCKS}/${lockId}`;
export const TEACHING = "teaching";
export const teachingPath = (uid: string) => `${TEACHING}/${uid}`;

export { BOOKING_STATES, type BookingState } from "./values";

export type Role = "mentor" | "learner";
/** Who caused a transition: a participant, the scheduler, or an admin resolving a dispute. */
export type Actor = Role | "system" | "admin";
const ACTORS: readonly Actor[] = ["mentor", "learner", "system", "admin"];

export const RESOLUTIONS = ["mentor", "learner", "split"] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export interface HistoryItem {
  state: BookingState;
  at: number;
  by: Actor;
}

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Entries that are not a known state change are skipped; the rest keep their order. */
const historySchema = z
  .unknown()
  .transform((v): HistoryItem[] =>
    (Array.isArray(v) ? v : []).flatMap((h: unknown) =>
      isRecord(h) && BOOKING_STATES.includes(h.state as BookingState) && finite(h.at)
        ? [{ state: h.state as BookingState, at: h.at, by: pick(ACTORS, "system", h.by) }]
        : [],
    ),
  );

const confirmationsSchema = z.unknown().transform((v): { mentor?: number; learner?: number } => {
  const out: { mentor?: number; learner?: number } = {};
  if (isRecord(v)) {
    if (finite(v.mentor)) out.mentor = v.mentor;
    if (finite(v.learner)) out.learner = v.learner;
  }
  return out;
});

/** A mentor's payment held in escrow, with its ledger line (decision 063: label and params since then). */
export interface WaitingPayout {
  amount: number;
  description: string;
  label: string;
  params: Record<string, string | number>;
}

const waitingPayoutSchema = z.unknown().transform((v): WaitingPayout | null => {
  if (!isRecord(v) || !Number.isSafeInteger(v.amount)) return null;
  const params: Record<string, string | number> = {};
  if (isRecord(v.params))
    for (const [key, value] of Object.entries(v.params))
      if (typeof value === "string" || finite(value)) params[key] = value;
  return {
    amount: v.amount as number,
    description: typeof v.description === "string" ? v.description : "",
    label: typeof v.label === "string" ? v.label : "",
    params,
  };
});

export const bookingSchema = z.object({
  mentorUid: text(),
  learnerUid: text(),
  /** Both uids, for the array-contains query of a member's sessions. */
  participants: strings,
  skillTag: text(),
  skillLabel: text(),
  start: count(),
  end: count(),
  durationMinutes: count(),
  /** SP held from the learner. */
  price: count(),
  /** A state this version does not know reads as cancelled: closed, so no command moves SP on a guess. */
  state: oneOf(BOOKING_STATES, "cancelled"),
  confirmations: confirmationsSchema,
  history: historySchema,
  meetingLink: text(),
  notes: text(),
  notesUpdatedAt: count(),
  notesUpdatedBy: text(),
  /** Set when a participant disputes the session; null before. */
  disputeReason: optionalText,
  /** Set when an admin resolves the dispute; null before. */
  resolution: z.unknown().transform((v) => (RESOLUTIONS.includes(v as Resolution) ? (v as Resolution) : null)),
  /** The 15-minute blocks locked for this booking, so a release deletes exactly those. */
  lockIds: strings,
  reminderSent: flag,
  /**
   * The mentor's payment waits in escrow until the learner verifies their e-mail (decision 024):
   * true while it waits, with what the release will be; false and null on bookings that never waited.
   */
  payoutWaits: flag,
  waitingPayout: waitingPayoutSchema,
  /** One of a swap's two sessions (swap_links/{swapId}, documents/board.ts); null for any other booking. */
  swapId: optionalText,
  createdAt: count(),
  updatedAt: count(),
});
/** `bookings/{bookingId}` */
export type BookingDoc = z.output<typeof bookingSchema>;
export interface Booking extends BookingDoc {
  id: string;
}
/** Fields a booking gains only when something happens to it; a new booking need not write them. */
type LaterFields = "disputeReason" | "resolution" | "payoutWaits" | "waitingPayout" | "swapId";
/** What a writer stores for a new booking. */
export type NewBookingDoc = Omit<BookingDoc, LaterFields> & Partial<Pick<BookingDoc, LaterFields>>;

export const readBooking: (doc: StoredDoc) => Booking = withId(bookingSchema);
export async function getBooking(reader: DocReader, bookingId: string): Promise<Booking | null> {
  return getParsed(reader, bookingPath(bookingId), (data) => readBooking({ id: bookingId, data }));
}

export const slotLockSchema = z.object({ uid: text(), bookingId: text(), start: count() });
/** `slot_locks/{uid}_{blockStartMs}` */
export type SlotLockDoc = z.output<typeof slotLockSchema>;

export interface TimeRange {
  start: string;
  end: string;
}
export interface WeeklySlot extends TimeRange {
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}
export interface AvailabilityException {
  date: string;
  /** null: not available that day; otherwise these replace the weekly slots for that date. */
  slots: TimeRange[] | null;
}

const isRange = (v: unknown): v is TimeRange => isRecord(v) && typeof v.start === "string" && typeof v.end === "string";
const range = (v: TimeRange): TimeRange => ({ start: v.start, end: v.end });

export const teachingSchema = z.object({
  /** The zone the times are in; null to use the profile's. */
  timezone: optionalText,
  weekly: z
    .unknown()
    .transform((v): WeeklySlot[] =>
      (Array.isArray(v) ? v : []).flatMap((s: unknown) =>
        isRange(s) &&
        isRecord(s) &&
        Number.isInteger(s.weekday) &&
        (s.weekday as number) >= 0 &&
        (s.weekday as number) <= 6
          ? [{ weekday: s.weekday as number, ...range(s) }]
          : [],
      ),
    ),
  exceptions: z.unknown().transform((v): AvailabilityException[] =>
    (Array.isArray(v) ? v : []).flatMap((e: unknown) => {
      if (!isRecord(e) || typeof e.date !== "string") return [];
      if (e.slots === null) return [{ date: e.date, slots: null as TimeRange[] | null }];
      if (!Array.isArray(e.slots) || !e.slots.every(isRange)) return [];
      return [{ date: e.date, slots: e.slots.map(range) as TimeRange[] | null }];
    }),
  ),
  /** SP per hour by normalised skill tag; 0 is a free swap. Rates that are not whole SP are dropped. */
  rates: z.unknown().transform((v) => {
    const rates: Record<string, number> = {};
    if (isRecord(v))
      for (const [tag, rate] of Object.entries(v))
        if (Number.isSafeInteger(rate) && (rate as number) >= 0) rates[tag] = rate as number;
    return rates;
  }),
  updatedAt: count(),
});
/** `teaching/{uid}` */
export type TeachingDoc = z.output<typeof teachingSchema>;

/** A member who never set availability teaches at no time and has no rates. */
export function readTeaching(data: Record<string, unknown> | null | undefined): TeachingDoc {
  return teachingSchema.parse(data ?? {});
}
