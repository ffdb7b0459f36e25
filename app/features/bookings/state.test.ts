import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { availableCommands, cancellationCost, decide, LATE_CANCEL_MS, splitAmounts } from "./state";
import { H, requestedBooking } from "../../../tests/support/booking";

const base = requestedBooking;

const money = (verdict: ReturnType<typeof decide>) =>
  verdict.kind === "apply" ? verdict.change.money.map((m) => [m.entry.id, m.uid, m.entry.amount]) : verdict;

describe("booking state machine", () => {
  it("refunds a decline in full and frees the time", () => {
    const v = decide(base, { kind: "decline" }, "mentor", 0);
    expect(money(v)).toEqual([["refund_b1", "l", 41]]);
    expect(v.kind === "apply" && v.change.releasesTime).toBe(true);
  });

  it("lets a learner withdraw a request for free, even at the last minute", () => {
    expect(money(decide(base, { kind: "cancel" }, "learner", base.start - H))).toEqual([["refund_b1", "l", 41]]);
  });

  it("splits a learner's late cancellation of an accepted session, the odd SP to the mentor", () => {
    const accepted = { ...base, state: "accepted" as const };
    expect(money(decide(accepted, { kind: "cancel" }, "learner", base.start - LATE_CANCEL_MS + 1))).toEqual([
      ["refund_b1", "l", 20],
      ["release_b1", "m", 21],
    ]);
    expect(money(decide(accepted, { kind: "cancel" }, "learner", base.start - LATE_CANCEL_MS))).toEqual([
      ["refund_b1", "l", 41],
    ]);
    expect(money(decide(accepted, { kind: "cancel" }, "mentor", base.start - H))).toEqual([["refund_b1", "l", 41]]);
    expect(splitAmounts(1)).toEqual({ learner: 0, mentor: 1 });
  });

  it("completes on the second confirmation only, after the start", () => {
    const accepted = { ...base, state: "accepted" as const };
    expect(decide(accepted, { kind: "confirm" }, "learner", base.start - 1)).toMatchObject({ kind: "refuse" });
    const first = decide(accepted, { kind: "confirm" }, "learner", base.end);
    expect(first).toMatchObject({ kind: "apply", change: { state: "accepted", money: [] } });
    const both = { ...accepted, confirmations: { learner: base.end } };
    expect(decide(both, { kind: "confirm" }, "learner", base.end)).toEqual({ kind: "noop" });
    expect(money(decide(both, { kind: "confirm" }, "mentor", base.end))).toEqual([["release_b1", "m", 41]]);
  });

  it("posts nothing for a free swap", () => {
    expect(money(decide({ ...base, price: 0 }, { kind: "decline" }, "mentor", 0))).toEqual([]);
  });

  it("treats repeats as no-ops and wrong actors as refusals", () => {
    expect(decide({ ...base, state: "accepted" }, { kind: "accept" }, "mentor", 0)).toEqual({ kind: "noop" });
    expect(decide(base, { kind: "accept" }, "learner", 0)).toMatchObject({ kind: "refuse" });
    expect(decide(base, { kind: "resolve", to: "mentor" }, "mentor", 0)).toMatchObject({ kind: "refuse" });
    expect(
      decide({ ...base, state: "completed" }, { kind: "dispute", reason: "x" }, "learner", base.end),
    ).toMatchObject({ kind: "refuse" });
  });

  it("offers each participant only what they may do now", () => {
    expect(availableCommands(base, "mentor", 0)).toEqual(["accept", "decline"]);
    expect(availableCommands(base, "learner", 0)).toEqual(["cancel"]);
    expect(availableCommands({ ...base, state: "accepted" }, "learner", base.start + 1)).toEqual([
      "confirm",
      "dispute",
    ]);
  });
});

describe("cancellationCost", () => {
  const start = Date.UTC(2026, 2, 10, 12);
  const booking = (state: "requested" | "accepted", price = 61) => ({ state, start, price });
  // The room passes SP amounts through formatSp and the whole price through formatNumber.
  const english = ({ key, values }: ReturnType<typeof cancellationCost>) =>
    fixedT("en", "bookings")(key, {
      price: `${values.price} SP`,
      total: String(values.price),
      learner: `${values.learner} SP`,
      mentor: `${values.mentor} SP`,
    });
  it("tells a learner cancelling an accepted session late what half they get back, the odd SP to the mentor", () => {
    const late = cancellationCost(booking("accepted"), "learner", start - LATE_CANCEL_MS + 1);
    expect(late).toEqual({ key: "cancelCost.late", values: { learner: 30, mentor: 31, price: 61 } });
    expect(english(late)).toBe(
      "Less than 24 hours before the start: you get back 30 SP of 61; 31 SP go to the mentor.",
    );
    // The same split decide() applies.
    expect(splitAmounts(61)).toEqual({ learner: 30, mentor: 31 });
  });
  it("promises a full refund earlier, for a request not yet accepted, and when the mentor cancels", () => {
    expect(english(cancellationCost(booking("accepted"), "learner", start - LATE_CANCEL_MS))).toBe(
      "You get back all 61 SP.",
    );
    expect(english(cancellationCost(booking("requested"), "learner", start - 1))).toBe("You get back all 61 SP.");
    expect(english(cancellationCost(booking("accepted"), "mentor", start - 1))).toBe(
      "The learner gets back all 61 SP.",
    );
  });
  it("reads in Spanish with the amounts in place", () => {
    const { key, values } = cancellationCost(booking("accepted"), "learner", start - LATE_CANCEL_MS + 1);
    expect(fixedT("es", "bookings")(key, { price: "61 SP", total: "61", learner: "30 SP", mentor: "31 SP" })).toBe(
      "Faltan menos de 24 horas para el inicio: recuperas 30 SP de 61; 31 SP van al mentor.",
    );
    expect(values.price).toBe(61);
  });
});
