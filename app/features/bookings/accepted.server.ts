/**
 * A booking that starts accepted: both members already agreed (a board proposal the poster
 * accepted, decision 041), so there is no request to answer. Two-phase like the ledger's
 * prepareEntry: `prepareAcceptedBooking` reads the slot locks and the learner's wallet inside the
 * caller's transaction and checks them; `commit()` writes the booking, its locks and the hold
 * (`hold_{bookingId}`, decision 009) after the caller's other reads. From then on it is an ordinary
 * booking: cancel, confirm, dispute, reviews and xp as for any other.
 */
import type { Transaction } from "~/engine/store/types";
import { InsufficientFundsError, prepareEntry } from "~/features/wallet/ledger.server";
import { slotLockPath, type Booking } from "~/documents/bookings";
import { BookingError, isDuration, lockIdsFor } from "./bookings.server";
import { newBookingDoc, writeNewBooking, type NewBooking } from "./new-booking.server";
import { holdEntry } from "./state";
import type { Role } from "./types";

const MINUTE = 60_000;

export interface AcceptedBookingSpec {
  id: string;
  mentorUid: string;
  learnerUid: string;
  skillTag: string;
  skillLabel: string;
  start: number;
  durationMinutes: number;
  /** SP held from the learner; 0 holds nothing (a swap's sessions). */
  price: number;
  /** Who agreed last, for the booking's history. */
  acceptedBy: Role;
  swapId?: string | null;
}

export interface PreparedBooking {
  booking: Booking;
  /** Writes only: call after every read of the transaction. */
  commit(): void;
}

export async function prepareAcceptedBooking(
  tx: Transaction,
  spec: AcceptedBookingSpec,
  now: number,
  /** What the learner is told when the hold does not fit their wallet: a key of "bookings" taking {short}. */
  shortKey = "errors.insufficient",
): Promise<PreparedBooking> {
  const { id, mentorUid, learnerUid, start, durationMinutes, price } = spec;
  if (!isDuration(durationMinutes)) throw new BookingError("invalid", 400, "errors.duration");
  if (mentorUid === learnerUid) throw new BookingError("invalid", 400, "errors.self");
  if (!Number.isSafeInteger(price) || price < 0) throw new BookingError("invalid", 400, "errors.price");
  const end = start + durationMinutes * MINUTE;
  const mentorLocks = lockIdsFor(mentorUid, start, end);
  const learnerLocks = lockIdsFor(learnerUid, start, end);
  const locks = await Promise.all([...mentorLocks, ...learnerLocks].map((lock) => tx.get(slotLockPath(lock))));
  const taken = (from: number, to: number) => locks.slice(from, to).some(Boolean);
  if (taken(0, mentorLocks.length))
    throw new BookingError("slot_taken", 409, spec.acceptedBy === "mentor" ? "errors.ownSession" : "errors.slotTaken");
  if (taken(mentorLocks.length, locks.length))
    throw new BookingError("conflict", 409, spec.acceptedBy === "learner" ? "errors.ownSession" : "errors.slotTaken");

  const fresh: NewBooking = {
    mentorUid,
    learnerUid,
    skillTag: spec.skillTag,
    skillLabel: spec.skillLabel,
    start,
    end,
    durationMinutes,
    price,
    state: "accepted",
    by: spec.acceptedBy,
    mentorLocks,
    learnerLocks,
    swapId: spec.swapId ?? null,
  };
  const booking = newBookingDoc(fresh, now);
  let holds;
  try {
    holds = await Promise.all(holdEntry({ ...booking, id }).map((move) => prepareEntry(tx, move.uid, move.entry, now)));
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      const short = -error.amount - error.balance;
      throw new BookingError("insufficient_funds", 409, shortKey, { short }, short);
    }
    throw error;
  }
  return {
    booking: { ...booking, id },
    commit() {
      writeNewBooking(tx, id, booking, fresh);
      for (const hold of holds) hold.commit();
    },
  };
}
