/**
 * The booking state machine, pure: which transitions exist, who may make them, and what each
 * one does with the escrowed SP, as a list of ledger entries. bookings.server.ts applies the
 * verdict in one store transaction. Money rules: docs/decisions/009-booking-escrow.md.
 *
 *   requested → accepted | declined | cancelled
 *   accepted  → completed | cancelled | disputed
 *   disputed  → resolved (by an admin)
 */
import { BOOKING_MONEY_REASON_WORDS, type BookingMoneyReason, type LedgerLabel } from "~/features/wallet/labels";
import type { LedgerEntry } from "~/features/wallet/types";
import type { Actor, BookingDoc, BookingState, Resolution, Role } from "./types";

export const HOUR_MS = 3_600_000;
/** A learner cancelling an accepted session closer to its start than this pays half. */
export const LATE_CANCEL_MS = 24 * HOUR_MS;
/** An accepted session this long past its end, undisputed, completes by itself. */
export const AUTO_COMPLETE_AFTER_MS = 72 * HOUR_MS;
export const MAX_DISPUTE_REASON = 1_000;

export type Command =
  | { kind: "accept" }
  | { kind: "decline" }
  | { kind: "cancel" }
  | { kind: "confirm" }
  | { kind: "dispute"; reason: string }
  | { kind: "autoComplete" }
  | { kind: "expire" }
  | { kind: "resolve"; to: Resolution };

export interface MoneyMove {
  uid: string;
  entry: LedgerEntry;
}

export interface Change {
  state: BookingState;
  /** Fields to write on the booking besides state, history and updatedAt. */
  fields: Partial<BookingDoc>;
  money: MoneyMove[];
  /** The booking no longer occupies its time: delete its slot locks. */
  releasesTime: boolean;
}

export type Verdict =
  | { kind: "apply"; change: Change }
  /** Already done (a duplicate or a retry): nothing to write, nothing to report. */
  | { kind: "noop" }
  | { kind: "refuse"; key: string; values: Record<string, number> };

type BookingFacts = Pick<
  BookingDoc,
  "mentorUid" | "learnerUid" | "price" | "state" | "start" | "end" | "confirmations" | "skillLabel" | "durationMinutes"
> &
  Partial<Pick<BookingDoc, "resolution">> & { id: string };

/** States in which the session still occupies its time. */
export const ACTIVE_STATES: readonly BookingState[] = ["requested", "accepted", "disputed"];

export const STATE_LABELS: Record<BookingState, string> = {
  requested: "Requested",
  accepted: "Accepted",
  declined: "Declined",
  cancelled: "Cancelled",
  completed: "Completed",
  disputed: "Disputed",
  resolved: "Resolved",
};

function what(b: BookingFacts): string {
  return `${b.skillLabel} (${b.durationMinutes} min)`;
}

/** The session an entry's line names (decision 063): the skill as the booking stored it, and its minutes. */
const sessionParams = (b: BookingFacts) => ({ skill: b.skillLabel, minutes: b.durationMinutes });

export function holdEntry(b: BookingFacts): MoneyMove[] {
  if (b.price === 0) return [];
  return [
    {
      uid: b.learnerUid,
      entry: {
        id: `hold_${b.id}`,
        amount: -b.price,
        type: "booking_hold",
        description: `Held for session: ${what(b)}`,
        label: "booking_hold",
        params: sessionParams(b),
        ref: b.id,
      },
    },
  ];
}

type Line = Pick<LedgerEntry, "description" | "label" | "params">;

function refund(b: BookingFacts, amount: number, line: Line): MoneyMove[] {
  if (amount === 0) return [];
  return [{ uid: b.learnerUid, entry: { id: `refund_${b.id}`, amount, type: "refund", ...line, ref: b.id } }];
}

function release(b: BookingFacts, amount: number, line: Line): MoneyMove[] {
  if (amount === 0) return [];
  return [{ uid: b.mentorUid, entry: { id: `release_${b.id}`, amount, type: "booking_release", ...line, ref: b.id } }];
}

/** Half back to the learner, rounded down; the mentor gets the rest (so an odd SP goes to the mentor). */
export function splitAmounts(price: number): { learner: number; mentor: number } {
  const learner = Math.floor(price / 2);
  return { learner, mentor: price - learner };
}

/** An entry's line: its English words as stored, and its label with the reason's code and the session. */
function line(b: BookingFacts, label: LedgerLabel, english: string, why: BookingMoneyReason | null): Line {
  const reason = why ? ` (${BOOKING_MONEY_REASON_WORDS[why]})` : "";
  return {
    description: `${english}${reason}: ${what(b)}`,
    label,
    params: why ? { ...sessionParams(b), why } : sessionParams(b),
  };
}

function fullRefund(b: BookingFacts, why: BookingMoneyReason): MoneyMove[] {
  return refund(b, b.price, line(b, "refund", "Refund", why));
}

function split(b: BookingFacts, why: BookingMoneyReason): MoneyMove[] {
  const { learner, mentor } = splitAmounts(b.price);
  return [
    ...refund(b, learner, line(b, "half_refund", "Half refund", why)),
    ...release(b, mentor, line(b, "half_payment", "Half payment", why)),
  ];
}

function fullRelease(b: BookingFacts, why: BookingMoneyReason | null): MoneyMove[] {
  return release(b, b.price, line(b, "payment", "Payment for session", why));
}

export function roleOf(b: Pick<BookingDoc, "mentorUid" | "learnerUid">, uid: string): Role | null {
  if (uid === b.mentorUid) return "mentor";
  if (uid === b.learnerUid) return "learner";
  return null;
}

export function isLateCancellation(b: Pick<BookingDoc, "start">, now: number): boolean {
  return b.start - now < LATE_CANCEL_MS;
}

/**
 * What cancelling now means for the SP, from the same rule decide() applies: a learner cancelling
 * an accepted session less than 24 hours before the start gets half back; every other cancellation
 * refunds the learner in full. A message of the "bookings" namespace (cancelCost.*) with its SP
 * amounts, which the room writes in the reader's language.
 */
export function cancellationCost(
  b: Pick<BookingDoc, "state" | "start" | "price">,
  role: "learner" | "mentor",
  now: number,
): { key: "cancelCost.mentor" | "cancelCost.late" | "cancelCost.learner"; values: Record<string, number> } {
  if (role === "mentor") return { key: "cancelCost.mentor", values: { price: b.price } };
  if (b.state === "accepted" && isLateCancellation(b, now)) {
    const { learner, mentor } = splitAmounts(b.price);
    return { key: "cancelCost.late", values: { learner, mentor, price: b.price } };
  }
  return { key: "cancelCost.learner", values: { price: b.price } };
}

function apply(
  state: BookingState,
  money: MoneyMove[],
  fields: Partial<BookingDoc> = {},
  releasesTime = false,
): Verdict {
  return { kind: "apply", change: { state, money, fields, releasesTime } };
}

/** A refusal: its message as a key of the "bookings" namespace (errors.*) and its values. */
function refuse(key: string, values: Record<string, number> = {}): Verdict {
  return { kind: "refuse", key, values };
}

const ALREADY: Partial<Record<BookingState, string>> = {
  declined: "errors.state.declined",
  cancelled: "errors.state.cancelled",
  completed: "errors.state.completed",
  disputed: "errors.state.disputed",
  resolved: "errors.state.resolved",
  accepted: "errors.state.accepted",
};

function stateRefusal(b: BookingFacts): Verdict {
  return refuse(ALREADY[b.state] ?? "errors.state.other");
}

/** What `command` by `actor` does to the booking at `now`. */
export function decide(b: BookingFacts, command: Command, actor: Actor, now: number): Verdict {
  switch (command.kind) {
    case "accept":
      if (actor !== "mentor") return refuse("errors.refuse.mentorAccepts");
      if (b.state === "accepted") return { kind: "noop" };
      if (b.state !== "requested") return stateRefusal(b);
      if (now >= b.start) return refuse("errors.refuse.expired");
      return apply("accepted", []);

    case "decline":
      if (actor !== "mentor") return refuse("errors.refuse.mentorDeclines");
      if (b.state === "declined") return { kind: "noop" };
      if (b.state !== "requested") return stateRefusal(b);
      return apply("declined", fullRefund(b, "declined"), {}, true);

    case "cancel": {
      if (actor !== "mentor" && actor !== "learner") return refuse("errors.refuse.participantCancels");
      if (b.state === "cancelled") return { kind: "noop" };
      if (b.state !== "requested" && b.state !== "accepted") return stateRefusal(b);
      if (b.state === "requested" && actor === "mentor") return refuse("errors.refuse.declineInstead");
      if (now >= b.start) return refuse("errors.refuse.startedCancel");
      // Until the mentor accepts, nobody has committed their time: a learner withdraws for free.
      const late = b.state === "accepted" && actor === "learner" && isLateCancellation(b, now);
      return apply("cancelled", late ? split(b, "late") : fullRefund(b, "cancelled"), {}, true);
    }

    case "expire":
      if (actor !== "system") return refuse("errors.refuse.schedulerExpires");
      if (b.state !== "requested" || now < b.start) return { kind: "noop" };
      return apply("cancelled", fullRefund(b, "expired"), {}, true);

    case "confirm": {
      if (actor !== "mentor" && actor !== "learner") return refuse("errors.refuse.participantConfirms");
      if (b.state === "completed" || b.confirmations[actor] !== undefined) return { kind: "noop" };
      if (b.state !== "accepted") return stateRefusal(b);
      if (now < b.start) return refuse("errors.refuse.confirmAfterStart");
      const confirmations = { ...b.confirmations, [actor]: now };
      if (confirmations.mentor !== undefined && confirmations.learner !== undefined) {
        return apply("completed", fullRelease(b, null), { confirmations });
      }
      return apply("accepted", [], { confirmations });
    }

    case "autoComplete":
      if (actor !== "system") return refuse("errors.refuse.schedulerCompletes");
      if (b.state !== "accepted" || now < b.end + AUTO_COMPLETE_AFTER_MS) return { kind: "noop" };
      return apply("completed", fullRelease(b, "auto"));

    case "dispute": {
      if (actor !== "mentor" && actor !== "learner") return refuse("errors.refuse.participantDisputes");
      if (b.state === "disputed") return { kind: "noop" };
      if (b.state !== "accepted") return stateRefusal(b);
      if (now < b.start) return refuse("errors.refuse.disputeAfterStart");
      const reason = command.reason.trim();
      if (!reason) return refuse("errors.refuse.disputeReason");
      if (reason.length > MAX_DISPUTE_REASON)
        return refuse("errors.refuse.disputeTooLong", { max: MAX_DISPUTE_REASON });
      return apply("disputed", [], { disputeReason: reason });
    }

    case "resolve":
      if (actor !== "admin") return refuse("errors.refuse.adminResolves");
      if (b.state === "resolved" && b.resolution === command.to) return { kind: "noop" };
      if (b.state !== "disputed") return stateRefusal(b);
      return apply(
        "resolved",
        command.to === "mentor"
          ? fullRelease(b, "dispute")
          : command.to === "learner"
            ? fullRefund(b, "dispute")
            : split(b, "dispute"),
        { resolution: command.to },
      );
  }
}

/** The buttons a participant may see for a booking at `now` (the server decides again on use). */
export function availableCommands(b: BookingFacts, role: Role, now: number): Command["kind"][] {
  const probes: Command[] = [
    { kind: "accept" },
    { kind: "decline" },
    { kind: "cancel" },
    { kind: "confirm" },
    { kind: "dispute", reason: "x" },
  ];
  return probes
    .filter((c) => {
      const verdict = decide(b, c, role, now);
      return verdict.kind === "apply";
    })
    .map((c) => c.kind);
}
