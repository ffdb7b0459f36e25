/**
 * A mentor who teaches from 09:00 to 18:00 UTC every day, for tests of bookings and what follows
 * them: the fixed "now" keeps the slots reproducible.
 */
import type { DocStore } from "~/engine/store/types";
import { bookableStarts } from "~/features/bookings/availability";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";

export const HOUR = 3_600_000;
/** Monday 2 March 2026, 00:00 UTC. */
export const NOW = Date.UTC(2026, 2, 2, 0, 0);
export const WORKING_WEEK = {
  weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "18:00" })),
  exceptions: [],
};

/** Hour-long starts from two hours after NOW for `days` days, on the 30-minute grid (every other one keeps sessions apart). */
export function workingWeekSlots(days: number): number[] {
  return bookableStarts(WORKING_WEEK, "UTC", { from: NOW + 2 * HOUR, to: NOW + days * 24 * HOUR, durationMinutes: 60 });
}

/** Makes `uid` bookable for the given skills at these rates (SP per hour), within the working week. */
export async function teachDuringWorkingWeek(store: DocStore, uid: string, rates: Record<string, number>) {
  await saveAvailability(store, uid, { timezone: "UTC", ...WORKING_WEEK }, NOW);
  await saveRates(store, uid, rates, NOW);
}
