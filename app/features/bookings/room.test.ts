import { describe, expect, it } from "vitest";
import type { BookingPayload } from "~/engine/live/feeds";
import { newerBooking, roomPayload } from "./room";

const HOUR = 3_600_000;
const booking = (fields: Partial<BookingPayload> = {}): BookingPayload => ({
  id: "b1",
  mentorUid: "mentor",
  learnerUid: "learner",
  skillLabel: "Spanish",
  durationMinutes: 60,
  price: 40,
  start: 10 * HOUR,
  end: 11 * HOUR,
  state: "accepted",
  confirmations: {},
  history: [],
  meetingLink: "",
  notes: "",
  notesUpdatedAt: 0,
  notesUpdatedBy: "",
  disputeReason: null,
  resolution: null,
  updatedAt: 1_000,
  ...fields,
});

describe("newerBooking", () => {
  it("shows the loader's copy when the member's own command changed it and the live feed has not caught up", () => {
    const live = booking();
    const loaded = booking({ confirmations: { mentor: 2_000 }, updatedAt: 2_000 });
    expect(roomPayload(live, "mentor", 12 * HOUR).actions).toContain("confirm");
    expect(newerBooking(live, loaded)).toBe(loaded);
    expect(roomPayload(newerBooking(live, loaded), "mentor", 12 * HOUR).actions).not.toContain("confirm");
  });

  it("shows the live copy once it is as new as the loader's or newer", () => {
    const loaded = booking({ updatedAt: 2_000 });
    const same = booking({ updatedAt: 2_000 });
    const later = booking({ state: "completed", updatedAt: 3_000 });
    expect(newerBooking(same, loaded)).toBe(same);
    expect(newerBooking(later, loaded)).toBe(later);
  });

  it("falls back to the loader's copy when the feed has none", () => {
    const loaded = booking();
    expect(newerBooking(null, loaded)).toBe(loaded);
  });
});
