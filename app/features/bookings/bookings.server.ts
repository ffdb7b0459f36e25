/**
 * Bookings on the DocStore. Every change is one transaction: the booking, its slot locks, the
 * ledger entries of its escrow (wallet ledger, decision 006), xp and notifications commit
 * together or not at all. Rules live in state.ts; this module only applies them.
 */
import { getUser } from "~/documents/users";
import { getBoardPost, type BoardPost } from "~/documents/board";
import { offerPrice } from "./offer-price";
import { prepareAnswer } from "~/features/board/answers.server";
import { randomUUID } from "node:crypto";
import { createRateLimiter } from "~/utils/rate-limit.server";
import { fixedT } from "~/i18n/i18n.server";
import { AlreadyExistsError, type DocStore, type Transaction } from "~/engine/store/types";
import { prepareNotifications } from "~/features/notifications/notifications.server";
import { sessionAwards } from "~/features/progress/xp";
import { InsufficientFundsError, prepareEntry, type PreparedEntry } from "~/features/wallet/ledger.server";
import { isBookableStart, priceFor } from "./availability";
import { knownTimeZone } from "~/utils/zoned-time";
import { payoutReleasedNotice, requestNotices, transitionNotices } from "./notices";
import { queueBookingMails } from "~/features/mail/queue.server";
import { decide, holdEntry, roleOf, type Command, type MoneyMove } from "./state";
import { paymentsWait } from "~/features/wallet/bonus-hold.server";
import { isLedgerLabel } from "~/features/wallet/labels";
import {
  BOOKINGS,
  bookingPath,
  getBooking,
  readBooking,
  readTeaching,
  slotLockPath,
  teachingPath,
  type Booking,
  type BookingDoc,
  type WaitingPayout,
} from "~/documents/bookings";
import { newBookingDoc, writeNewBooking, type NewBooking } from "./new-booking.server";
import type { Actor, Duration } from "./types";
import { DURATIONS } from "./types";
import { prepareXp } from "~/features/progress/xp-awards.server";

const MINUTE = 60_000;
/** Locks cover 15-minute blocks: every zone's :00 and :30 fall on that grid (Nepal is +05:45). */
export const LOCK_BLOCK_MS = 15 * MINUTE;
export const MAX_NOTES = 10_000;

export type BookingErrorCode =
  | "slot_taken"
  | "insufficient_funds"
  | "not_found"
  | "invalid"
  | "conflict"
  | "forbidden"
  | "rate_limited"
  | "too_many_pending";

/** Open requests a learner may have waiting for mentors at once (issue 17): enough to ask around, not to hoard slots. */
export const MAX_PENDING_REQUESTS = 5;

/** The values of a booking message ({count}, {max}, …). */
export type MessageValues = Record<string, string | number>;

/** A message of the "bookings" namespace in English: the error's own message (logs, tests); the answer is written in the reader's language. */
export function englishMessage(key: string, values: MessageValues = {}): string {
  return fixedT("en", "bookings")(key, values);
}

export const TOO_MANY_PENDING = englishMessage("errors.tooManyPending", { count: MAX_PENDING_REQUESTS });

/**
 * A refused booking action. It carries its message as a key of the "bookings" namespace with its
 * values, so the route answers in the member's language (errorResponse); `message` is the English.
 */
export class BookingError extends Error {
  constructor(
    readonly code: BookingErrorCode,
    readonly status: 400 | 403 | 404 | 409 | 429,
    readonly key: string,
    readonly values: MessageValues = {},
    /** For insufficient_funds: how many SP are missing. */
    readonly shortBy = 0,
    /** For rate_limited: how long until a request may be made again. */
    readonly retryAfterMs = 0,
  ) {
    super(englishMessage(key, values));
    this.name = "BookingError";
  }

  /** The message in the reader's language. */
  textIn(language: string): string {
    return fixedT(language, "bookings")(this.key, this.values);
  }
}

// A person books a few sessions in a sitting; a script firing requests (each one holds SP and
// notifies the mentor) is slowed down. Every attempt counts, refused ones included: each costs a
// transaction.
export const REQUEST_WINDOW_MS = 60_000;
export const REQUEST_MAX_PER_WINDOW = 10;
const requestLimiter = createRateLimiter({
  name: "booking_request",
  windowMs: REQUEST_WINDOW_MS,
  max: REQUEST_MAX_PER_WINDOW,
  maxKeys: 50_000,
});

export const SLOT_TAKEN = englishMessage("errors.slotTaken");
const NOT_FOUND = "errors.notFound";

/** How long to wait: whole seconds under a minute, else whole minutes (errors.tooFastSeconds / tooFastMinutes). */
export function waitCount(ms: number): number {
  return ms < 60_000 ? Math.max(1, Math.ceil(ms / 1_000)) : Math.ceil(ms / 60_000);
}

export function lockIdsFor(uid: string, start: number, end: number): string[] {
  const ids: string[] = [];
  for (let block = Math.floor(start / LOCK_BLOCK_MS) * LOCK_BLOCK_MS; block < end; block += LOCK_BLOCK_MS)
    ids.push(`${uid}_${block}`);
  return ids;
}

export function isDuration(value: number): value is Duration {
  return (DURATIONS as readonly number[]).includes(value);
}

export interface BookingRequest {
  learnerUid: string;
  mentorUid: string;
  skillTag: string;
  start: number;
  durationMinutes: number;
  /** A board offer with an SP price (decision 041): its skill and price instead of the mentor's rates. */
  offerId?: string | null;
}

/**
 * Creates a booking and holds its price from the learner's wallet in the same transaction. Two
 * requests for overlapping time: one commits, the other finds the locks and is refused.
 */
export async function requestBooking(store: DocStore, request: BookingRequest, now = Date.now()): Promise<Booking> {
  const { learnerUid, mentorUid, skillTag, start, durationMinutes, offerId } = request;
  if (!isDuration(durationMinutes)) throw new BookingError("invalid", 400, "errors.duration");
  if (learnerUid === mentorUid) throw new BookingError("invalid", 400, "errors.self");
  if (!Number.isSafeInteger(start)) throw new BookingError("invalid", 400, "errors.chooseTime");
  const decision = requestLimiter.check(learnerUid, now);
  if (!decision.allowed) {
    throw new BookingError(
      "rate_limited",
      429,
      decision.retryAfterMs < 60_000 ? "errors.tooFastSeconds" : "errors.tooFastMinutes",
      { count: waitCount(decision.retryAfterMs) },
      0,
      decision.retryAfterMs,
    );
  }
  requestLimiter.hit(learnerUid, now);
  const id = randomUUID();
  const end = start + durationMinutes * MINUTE;
  const mentorLocks = lockIdsFor(mentorUid, start, end);
  const learnerLocks = lockIdsFor(learnerUid, start, end);

  try {
    return await store.transaction(async (tx) => {
      const [mentor, teachingDoc, offer, pending, ...locks] = await Promise.all([
        getUser(tx, mentorUid),
        tx.get(teachingPath(mentorUid)),
        offerId ? getBoardPost(tx, offerId) : null,
        // Read in the transaction, so two requests sent at once cannot both be the fifth.
        tx.query({
          collection: "bookings",
          where: [
            ["learnerUid", "==", learnerUid],
            ["state", "==", "requested"],
          ],
          limit: MAX_PENDING_REQUESTS,
        }),
        ...[...mentorLocks, ...learnerLocks].map((lock) => tx.get(slotLockPath(lock))),
      ]);
      if (pending.length >= MAX_PENDING_REQUESTS)
        throw new BookingError("too_many_pending", 409, "errors.tooManyPending", { count: MAX_PENDING_REQUESTS });
      if (!mentor || mentor.deleted) throw new BookingError("not_found", 404, "errors.noMember");
      const teaching = readTeaching(teachingDoc?.data);
      const offered = offerId ? bookableOffer(offer, mentorUid, skillTag, durationMinutes, now) : null;
      const skill = offered?.skill ?? mentor.skillsOffered.find((s) => s.tag === skillTag);
      const rate = teaching.rates[skillTag];
      if (!skill || (!offered && rate === undefined)) throw new BookingError("invalid", 400, "errors.skillNotOffered");
      const timeZone = knownTimeZone(teaching.timezone) ?? knownTimeZone(mentor.timezone) ?? "UTC";
      if (!isBookableStart(teaching, timeZone, start, durationMinutes, now)) {
        throw new BookingError("invalid", 400, "errors.timeNotFree");
      }
      if (locks.slice(0, mentorLocks.length).some(Boolean))
        throw new BookingError("slot_taken", 409, "errors.slotTaken");
      if (locks.slice(mentorLocks.length).some(Boolean)) throw new BookingError("conflict", 409, "errors.ownConflict");

      const price = offered?.price ?? priceFor(rate, durationMinutes);
      const fresh: NewBooking = {
        mentorUid,
        learnerUid,
        skillTag,
        skillLabel: skill.label,
        start,
        end,
        durationMinutes,
        price,
        state: "requested",
        by: "learner",
        mentorLocks,
        learnerLocks,
        swapId: null,
      };
      const booking = newBookingDoc(fresh, now);
      const holds = await Promise.all(
        holdEntry({ ...booking, id }).map((move) => prepareEntry(tx, move.uid, move.entry, now)),
      );
      const notify = await prepareNotifications(tx, booking.participants);
      // Booked from the offer: an answer its poster sees on /board/mine (decision 070).
      const answer =
        offered && offerId
          ? await prepareAnswer(
              tx,
              { postId: offerId, posterUid: mentorUid, answererUid: learnerUid, kind: "booking", bookingId: id },
              now,
            )
          : null;

      writeNewBooking(tx, id, booking, fresh);
      for (const hold of holds) hold.commit();
      answer?.();
      const notices = requestNotices({ ...booking, id });
      for (const { uid, input } of notices) notify.add(uid, input, now);
      queueBookingMails(
        tx,
        id,
        "requested",
        notices.map((n) => n.uid),
        "learner",
        now,
      );
      return { ...booking, id };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      const short = -error.amount - error.balance;
      throw new BookingError("insufficient_funds", 409, "errors.insufficient", { short }, short);
    }
    // A lock created between our read and our commit (possible on engines that don't re-check reads).
    if (error instanceof AlreadyExistsError) throw new BookingError("slot_taken", 409, "errors.slotTaken");
    throw error;
  }
}

/** The skill and price of a board offer being booked, or a refusal a person can act on. */
function bookableOffer(
  post: BoardPost | null,
  mentorUid: string,
  skillTag: string,
  durationMinutes: number,
  now: number,
): { skill: { tag: string; label: string }; price: number } {
  if (
    !post ||
    post.status === "hidden" ||
    post.type !== "offer" ||
    post.authorUid !== mentorUid ||
    post.skillTag !== skillTag
  )
    throw new BookingError("not_found", 404, "errors.offerGone");
  if (post.status !== "active" || post.expiresAt <= now) throw new BookingError("conflict", 409, "errors.offerClosed");
  const price = offerPrice(post.price, durationMinutes);
  if (!Number.isSafeInteger(price) || price < 0) throw new BookingError("invalid", 400, "errors.offerSwap");
  return { skill: { tag: post.skillTag, label: post.skillLabel }, price };
}

export interface TransitionResult {
  applied: boolean;
  booking: Booking;
}

/**
 * Applies one command in one transaction. A participant acts by uid; the scheduler and admins act
 * as "system"/"admin". A duplicate or replayed command finds the state already changed and is a
 * no-op; the ledger's entry ids make the money side idempotent on their own as well.
 */
export async function applyCommand(
  store: DocStore,
  bookingId: string,
  by: { uid: string } | { actor: "system" | "admin" },
  command: Command,
  now = Date.now(),
  /** Writes that belong to the same change (an admin's audit entry), added when it applies. */
  alsoWrite?: (tx: Transaction, booking: Booking) => void,
): Promise<TransitionResult> {
  assertBookingId(bookingId);
  return store.transaction(async (tx) => {
    const booking = await getBooking(tx, bookingId);
    const actor: Actor | null = "uid" in by ? (booking ? roleOf(booking, by.uid) : null) : by.actor;
    if (!booking || !actor) throw new BookingError("not_found", 404, NOT_FOUND);
    const verdict = decide(booking, command, actor, now);
    if (verdict.kind === "refuse") throw new BookingError("conflict", 409, verdict.key, verdict.values);
    if (verdict.kind === "noop") return { applied: false, booking };

    const { change } = verdict;
    const completing = change.state === "completed";
    const { money, waiting } = await holdPaymentOfUnverifiedLearner(tx, booking, change.money);
    const prepared: PreparedEntry[] = [];
    for (const move of money) prepared.push(await prepareEntry(tx, move.uid, move.entry, now));
    const xp = completing ? await prepareSessionXp(tx, booking, now) : [];
    const notify = await prepareNotifications(tx, booking.participants);

    const stateChanged = change.state !== booking.state;
    const { id: _id, ...current } = booking;
    const next: BookingDoc = {
      ...current,
      ...change.fields,
      ...(waiting && { payoutWaits: true, waitingPayout: waiting }),
      state: change.state,
      history: stateChanged ? [...booking.history, { state: change.state, at: now, by: actor }] : booking.history,
      updatedAt: now,
    };
    tx.set(bookingPath(bookingId), next);
    if (change.releasesTime) for (const lock of booking.lockIds) tx.delete(slotLockPath(lock));
    for (const entry of prepared) entry.commit();
    for (const award of xp) award.commit();
    const confirmedBy = command.kind === "confirm" && (actor === "mentor" || actor === "learner") ? actor : undefined;
    const after: Booking = { ...next, id: bookingId };
    const notices = transitionNotices(after, booking.state, change.state, actor, confirmedBy);
    for (const { uid, input } of notices) notify.add(uid, input, now);
    if (stateChanged)
      queueBookingMails(
        tx,
        bookingId,
        change.state,
        notices.map((n) => n.uid),
        actor,
        now,
      );
    alsoWrite?.(tx, after);
    return { applied: true, booking: after };
  });
}

/**
 * Decision 024: while the learner's account carries the bonus hold (e-mail not verified), the SP a
 * change would release to the mentor stay in escrow on the booking instead; the learner's refunds
 * go through as usual. Reads only, so it runs before the transaction's writes.
 */
async function holdPaymentOfUnverifiedLearner(
  tx: Transaction,
  booking: Booking,
  money: MoneyMove[],
): Promise<{ money: MoneyMove[]; waiting: WaitingPayout | null }> {
  const release = money.find((move) => move.entry.type === "booking_release");
  if (!release || !(await paymentsWait(tx, booking.learnerUid))) return { money, waiting: null };
  return {
    money: money.filter((move) => move !== release),
    waiting: {
      amount: release.entry.amount,
      description: release.entry.description,
      label: release.entry.label ?? "",
      params: release.entry.params ?? {},
    },
  };
}

/**
 * The learner's e-mail is verified: every payment of theirs that waited in escrow goes to its
 * mentor, each in its own transaction under the release's usual entry id (`release_{bookingId}`),
 * so a retry or a second run never pays twice. Answers how many were released.
 */
export async function releaseWaitingPayouts(store: DocStore, learnerUid: string, now = Date.now()): Promise<number> {
  const waiting = await store.query({
    collection: BOOKINGS,
    where: [
      ["learnerUid", "==", learnerUid],
      ["payoutWaits", "==", true],
    ],
  });
  let released = 0;
  for (const doc of waiting) {
    const done = await store.transaction(async (tx) => {
      const booking = await getBooking(tx, doc.id);
      const payout = booking?.waitingPayout;
      if (!booking || !booking.payoutWaits || !payout) return false;
      const entry = await prepareEntry(
        tx,
        booking.mentorUid,
        {
          id: `release_${doc.id}`,
          amount: payout.amount,
          type: "booking_release",
          description: payout.description,
          // A payout that waited since before decision 063 has no label: its stored line shows.
          label: isLedgerLabel(payout.label) ? payout.label : undefined,
          params: payout.params,
          ref: doc.id,
        },
        now,
      );
      const notify = await prepareNotifications(tx, [booking.mentorUid]);
      tx.update(bookingPath(doc.id), { payoutWaits: false, waitingPayout: null, updatedAt: now });
      entry.commit();
      const notice = payoutReleasedNotice(booking, payout.amount);
      notify.add(notice.uid, notice.input, now);
      return true;
    });
    if (done) released++;
  }
  return released;
}

async function prepareSessionXp(tx: Transaction, booking: Booking, now: number) {
  const context = { bookingId: booking.id, skillTag: booking.skillTag, now };
  const base = {
    bookingId: booking.id,
    skillTag: booking.skillTag,
    skillLabel: booking.skillLabel,
    durationMinutes: booking.durationMinutes,
    firstOfKind: true,
  };
  // The first-of-kind award has a per-skill id: prepareXp skips it when it was earned before.
  return [
    await prepareXp(tx, booking.mentorUid, sessionAwards({ ...base, role: "mentor" }), context),
    await prepareXp(tx, booking.learnerUid, sessionAwards({ ...base, role: "learner" }), context),
  ];
}

function assertBookingId(id: string): void {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new BookingError("not_found", 404, NOT_FOUND);
}

/** The booking when `uid` takes part in it; otherwise a 404 (its existence is not theirs to know). */
export async function getBookingFor(store: DocStore, bookingId: string, uid: string): Promise<Booking> {
  assertBookingId(bookingId);
  const booking = await getBooking(store, bookingId);
  if (!booking || !roleOf(booking, uid)) throw new BookingError("not_found", 404, NOT_FOUND);
  return booking;
}

/** Any https URL; the meeting itself happens elsewhere. */
export function checkMeetingLink(raw: string): string | null {
  const value = raw.trim();
  if (value === "") return "";
  try {
    const url = new URL(value);
    return url.protocol === "https:" && value.length <= 500 ? url.toString() : null;
  } catch {
    return null;
  }
}

export async function setMeetingLink(
  store: DocStore,
  bookingId: string,
  uid: string,
  raw: string,
  now = Date.now(),
): Promise<void> {
  const link = checkMeetingLink(raw);
  if (link === null) throw new BookingError("invalid", 400, "errors.meetingLink");
  await updateAsParticipant(store, bookingId, uid, now, (booking, role) => {
    if (role !== "mentor") throw new BookingError("forbidden", 403, "errors.mentorSetsLink");
    if (!["requested", "accepted"].includes(booking.state)) throw new BookingError("conflict", 409, "errors.closed");
    return { meetingLink: link };
  });
}

/** Shared notes: the latest save wins (both see each save live). */
export async function saveNotes(
  store: DocStore,
  bookingId: string,
  uid: string,
  notes: string,
  now = Date.now(),
): Promise<void> {
  if (notes.length > MAX_NOTES) throw new BookingError("invalid", 400, "errors.notesTooLong", { max: MAX_NOTES });
  await updateAsParticipant(store, bookingId, uid, now, (booking) => {
    if (booking.notes === notes) return null;
    return { notes, notesUpdatedAt: now, notesUpdatedBy: uid };
  });
}

async function updateAsParticipant(
  store: DocStore,
  bookingId: string,
  uid: string,
  now: number,
  change: (booking: Booking, role: "mentor" | "learner") => Partial<BookingDoc> | null,
): Promise<void> {
  assertBookingId(bookingId);
  await store.transaction(async (tx) => {
    const booking = await getBooking(tx, bookingId);
    const role = booking ? roleOf(booking, uid) : null;
    if (!booking || !role) throw new BookingError("not_found", 404, NOT_FOUND);
    const fields = change(booking, role);
    if (fields) tx.update(bookingPath(bookingId), { ...fields, updatedAt: now });
  });
}

/** A member's sessions (either role) starting in [from, to), ascending. */
export async function listBookingsFor(
  store: DocStore,
  uid: string,
  { from, to }: { from: number; to: number },
): Promise<Booking[]> {
  const docs = await store.query({
    collection: BOOKINGS,
    where: [
      ["participants", "array-contains", uid],
      ["start", ">=", from],
      ["start", "<", to],
    ],
    orderBy: [["start", "asc"]],
  });
  return docs.map(readBooking);
}

/** Requests waiting for this mentor's answer, soonest first. */
export async function pendingRequestsFor(store: DocStore, mentorUid: string): Promise<Booking[]> {
  const docs = await store.query({
    collection: BOOKINGS,
    where: [
      ["mentorUid", "==", mentorUid],
      ["state", "==", "requested"],
    ],
    orderBy: [["start", "asc"]],
    limit: 100,
  });
  return docs.map(readBooking);
}
