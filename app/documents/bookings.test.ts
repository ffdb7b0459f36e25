import { describe, expect, it } from "vitest";
import { bookingPath, readBooking, readTeaching, signalsOf, slotLockPath, teachingPath } from "./bookings";

describe("bookings/{bookingId} and the booking area's documents", () => {
  it("names its paths once", () => {
    expect(bookingPath("b1")).toBe("bookings/b1");
    expect(signalsOf("b1")).toBe("bookings/b1/signals");
    expect(slotLockPath("u1_0")).toBe("slot_locks/u1_0");
    expect(teachingPath("u1")).toBe("teaching/u1");
  });

  it("reads a booking from before disputes and escrow with their defaults, dropping unknown fields", () => {
    const booking = readBooking({
      id: "b1",
      data: { mentorUid: "m", learnerUid: "l", state: "accepted", price: 20, history: [], extra: 1 },
    });
    expect(booking).toMatchObject({
      id: "b1",
      state: "accepted",
      price: 20,
      disputeReason: null,
      resolution: null,
      payoutWaits: false,
      waitingPayout: null,
      confirmations: {},
      lockIds: [],
    });
    expect(booking).not.toHaveProperty("extra");
  });

  it("reads an unknown state as cancelled (closed) and keeps only well-formed history entries", () => {
    const booking = readBooking({
      id: "b1",
      data: {
        state: "paused",
        history: [{ state: "requested", at: 1, by: "learner" }, { state: "nope", at: 2 }, "junk"],
        confirmations: { mentor: 5, learner: "x" },
      },
    });
    expect(booking.state).toBe("cancelled");
    expect(booking.history).toEqual([{ state: "requested", at: 1, by: "learner" }]);
    expect(booking.confirmations).toEqual({ mentor: 5 });
  });

  it("reads teaching hours and rates, skipping malformed entries", () => {
    expect(
      readTeaching({
        weekly: [
          { weekday: 1, start: "09:00", end: "12:00" },
          { weekday: 9, start: "09:00", end: "10:00" },
        ],
        exceptions: [{ date: "2026-01-01", slots: null }, { date: 3 }],
        rates: { spanish: 20, go: -1, rust: 1.5 },
      }),
    ).toEqual({
      timezone: null,
      weekly: [{ weekday: 1, start: "09:00", end: "12:00" }],
      exceptions: [{ date: "2026-01-01", slots: null }],
      rates: { spanish: 20 },
      updatedAt: 0,
    });
  });
});
