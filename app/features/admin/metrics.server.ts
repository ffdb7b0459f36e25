/**
 * The community at a glance for /admin. Every figure is read from the same documents the app
 * writes; the ledger's sum is computed from the entries themselves, so the page shows at once when
 * it differs from the sum of balances (it never should).
 */
import { STATUS, readStatus } from "~/documents/status";
import { WALLETS } from "~/documents/wallets";
import type { DocStore } from "~/engine/store/types";
import { BOOKINGS, readBooking } from "~/documents/bookings";
import { PAYMENTS, readPayment } from "~/documents/payments";
import { REPORTS } from "~/documents/reports";
import { readUser, USERS } from "~/documents/users";
import { reconcileWallet } from "~/features/wallet/reconcile.server";

export const DAY_MS = 86_400_000;
export const CHART_DAYS = 30;

export interface DaySeries {
  /** UTC dates, oldest first, `CHART_DAYS` of them ending today. */
  days: string[];
  values: number[];
}

export interface Overview {
  members: { total: number; new7: number; new30: number; active7: number; active30: number };
  sp: { balances: number; ledger: number; escrow: number };
  open: { disputes: number; reports: number };
  perDay: { spBought: DaySeries; moneyTaken: DaySeries; sessionsBooked: DaySeries; sessionsCompleted: DaySeries };
  /** Currency of `moneyTaken` (whole cents); null before the first payment. */
  currency: string | null;
}

/** States whose price is still held by the escrow (ARCHITECTURE.md, decision 009). */
const HELD_STATES = new Set(["requested", "accepted", "disputed"]);

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function emptySeries(now: number): { series: DaySeries; add: (at: number, amount: number) => void } {
  const days = Array.from({ length: CHART_DAYS }, (_, i) => utcDay(now - (CHART_DAYS - 1 - i) * DAY_MS));
  const values = days.map(() => 0);
  const index = new Map(days.map((day, i) => [day, i]));
  return {
    series: { days, values },
    add(at, amount) {
      const i = index.get(utcDay(at));
      if (i !== undefined) values[i] += amount;
    },
  };
}

export async function computeOverview(store: DocStore, now = Date.now()): Promise<Overview> {
  const [users, statuses, wallets, bookings, payments, reports] = await Promise.all([
    store.query({ collection: USERS }),
    store.query({ collection: STATUS }),
    store.query({ collection: WALLETS }),
    store.query({ collection: BOOKINGS }).then((docs) => docs.map(readBooking)),
    store.query({ collection: PAYMENTS }).then((docs) => docs.map(readPayment)),
    store.query({ collection: REPORTS, where: [["status", "==", "open"]] }),
  ]);

  const lastSeen = new Map(
    statuses.map(({ id, data }) => {
      const status = readStatus(data, now);
      return [id, status.state === "online" ? now : status.last_changed];
    }),
  );
  const members = { total: 0, new7: 0, new30: 0, active7: 0, active30: 0 };
  for (const user of users) {
    const { deleted, createdAt } = readUser(user.data);
    if (deleted) continue;
    members.total += 1;
    if (createdAt >= now - 7 * DAY_MS) members.new7 += 1;
    if (createdAt >= now - 30 * DAY_MS) members.new30 += 1;
    const seen = lastSeen.get(user.id) ?? 0;
    if (seen >= now - 7 * DAY_MS) members.active7 += 1;
    if (seen >= now - 30 * DAY_MS) members.active30 += 1;
  }

  let balances = 0;
  let ledger = 0;
  for (const wallet of wallets) {
    const check = await reconcileWallet(store, wallet.id);
    balances += check.balance ?? 0;
    ledger += check.sum;
  }

  const spBought = emptySeries(now);
  const moneyTaken = emptySeries(now);
  let currency: string | null = null;
  for (const payment of payments) {
    if (payment.status !== "paid") continue;
    // Money is read strictly (NaN when not whole, decision 023): such a figure adds nothing
    // rather than turning the whole day's total into NaN.
    if (Number.isSafeInteger(payment.sp)) spBought.add(payment.fulfilledAt, payment.sp);
    if (Number.isSafeInteger(payment.amount)) moneyTaken.add(payment.fulfilledAt, payment.amount);
    currency ??= payment.currency || null;
  }

  const booked = emptySeries(now);
  const completed = emptySeries(now);
  let escrow = 0;
  let disputes = 0;
  for (const b of bookings) {
    booked.add(b.createdAt, 1);
    const done = b.history.find((h) => h.state === "completed");
    if (done) completed.add(done.at, 1);
    if (HELD_STATES.has(b.state)) escrow += b.price;
    if (b.state === "disputed") disputes += 1;
  }

  return {
    members,
    sp: { balances, ledger, escrow },
    open: { disputes, reports: reports.length },
    perDay: {
      spBought: spBought.series,
      moneyTaken: moneyTaken.series,
      sessionsBooked: booked.series,
      sessionsCompleted: completed.series,
    },
    currency,
  };
}
