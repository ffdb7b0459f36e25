/** The booking area's types. Its stored documents are named and parsed in ~/documents/bookings. Browser-safe. */
export { BOOKING_STATES } from "~/documents/values";
export type {
  Actor,
  AvailabilityException,
  Booking,
  BookingDoc,
  BookingState,
  HistoryItem,
  NewBookingDoc,
  Resolution,
  Role,
  SlotLockDoc,
  TeachingDoc,
  TimeRange,
  WeeklySlot,
} from "~/documents/bookings";

export const DURATIONS = [30, 60, 90] as const;
export type Duration = (typeof DURATIONS)[number];
/** What the booking panel starts with, and what a match card's "next free slot" is for. */
export const DEFAULT_DURATION: Duration = 60;

/** What the booking resource routes answer (api.bookings*), read by the booking components. */
export type BookingActionResult =
  | { ok: true; bookingId?: string; applied?: boolean; message?: string }
  | { ok: false; error: string; code?: string; shortBy?: number };

/** What the /calendar page's forms answer. */
export type CalendarActionResult =
  { intent: string; ok: true; message: string; feedUrl?: string } | { intent: string; ok: false; error: string };
