/**
 * Decision 024: the welcome bonus of an unverified account cannot be collected. Its payments to
 * mentors wait in escrow until the address is verified, then go out once; refunds are the
 * learner's own and never wait; SP are never lost, created or paid twice.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { HOUR, NOW, teachDuringWorkingWeek, workingWeekSlots } from "../../../tests/support/teaching";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import type { BookingDoc } from "~/features/bookings/types";
import { loadSessionLists, loadWaitingPayouts } from "~/features/bookings/views.server";
import { listNotifications } from "~/features/notifications/notifications.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { bonusHoldPath } from "~/documents/unverified-accounts";
import { getBalance } from "~/features/wallet/ledger.server";
import { reconcileWallet } from "~/features/wallet/reconcile.server";
import { settleIfVerified, settleVerifiedAccount } from "./verification.server";

const { store } = useTempStore("verification-");

const MENTOR = "mentor";
const SLOTS = workingWeekSlots(14);

beforeEach(async () => {
  await ensureProfile(store, MENTOR, NOW);
  await store.update(`users/${MENTOR}`, {
    fullName: "Mentor",
    skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
  });
  await teachDuringWorkingWeek(store, MENTOR, { spanish: 10 });
});

const book = (uid: string, slot: number) =>
  requestBooking(
    store,
    { learnerUid: uid, mentorUid: MENTOR, skillTag: "spanish", start: SLOTS[slot * 2], durationMinutes: 60 },
    NOW,
  );

/** A booked, accepted hour that both confirm after it started: completed, 10 SP to release. */
async function completedSession(learner: string, slot: number) {
  const booking = await book(learner, slot);
  await applyCommand(store, booking.id, { uid: MENTOR }, { kind: "accept" }, NOW);
  const after = booking.start + HOUR;
  await applyCommand(store, booking.id, { uid: MENTOR }, { kind: "confirm" }, after);
  const done = await applyCommand(store, booking.id, { uid: learner }, { kind: "confirm" }, after);
  expect(done.booking.state).toBe("completed");
  return done.booking;
}

const bookingDoc = async (id: string) => (await store.get<BookingDoc>(`bookings/${id}`))!.data;

describe("an unverified learner's welcome bonus", () => {
  it("is in the wallet at once, but the mentor's payment waits in escrow until the address is verified", async () => {
    await ensureProfile(store, "newbie", NOW, { emailVerified: false });
    expect(await getBalance(store, "newbie")).toBe(200);
    expect(await store.get(bonusHoldPath("newbie"))).not.toBeNull();

    const session = await completedSession("newbie", 0);
    expect(await getBalance(store, "newbie")).toBe(190);
    expect(await getBalance(store, MENTOR)).toBe(200); // only the mentor's own bonus
    expect(await bookingDoc(session.id)).toMatchObject({
      state: "completed",
      payoutWaits: true,
      waitingPayout: { amount: 10, description: "Payment for session: Spanish (60 min)" },
    });
    expect(await store.get(`wallets/${MENTOR}/transactions/release_${session.id}`)).toBeNull();
    const told = await listNotifications(store, MENTOR);
    expect(told.map((n) => n.body)).toContain(
      "Spanish (60 min) is complete; 10 SP will be released to your wallet once the learner has verified their email. Leave a review.",
    );

    // A learner's late cancellation: their half comes back now, the mentor's half waits too.
    const late = await book("newbie", 1);
    await applyCommand(store, late.id, { uid: MENTOR }, { kind: "accept" }, NOW);
    await applyCommand(store, late.id, { uid: "newbie" }, { kind: "cancel" }, NOW + HOUR);
    expect(await getBalance(store, "newbie")).toBe(185);
    expect(await bookingDoc(late.id)).toMatchObject({ state: "cancelled", payoutWaits: true });
    expect(await getBalance(store, MENTOR)).toBe(200);

    // What the mentor's wallet and calendar show meanwhile: both payments, newest session first.
    await store.update(`users/newbie`, { fullName: "Newbie" });
    expect(await loadWaitingPayouts(store, MENTOR, "en")).toEqual([
      expect.objectContaining({
        bookingId: late.id,
        amount: 5,
        learnerName: { text: "Newbie", own: true },
        skillLabel: "Spanish",
      }),
      expect.objectContaining({
        bookingId: session.id,
        amount: 10,
        learnerName: { text: "Newbie", own: true },
        durationMinutes: 60,
      }),
    ]);
    // A mentor who reads French sees the built-in skill by its French name (decision 094).
    expect((await loadWaitingPayouts(store, MENTOR, "fr"))[0]).toMatchObject({
      skillLabel: "Espagnol",
      skillOwn: false,
    });
    const { past } = await loadSessionLists(store, MENTOR, "en", NOW + 30 * 24 * HOUR);
    expect(past.find((s) => s.id === session.id)?.waitingPayout).toBe(10);

    // Verified: both payments go out, once, under their usual entry ids.
    expect(await settleVerifiedAccount(store, "newbie", NOW + 2 * HOUR)).toBe(2);
    expect(await getBalance(store, MENTOR)).toBe(215);
    expect(await store.get(bonusHoldPath("newbie"))).toBeNull();
    expect(await bookingDoc(session.id)).toMatchObject({ payoutWaits: false, waitingPayout: null });
    expect((await store.get(`wallets/${MENTOR}/transactions/release_${session.id}`))?.data).toMatchObject({
      amount: 10,
      type: "booking_release",
    });
    expect((await listNotifications(store, MENTOR)).map((n) => n.title)).toContain("Payment released");
    expect(await loadWaitingPayouts(store, MENTOR, "en")).toEqual([]);
    expect(await settleVerifiedAccount(store, "newbie", NOW + 3 * HOUR)).toBe(0);
    expect(await getBalance(store, MENTOR)).toBe(215);
    for (const uid of ["newbie", MENTOR]) expect((await reconcileWallet(store, uid)).ok).toBe(true);

    // From now on the learner's payments go to the mentor at once.
    await completedSession("newbie", 2);
    expect(await getBalance(store, MENTOR)).toBe(225);
  });

  it("a sign-in that says the address is verified settles an account still on hold; an unverified one changes nothing", async () => {
    await ensureProfile(store, "elsewhere", NOW, { emailVerified: false });
    await completedSession("elsewhere", 0);
    const user = { uid: "elsewhere", email: "e@example.com", displayName: null, photoURL: null };
    await settleIfVerified(store, { ...user, emailVerified: false });
    expect(await getBalance(store, MENTOR)).toBe(200);
    await settleIfVerified(store, { ...user, emailVerified: true });
    expect(await getBalance(store, MENTOR)).toBe(210);
  });

  it("a verified learner's payments are not held", async () => {
    await ensureProfile(store, "verified", NOW, { emailVerified: true });
    expect(await store.get(bonusHoldPath("verified"))).toBeNull();
    const session = await completedSession("verified", 0);
    expect(await getBalance(store, MENTOR)).toBe(210);
    expect((await bookingDoc(session.id)).payoutWaits).toBe(false);
  });
});
