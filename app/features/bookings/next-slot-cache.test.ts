import { describe, expect, it } from "vitest";
import { nextSlotDependsOn } from "./views.server";

describe("nextSlotDependsOn", () => {
  const mentor = nextSlotDependsOn("mentor1");

  it("takes every booking (their participants are not in the path), the mentor's hours and profile", () => {
    expect(mentor("bookings/b1")).toBe(true);
    expect(mentor("teaching/mentor1")).toBe(true);
    expect(mentor("users/mentor1")).toBe(true);
  });

  it("leaves a call's signalling, other members' hours and the rest of the store alone", () => {
    expect(mentor("bookings/b1/signals/s1")).toBe(false);
    expect(mentor("teaching/mentor2")).toBe(false);
    expect(mentor("users/mentor10")).toBe(false);
    expect(mentor("wallets/mentor1")).toBe(false);
  });
});
