import { describe, expect, it } from "vitest";
import { bookingOf, decideProposal, proposalActions, type ProposalFacts } from "./proposal-state";

const H = 3_600_000;
const pending: ProposalFacts = { state: "pending", start: 100 * H, durationMinutes: 60, price: 25, swap: false };
const open = { open: true, expiresAt: 200 * H };
const now = 10 * H;

describe("proposal state machine", () => {
  it("accepts a pending proposal on an open post into a paid booking and closes the post", () => {
    expect(decideProposal(pending, open, { kind: "accept" }, "poster", now)).toEqual({
      kind: "apply",
      state: "accepted",
      book: { kind: "paid", price: 25 },
      closesPost: true,
    });
  });

  it("books once when accepted twice: the second acceptance is a no-op", () => {
    const accepted = { ...pending, state: "accepted" as const };
    expect(decideProposal(accepted, { ...open, open: false }, { kind: "accept" }, "poster", now)).toEqual({
      kind: "noop",
    });
  });

  it("lets only the poster accept or decline", () => {
    expect(decideProposal(pending, open, { kind: "accept" }, "proposer", now)).toMatchObject({
      kind: "refuse",
      status: 403,
    });
    expect(decideProposal(pending, open, { kind: "decline", reason: "no" }, "proposer", now)).toMatchObject({
      kind: "refuse",
      status: 403,
    });
  });

  it("refuses to accept on a closed or expired post, or after the proposed start", () => {
    expect(decideProposal(pending, { ...open, open: false }, { kind: "accept" }, "poster", now)).toEqual({
      kind: "refuse",
      status: 409,
      refusal: "postClosed",
    });
    expect(decideProposal(pending, { ...open, expiresAt: now }, { kind: "accept" }, "poster", now)).toEqual({
      kind: "refuse",
      status: 409,
      refusal: "postExpired",
    });
    expect(decideProposal(pending, open, { kind: "accept" }, "poster", pending.start)).toMatchObject({
      kind: "refuse",
    });
  });

  it("declines with a reason only, kept trimmed", () => {
    expect(decideProposal(pending, open, { kind: "decline", reason: "  " }, "poster", now)).toMatchObject({
      kind: "refuse",
      refusal: "reasonMissing",
    });
    expect(decideProposal(pending, open, { kind: "decline", reason: "x".repeat(501) }, "poster", now)).toMatchObject({
      kind: "refuse",
    });
    expect(decideProposal(pending, open, { kind: "decline", reason: " Too late \n" }, "poster", now)).toEqual({
      kind: "apply",
      state: "declined",
      declineReason: "Too late",
      closesPost: false,
    });
    // A decline may come after the post closed (the poster tidies up); it books nothing.
    expect(
      decideProposal(pending, { ...open, open: false }, { kind: "decline", reason: "No" }, "poster", now),
    ).toMatchObject({ kind: "apply", state: "declined" });
  });

  it("lapses at the proposed start, by the scheduler only, and not before", () => {
    expect(decideProposal(pending, open, { kind: "lapse" }, "system", pending.start - 1)).toEqual({ kind: "noop" });
    expect(decideProposal(pending, open, { kind: "lapse" }, "system", pending.start)).toEqual({
      kind: "apply",
      state: "lapsed",
      closesPost: false,
    });
    expect(decideProposal(pending, open, { kind: "lapse" }, "poster", pending.start)).toMatchObject({
      kind: "refuse",
    });
  });

  it("closes the proposals that waited when another is accepted, leaving final ones alone", () => {
    expect(decideProposal(pending, open, { kind: "close" }, "system", now)).toEqual({
      kind: "apply",
      state: "closed",
      closesPost: false,
    });
    for (const state of ["accepted", "declined", "lapsed", "closed"] as const)
      expect(decideProposal({ ...pending, state }, open, { kind: "close" }, "system", now)).toEqual({ kind: "noop" });
  });

  it("keeps every final state final", () => {
    for (const state of ["declined", "lapsed", "closed"] as const) {
      const verdict = decideProposal({ ...pending, state }, open, { kind: "accept" }, "poster", now);
      expect(verdict.kind).toBe("refuse");
    }
    const accepted = { ...pending, state: "accepted" as const };
    expect(decideProposal(accepted, open, { kind: "decline", reason: "x" }, "poster", now).kind).toBe("refuse");
    expect(decideProposal(accepted, open, { kind: "lapse" }, "system", pending.start + 1)).toEqual({ kind: "noop" });
  });

  it("books a swap as two sessions of the same length, the return one right after the first", () => {
    const swap = { ...pending, price: 0, swap: true };
    expect(bookingOf(swap)).toEqual({
      kind: "swap",
      sessions: [
        { start: 100 * H, durationMinutes: 60 },
        { start: 101 * H, durationMinutes: 60 },
      ],
    });
    expect(decideProposal(swap, open, { kind: "accept" }, "poster", now)).toMatchObject({
      kind: "apply",
      book: { kind: "swap" },
    });
  });

  it("shows the poster accept and decline while pending, and nothing once answered", () => {
    expect(proposalActions(pending, open, "poster", now)).toEqual(["accept", "decline"]);
    expect(proposalActions(pending, { ...open, open: false }, "poster", now)).toEqual(["decline"]);
    expect(proposalActions(pending, open, "proposer", now)).toEqual(["withdraw"]);
    expect(proposalActions({ ...pending, state: "accepted" }, open, "poster", now)).toEqual([]);
  });

  it("lets only the proposer withdraw a waiting proposal; withdrawing twice changes nothing", () => {
    expect(decideProposal(pending, open, { kind: "withdraw" }, "proposer", now)).toEqual({
      kind: "apply",
      state: "withdrawn",
      closesPost: false,
    });
    expect(decideProposal(pending, open, { kind: "withdraw" }, "poster", now)).toMatchObject({
      kind: "refuse",
      status: 403,
    });
    const withdrawn = { ...pending, state: "withdrawn" as const };
    expect(decideProposal(withdrawn, open, { kind: "withdraw" }, "proposer", now)).toEqual({ kind: "noop" });
    expect(decideProposal(withdrawn, open, { kind: "accept" }, "poster", now)).toEqual({
      kind: "refuse",
      status: 409,
      refusal: "withdrawn",
    });
    expect(
      decideProposal({ ...pending, state: "accepted" }, open, { kind: "withdraw" }, "proposer", now),
    ).toMatchObject({ kind: "refuse", status: 409 });
  });
});
