/**
 * The booking escrow's promises under concurrency, on the real embedded store: one booking per
 * slot, no balance below zero, each transition applied once, and every SP accounted for.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookableStarts } from "~/features/bookings/availability";
import { applyCommand, BookingError, requestBooking, SLOT_TAKEN } from "~/features/bookings/bookings.server";
import { runDueWork } from "~/features/bookings/scheduler.server";
import { AUTO_COMPLETE_AFTER_MS } from "~/features/bookings/state";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import type { BookingDoc } from "~/features/bookings/types";
import { listNotifications } from "~/features/notifications/notifications.server";
import { getBalance, postEntry } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { useTempStore } from "../support/temp-store";

const { store } = useTempStore("bookings-reliability-");

const HOUR = 3_600_000;
// Monday 2 March 2026, 00:00 UTC: a fixed "now" keeps slot arithmetic reproducible.
const NOW = Date.UTC(2026, 2, 2, 0, 0);
const MENTOR = "mentor";

beforeEach(async () => {
  await store.set(`users/${MENTOR}`, {
    fullName: "Mentor",
    xp: 0,
    timezone: "Asia/Tokyo",
    skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
  });
  await saveAvailability(
    store,
    MENTOR,
    {
      timezone: "Asia/Tokyo",
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "18:00" })),
      exceptions: [],
    },
    NOW,
  );
  await saveRates(store, MENTOR, { spanish: 40 }, NOW);
});

afterEach(async () => {
  await expectEscrowBalanced();
});

async function learner(uid: string, sp: number): Promise<string> {
  await store.set(`users/${uid}`, { fullName: uid, xp: 0, timezone: "America/Los_Angeles", skillsOffered: [] });
  if (sp > 0) await postEntry(store, uid, { id: "seed", amount: sp, type: "adjustment", description: "Seed" });
  return uid;
}

function slots(durationMinutes = 60): number[] {
  return bookableStarts(
    { weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "18:00" })), exceptions: [] },
    "Asia/Tokyo",
    {
      from: NOW + 2 * HOUR,
      to: NOW + 14 * 24 * HOUR,
      durationMinutes,
    },
  );
}

/**
 * Every wallet reconciles, and every booking's entries net out: held while open, refunded or
 * released exactly once when settled.
 */
async function expectEscrowBalanced(): Promise<void> {
  const report = await reconcileAll(store);
  expect(report.failures).toEqual([]);
  const bookings = await store.query<BookingDoc>({ collection: "bookings" });
  for (const b of bookings) {
    const [learnerEntries, mentorEntries] = await Promise.all([
      store.query({ collection: `wallets/${b.data.learnerUid}/transactions`, where: [["ref", "==", b.id]] }),
      store.query({ collection: `wallets/${b.data.mentorUid}/transactions`, where: [["ref", "==", b.id]] }),
    ]);
    const net = [...learnerEntries, ...mentorEntries].reduce((sum, e) => sum + (e.data.amount as number), 0);
    const open = ["requested", "accepted", "disputed"].includes(b.data.state);
    // Open: the full price is held. Settled: what left the learner went to the mentor, nothing more.
    expect(net + (open ? b.data.price : 0)).toBe(0);
    expect(learnerEntries.length + mentorEntries.length).toBeLessThanOrEqual(3);
  }
}

async function book(uid: string, start: number, durationMinutes = 60, now = NOW) {
  return requestBooking(
    store,
    { learnerUid: uid, mentorUid: MENTOR, skillTag: "spanish", start, durationMinutes },
    now,
  );
}

describe("booking reliability", () => {
  it("gives one of 20 concurrent requests for the same slot the booking", async () => {
    const learners = await Promise.all(Array.from({ length: 20 }, (_, i) => learner(`l${i}`, 100)));
    const start = slots()[0];
    const outcomes = await Promise.allSettled(learners.map((uid) => book(uid, start)));
    const won = outcomes.filter((o) => o.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === "rejected") {
        expect(o.reason).toBeInstanceOf(BookingError);
        expect((o.reason as BookingError).message).toBe(SLOT_TAKEN);
      }
    }
    expect(await store.query({ collection: "bookings" })).toHaveLength(1);
    const balances = await Promise.all(learners.map((uid) => getBalance(store, uid)));
    expect(balances.filter((b) => b === 60)).toHaveLength(1);
    expect(balances.filter((b) => b === 100)).toHaveLength(19);
  });

  it("makes overlapping sessions of different lengths conflict", async () => {
    await learner("a", 500);
    await learner("b", 500);
    const start = slots(90)[0];
    await book("a", start, 90);
    await expect(book("b", start + HOUR, 30)).rejects.toThrow(SLOT_TAKEN);
    await expect(book("b", start - HOUR / 2, 60)).rejects.toThrow(SLOT_TAKEN);
    await expect(book("b", start + 90 * 60_000, 30)).resolves.toMatchObject({ state: "requested" });
  });

  it("lets only the requests that fit a learner's balance win, never going below zero", async () => {
    await learner("spender", 100);
    const starts = slots()
      .filter((_, i) => i % 2 === 0)
      .slice(0, 10);
    const outcomes = await Promise.allSettled(starts.map((start) => book("spender", start)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(2);
    for (const o of outcomes) {
      if (o.status === "rejected")
        expect(o.reason).toMatchObject({
          code: "insufficient_funds",
          message: "You need 20 SP more for this session.",
          shortBy: 20,
        });
    }
    expect(await getBalance(store, "spender")).toBe(20);
  });

  it("applies each transition once under duplicate and concurrent calls", async () => {
    await learner("dup", 100);
    const booking = await book("dup", slots()[0]);
    const accepts = await Promise.all(
      Array.from({ length: 10 }, () => applyCommand(store, booking.id, { uid: MENTOR }, { kind: "accept" }, NOW)),
    );
    expect(accepts.filter((r) => r.applied)).toHaveLength(1);

    const after = booking.start + 61 * 60_000;
    const confirms = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        applyCommand(store, booking.id, { uid: i % 2 ? MENTOR : "dup" }, { kind: "confirm" }, after),
      ),
    );
    expect(confirms.filter((r) => r.applied)).toHaveLength(2);
    const stored = (await store.get<BookingDoc>(`bookings/${booking.id}`))!.data;
    expect(stored.state).toBe("completed");
    expect(stored.history.map((h) => h.state)).toEqual(["requested", "accepted", "completed"]);
    expect(await getBalance(store, MENTOR)).toBe(40);
    expect(await getBalance(store, "dup")).toBe(60);
    // The scheduler arriving late finds nothing to do.
    expect(await runDueWork(store, booking.end + AUTO_COMPLETE_AFTER_MS + 1)).toMatchObject({ completed: 0 });
    expect(await getBalance(store, MENTOR)).toBe(40);
    // xp once: 60 for teaching an hour + 50 first-of-kind; 30 + 50 for learning.
    expect((await store.get(`users/${MENTOR}`))!.data.xp).toBe(110);
    expect((await store.get("users/dup"))!.data.xp).toBe(80);
  });

  it("refunds a decline in full and frees the slot, once", async () => {
    await learner("declined", 100);
    await learner("next", 100);
    const booking = await book("declined", slots()[0]);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => applyCommand(store, booking.id, { uid: MENTOR }, { kind: "decline" }, NOW)),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(store, "declined")).toBe(100);
    await expect(book("next", booking.start)).resolves.toMatchObject({ state: "requested" });
  });

  it("splits a learner's late cancellation and refunds an early one in full", async () => {
    await learner("late", 100);
    const start = slots()[0];
    const late = await book("late", start);
    await applyCommand(store, late.id, { uid: MENTOR }, { kind: "accept" }, NOW);
    await applyCommand(store, late.id, { uid: "late" }, { kind: "cancel" }, start - 2 * HOUR);
    expect(await getBalance(store, "late")).toBe(80);
    expect(await getBalance(store, MENTOR)).toBe(20);

    const early = await book("late", start + 48 * HOUR, 30);
    expect(early.price).toBe(20);
    await applyCommand(store, early.id, { uid: MENTOR }, { kind: "accept" }, NOW);
    await applyCommand(store, early.id, { uid: "late" }, { kind: "cancel" }, NOW);
    expect(await getBalance(store, "late")).toBe(80);
  });

  it("refuses transitions nobody may make", async () => {
    await learner("rules", 100);
    const booking = await book("rules", slots()[0]);
    await expect(applyCommand(store, booking.id, { uid: "rules" }, { kind: "accept" }, NOW)).rejects.toThrow(
      "Only the mentor can accept a request.",
    );
    await expect(applyCommand(store, booking.id, { uid: "stranger" }, { kind: "cancel" }, NOW)).rejects.toMatchObject({
      status: 404,
    });
    await applyCommand(store, booking.id, { uid: MENTOR }, { kind: "decline" }, NOW);
    await expect(applyCommand(store, booking.id, { uid: MENTOR }, { kind: "accept" }, NOW)).rejects.toThrow(
      "This request was already declined.",
    );
  });

  it("keeps disputed SP held until an admin resolves, then settles once", async () => {
    await learner("disputer", 100);
    const booking = await book("disputer", slots()[0]);
    await applyCommand(store, booking.id, { uid: MENTOR }, { kind: "accept" }, NOW);
    await applyCommand(
      store,
      booking.id,
      { uid: "disputer" },
      { kind: "dispute", reason: "The mentor never joined." },
      booking.start + 10 * 60_000,
    );
    expect(await runDueWork(store, booking.end + AUTO_COMPLETE_AFTER_MS + 1)).toMatchObject({ completed: 0 });
    expect(await getBalance(store, MENTOR)).toBe(0);
    const resolves = await Promise.all(
      Array.from({ length: 5 }, () =>
        applyCommand(store, booking.id, { actor: "admin" }, { kind: "resolve", to: "split" }),
      ),
    );
    expect(resolves.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(store, MENTOR)).toBe(20);
    expect(await getBalance(store, "disputer")).toBe(80);
  });

  it("reminds once, expires unanswered requests and completes silent sessions after 72 hours", async () => {
    await learner("sched", 200);
    const [first, second] = slots().filter((_, i) => i % 2 === 0);
    const accepted = await book("sched", first);
    await applyCommand(store, accepted.id, { uid: MENTOR }, { kind: "accept" }, NOW);
    const unanswered = await book("sched", second);

    const inReminderWindow = first - 30 * 60_000;
    const runs = await Promise.all([runDueWork(store, inReminderWindow), runDueWork(store, inReminderWindow)]);
    expect(runs.reduce((n, r) => n + r.reminders, 0)).toBe(1);
    expect((await listNotifications(store, "sched")).filter((n) => n.id === `reminder_${accepted.id}`)).toHaveLength(1);

    expect((await runDueWork(store, second)).expired).toBe(1);
    expect((await store.get<BookingDoc>(`bookings/${unanswered.id}`))!.data.state).toBe("cancelled");
    expect(await getBalance(store, "sched")).toBe(160);

    expect((await runDueWork(store, accepted.end + AUTO_COMPLETE_AFTER_MS - 1)).completed).toBe(0);
    expect((await runDueWork(store, accepted.end + AUTO_COMPLETE_AFTER_MS)).completed).toBe(1);
    expect(await getBalance(store, MENTOR)).toBe(40);
  });

  it("books a free swap without touching the ledger", async () => {
    await saveRates(store, MENTOR, { spanish: 0 }, NOW);
    await learner("free", 0);
    const booking = await book("free", slots()[0]);
    expect(booking.price).toBe(0);
    await applyCommand(store, booking.id, { uid: MENTOR }, { kind: "decline" }, NOW);
    expect(await store.query({ collection: "wallets/free/transactions" })).toHaveLength(0);
  });

  it("refuses times outside the mentor's availability", async () => {
    await learner("odd", 100);
    await expect(book("odd", slots()[0] + 15 * 60_000)).rejects.toThrow("That time is not available.");
    // 18:00 Tokyo is the end of the window: a 60-minute session cannot start at 17:30.
    expect(slots()).toContain(Date.UTC(2026, 2, 2, 8, 0));
    await expect(book("odd", Date.UTC(2026, 2, 2, 8, 30))).rejects.toThrow("That time is not available.");
  });
});
