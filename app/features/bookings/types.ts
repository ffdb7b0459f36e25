/** Documents of the booking area, as stored. Browser-safe. */

export const BOOKING_STATES = [
  "requested",
  "accepted",
  "declined",
  "cancelled",
  "completed",
  "disputed",
  "resolved",
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

export type Role = "mentor" | "learner";
/** Who caused a transition: a participant, the scheduler, or an admin resolving a dispute. */
export type Actor = Role | "system" | "admin";

export type Resolution = "mentor" | "learner" | "split";

export const DURATIONS = [30, 60, 90] as const;
export type Duration = (typeof DURATIONS)[number];
/** What the booking panel starts with, and what a match card's "next free slot" is for. */
export const DEFAULT_DURATION: Duration = 60;

export interface WeeklySlot {
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
  start: string;
  end: string;
}

export interface TimeRange {
  start: string;
  end: string;
}

export interface AvailabilityException {
  date: string;
  /** null: not available that day; otherwise these replace the weekly slots for that date. */
  slots: TimeRange[] | null;
}

/** `teaching/{uid}` */
export interface TeachingDoc {
  [field: string]: unknown;
  timezone?: string;
  weekly: WeeklySlot[];
  exceptions: AvailabilityException[];
  /** SP per hour by normalised skill tag; 0 is a free swap. */
  rates: Record<string, number>;
  updatedAt: number;
}

export interface HistoryItem {
  state: BookingState;
  at: number;
  by: Actor;
}

/** `bookings/{bookingId}` */
export interface BookingDoc {
  [field: string]: unknown;
  mentorUid: string;
  learnerUid: string;
  participants: [string, string];
  skillTag: string;
  skillLabel: string;
  start: number;
  end: number;
  durationMinutes: number;
  price: number;
  state: BookingState;
  confirmations: { mentor?: number; learner?: number };
  history: HistoryItem[];
  meetingLink: string;
  notes: string;
  notesUpdatedAt: number;
  notesUpdatedBy: string;
  disputeReason?: string;
  resolution?: Resolution;
  /** The 15-minute blocks locked for this booking, so a release deletes exactly those. */
  lockIds: string[];
  reminderSent: boolean;
  /**
   * The mentor's payment waits in escrow until the learner verifies their e-mail (decision 024):
   * true while it waits, with what the release will be. Absent on bookings that never waited.
   */
  payoutWaits?: boolean;
  waitingPayout?: { amount: number; description: string } | null;
  createdAt: number;
  updatedAt: number;
}

export interface Booking extends BookingDoc {
  id: string;
}

/** `slot_locks/{uid}_{blockStartMs}` */
export interface SlotLockDoc {
  [field: string]: unknown;
  uid: string;
  bookingId: string;
  start: number;
}

/** What the booking resource routes answer (api.bookings*), read by the booking components. */
export type BookingActionResult =
  | { ok: true; bookingId?: string; applied?: boolean; message?: string }
  | { ok: false; error: string; code?: string; shortBy?: number };

/** What the /calendar page's forms answer. */
export type CalendarActionResult =
  { intent: string; ok: true; message: string; feedUrl?: string } | { intent: string; ok: false; error: string };
