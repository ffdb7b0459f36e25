/**
 * A new booking's document and its writes, the same whether it starts requested (a learner's
 * request, bookings.server.ts) or accepted (a board proposal, accepted.server.ts).
 */
import type { Transaction } from "~/engine/store/types";
import { bookingPath, slotLockPath, type BookingDoc, type SlotLockDoc } from "~/documents/bookings";
import type { Role } from "./types";

export interface NewBooking {
  mentorUid: string;
  learnerUid: string;
  skillTag: string;
  skillLabel: string;
  start: number;
  end: number;
  durationMinutes: number;
  price: number;
  state: "requested" | "accepted";
  /** Who made it so, for the booking's history. */
  by: Role;
  mentorLocks: string[];
  learnerLocks: string[];
  swapId: string | null;
}

/** The booking's first document: its first state in the history, nothing else happened yet. */
export function newBookingDoc(spec: NewBooking, now: number): BookingDoc {
  const { mentorUid, learnerUid } = spec;
  return {
    mentorUid,
    learnerUid,
    participants: [mentorUid, learnerUid],
    skillTag: spec.skillTag,
    skillLabel: spec.skillLabel,
    start: spec.start,
    end: spec.end,
    durationMinutes: spec.durationMinutes,
    price: spec.price,
    state: spec.state,
    confirmations: {},
    history: [{ state: spec.state, at: now, by: spec.by }],
    meetingLink: "",
    notes: "",
    notesUpdatedAt: now,
    notesUpdatedBy: learnerUid,
    disputeReason: null,
    resolution: null,
    lockIds: [...spec.mentorLocks, ...spec.learnerLocks],
    reminderSent: false,
    payoutWaits: false,
    waitingPayout: null,
    swapId: spec.swapId,
    createdAt: now,
    updatedAt: now,
  };
}

/** Writes the booking and the slot locks of both members (writes only: after every read). */
export function writeNewBooking(tx: Transaction, id: string, booking: BookingDoc, spec: NewBooking): void {
  tx.create(bookingPath(id), booking);
  for (const lock of spec.mentorLocks)
    tx.create(slotLockPath(lock), { uid: spec.mentorUid, bookingId: id, start: spec.start } satisfies SlotLockDoc);
  for (const lock of spec.learnerLocks)
    tx.create(slotLockPath(lock), { uid: spec.learnerUid, bookingId: id, start: spec.start } satisfies SlotLockDoc);
}
