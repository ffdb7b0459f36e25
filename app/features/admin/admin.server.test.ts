import { describe, expect, it, vi } from "vitest";
import type { AuthProvider } from "~/engine/auth/types";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { bookableStarts } from "~/features/bookings/availability";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { getMember, getSuspension } from "~/features/members/members.server";
import { getBalance, postEntry } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { listAudit } from "./audit.server";
import { resolveDispute } from "./disputes.server";
import { AdminActionError, adjustBalance, reinstateMember, suspendMember } from "./members.server";
import { computeOverview, DAY_MS, utcDay } from "./metrics.server";

const { store } = useTempStore("admin-");
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 2, 0, 0);
const ADMIN = "admin1";

function fakeAuth() {
  return { revokeSessions: vi.fn(async () => {}) } as unknown as AuthProvider & {
    revokeSessions: ReturnType<typeof vi.fn>;
  };
}

async function member(uid: string, sp = 0, extra: Record<string, unknown> = {}) {
  await store.set(`users/${uid}`, {
    fullName: uid,
    xp: 0,
    timezone: "UTC",
    skillsOffered: [],
    createdAt: NOW - DAY_MS,
    ...extra,
  });
  if (sp > 0)
    await postEntry(
      store,
      uid,
      { id: `seed_${uid}`, amount: sp, type: "adjustment", description: "Seed" },
      NOW - DAY_MS,
    );
}

async function disputedBooking(learnerUid: string, price: number) {
  const week = {
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "18:00" })),
    exceptions: [],
  };
  await member("mentor", 0, { skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }] });
  await saveAvailability(store, "mentor", { timezone: "UTC", ...week }, NOW);
  await saveRates(store, "mentor", { spanish: price }, NOW);
  const start = bookableStarts(week, "UTC", { from: NOW + 2 * HOUR, to: NOW + 7 * DAY_MS, durationMinutes: 60 })[0];
  const booking = await requestBooking(
    store,
    { learnerUid, mentorUid: "mentor", skillTag: "spanish", start, durationMinutes: 60 },
    NOW,
  );
  await applyCommand(store, booking.id, { uid: "mentor" }, { kind: "accept" }, NOW + 1);
  await applyCommand(
    store,
    booking.id,
    { uid: learnerUid },
    { kind: "dispute", reason: "The mentor never showed up." },
    start + 10 * 60_000,
  );
  return { id: booking.id, start };
}

describe("suspending a member", () => {
  it("hides them, ends their sessions, logs who did it and why, and reinstating undoes it", async () => {
    await member("spammer");
    const auth = fakeAuth();
    expect(await suspendMember({ store, auth }, ADMIN, "spammer", "Spam in every chat.", NOW)).toEqual({
      applied: true,
    });
    expect(auth.revokeSessions).toHaveBeenCalledWith("spammer");
    expect(await getSuspension(store, "spammer")).toEqual({ reason: "Spam in every chat.", at: NOW, byUid: ADMIN });
    expect(await getMember(store, "spammer")).toBeNull();
    // Twice is once: no second audit entry.
    expect(await suspendMember({ store, auth }, ADMIN, "spammer", "Again.", NOW + 1)).toEqual({ applied: false });

    expect(await reinstateMember(store, ADMIN, "spammer", "Appeal accepted.", NOW + 2)).toEqual({ applied: true });
    expect(await getSuspension(store, "spammer")).toBeNull();
    expect(await getMember(store, "spammer")).not.toBeNull();

    const { entries } = await listAudit(store, { subjectUid: "spammer" }, { limit: 10 });
    expect(entries.map((e) => [e.action, e.actorUid, e.reason])).toEqual([
      ["member.reinstate", ADMIN, "Appeal accepted."],
      ["member.suspend", ADMIN, "Spam in every chat."],
    ]);
  });

  it("refuses to suspend oneself or a member who does not exist", async () => {
    await member(ADMIN);
    await expect(suspendMember({ store, auth: fakeAuth() }, ADMIN, ADMIN, "x", NOW)).rejects.toMatchObject({
      status: 409,
    });
    await expect(suspendMember({ store, auth: fakeAuth() }, ADMIN, "ghost", "x", NOW)).rejects.toMatchObject({
      status: 404,
    });
    expect((await listAudit(store, {}, { limit: 10 })).entries).toEqual([]);
  });
});

describe("adjusting SP", () => {
  it("posts one adjust_ entry however often the same form is sent at once, and reconciliation holds", async () => {
    await member("lena", 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjustBalance(
          store,
          ADMIN,
          "lena",
          { adjustmentId: "form-0001", amount: 25, reason: "Refund of a lost session" },
          NOW,
        ),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(store, "lena")).toBe(125);
    expect(await store.get("wallets/lena/transactions/adjust_form-0001")).toMatchObject({
      data: { amount: 25, type: "adjustment" },
    });
    expect((await listAudit(store, { action: "member.adjust_sp" }, { limit: 10 })).entries).toHaveLength(1);
    expect((await reconcileAll(store)).failures).toEqual([]);
  });

  it("never takes a balance below zero, and a refused debit leaves no entry and no log", async () => {
    await member("omar", 30);
    const refused = await adjustBalance(
      store,
      ADMIN,
      "omar",
      { adjustmentId: "form-0002", amount: -31, reason: "Clawback" },
      NOW,
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AdminActionError);
    expect(refused).toMatchObject({
      status: 409,
      message: "The balance is 30 SP: a debit of 31 SP would take it below zero.",
    });
    expect(await getBalance(store, "omar")).toBe(30);
    expect((await listAudit(store, {}, { limit: 10 })).entries).toEqual([]);
    await expect(
      adjustBalance(store, ADMIN, "omar", { adjustmentId: "form-0003", amount: -30, reason: "Clawback" }, NOW),
    ).resolves.toEqual({ applied: true, balance: 0 });
  });

  it("refuses a zero or fractional amount and an expired form id", async () => {
    await member("ivy", 10);
    for (const [id, amount] of [
      ["form-0004", 0],
      ["form-0005", 1.5],
      ["bad/id", 5],
    ] as const) {
      await expect(
        adjustBalance(store, ADMIN, "ivy", { adjustmentId: id, amount, reason: "r" }, NOW),
      ).rejects.toMatchObject({ status: 400 });
    }
    expect(await getBalance(store, "ivy")).toBe(10);
  });
});

describe("resolving a dispute", () => {
  it("settles the escrow once when two admins resolve at the same moment, with one audit entry and a note to both", async () => {
    await member("learner", 100);
    const { id } = await disputedBooking("learner", 40);
    expect(await getBalance(store, "learner")).toBe(60);
    const results = await Promise.all([
      resolveDispute(store, "admin-a", id, "learner", "The mentor did not attend.", NOW + DAY_MS),
      resolveDispute(store, "admin-b", id, "learner", "The mentor did not attend.", NOW + DAY_MS),
    ]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await getBalance(store, "learner")).toBe(100);
    expect(await getBalance(store, "mentor")).toBe(0);
    expect((await listAudit(store, { action: "dispute.resolve" }, { limit: 10 })).entries).toHaveLength(1);
    for (const uid of ["learner", "mentor"]) {
      expect(await store.get(`notifications/${uid}/messages/resolution_note_${id}`)).toMatchObject({
        data: { body: "The mentor did not attend." },
      });
    }
    expect((await reconcileAll(store)).failures).toEqual([]);
  });
});

describe("the overview", () => {
  it("matches a brute-force count of the same store", async () => {
    await member("new1", 0, { createdAt: NOW - 2 * DAY_MS });
    await member("old1", 50, { createdAt: NOW - 40 * DAY_MS });
    await member("gone", 0, { createdAt: NOW - 3 * DAY_MS, deleted: true });
    await store.set("status/new1", { state: "offline", last_changed: NOW - 3 * DAY_MS });
    await store.set("status/old1", { state: "offline", last_changed: NOW - 20 * DAY_MS });
    await member("learner", 100);
    await disputedBooking("learner", 40);
    await store.set("payments/c1", {
      uid: "old1",
      pack: "p100",
      sp: 100,
      amount: 500,
      currency: "eur",
      status: "paid",
      providerIds: {},
      fulfilledAt: NOW - DAY_MS,
    });
    await store.set("payments/c2", {
      uid: "old1",
      pack: "p500",
      sp: 500,
      amount: 2000,
      currency: "eur",
      status: "paid",
      providerIds: {},
      fulfilledAt: NOW,
    });

    const overview = await computeOverview(store, NOW);

    // Brute force over the raw documents.
    const users = (await store.query({ collection: "users" })).filter((u) => u.data.deleted !== true);
    const wallets = await store.query({ collection: "wallets" });
    let entrySum = 0;
    for (const w of wallets)
      for (const e of await store.query({ collection: `wallets/${w.id}/transactions` }))
        entrySum += Number(e.data.amount);
    const balanceSum = wallets.reduce((sum, w) => sum + Number(w.data.balance), 0);
    const bookings = await store.query({ collection: "bookings" });
    const held = bookings
      .filter((b) => ["requested", "accepted", "disputed"].includes(String(b.data.state)))
      .reduce((s, b) => s + Number(b.data.price), 0);

    expect(overview.members.total).toBe(users.length);
    expect(overview.members.new7).toBe(users.filter((u) => Number(u.data.createdAt) >= NOW - 7 * DAY_MS).length);
    expect(overview.members.active7).toBe(1);
    expect(overview.members.active30).toBe(2);
    expect(overview.sp).toEqual({ balances: balanceSum, ledger: entrySum, escrow: held });
    expect(overview.sp.balances).toBe(overview.sp.ledger);
    expect(overview.open.disputes).toBe(1);
    const today = overview.perDay.spBought.days.indexOf(utcDay(NOW));
    expect(overview.perDay.spBought.values[today]).toBe(500);
    expect(overview.perDay.spBought.values[today - 1]).toBe(100);
    expect(overview.perDay.moneyTaken.values.reduce((a, b) => a + b, 0)).toBe(2500);
    expect(overview.perDay.sessionsBooked.values.reduce((a, b) => a + b, 0)).toBe(bookings.length);
  });

  it("adds nothing for a payment whose figures are not whole (read strictly), and counts only open reports", async () => {
    const paid = { uid: "u1", pack: "p100", currency: "eur", status: "paid", providerIds: {}, fulfilledAt: NOW };
    await store.set("payments/c1", { ...paid, sp: 100, amount: 500 });
    await store.set("payments/c2", { ...paid, sp: "100", amount: 4.5 });
    await store.set("reports/post_p1_a", { status: "open", targetKind: "post" });
    await store.set("reports/post_p1_b", { status: "dismissed", targetKind: "post" });

    const overview = await computeOverview(store, NOW);

    const today = overview.perDay.spBought.days.indexOf(utcDay(NOW));
    expect(overview.perDay.spBought.values[today]).toBe(100);
    expect(overview.perDay.moneyTaken.values[today]).toBe(500);
    expect(overview.currency).toBe("eur");
    expect(overview.open.reports).toBe(1);
  });
});
