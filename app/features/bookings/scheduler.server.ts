/**
 * Work that runs on time: reminders an hour before start, expiry of requests nobody answered,
 * completion of accepted sessions that ended more than 72 hours ago without a dispute, and the
 * board's expiry (features/board/expiry.server.ts).
 * Embedded mode runs it every minute in the one worker process holding the lease (startBackgroundWork); in Firebase mode a
 * scheduler calls POST /api/cron. Every step is idempotent, so overlapping runs are harmless.
 */
import type { DocStore } from "~/engine/store/types";
import { startLeaderLoop } from "~/engine/leader.server";
import { prepareNotifications } from "~/features/notifications/notifications.server";
import { BOOKINGS, bookingPath, getBooking } from "~/documents/bookings";
import { applyCommand, BookingError } from "./bookings.server";
import { queueReminderMails } from "~/features/mail/queue.server";
import { reminderNotices } from "./notices";
import { AUTO_COMPLETE_AFTER_MS, HOUR_MS } from "./state";
import { runBoardExpiry, type BoardExpiryReport } from "~/features/board/expiry.server";

export const REMINDER_BEFORE_MS = HOUR_MS;
const BATCH = 200;

export interface DueWorkReport {
  reminders: number;
  expired: number;
  completed: number;
  /** The board's posts that left it, and posters told theirs leaves soon (features/board). */
  board: BoardExpiryReport;
}

export async function runDueWork(store: DocStore, now = Date.now()): Promise<DueWorkReport> {
  const report: DueWorkReport = { reminders: 0, expired: 0, completed: 0, board: { expired: 0, warned: 0 } };

  const dueReminders = await store.query({
    collection: BOOKINGS,
    where: [
      ["state", "==", "accepted"],
      ["reminderSent", "==", false],
      ["start", "<=", now + REMINDER_BEFORE_MS],
    ],
    limit: BATCH,
  });
  for (const doc of dueReminders) if (await sendReminder(store, doc.id, now)) report.reminders++;

  const unanswered = await store.query({
    collection: BOOKINGS,
    where: [
      ["state", "==", "requested"],
      ["start", "<=", now],
    ],
    limit: BATCH,
  });
  for (const doc of unanswered) if (await settle(store, doc.id, "expire", now)) report.expired++;

  const finished = await store.query({
    collection: BOOKINGS,
    where: [
      ["state", "==", "accepted"],
      ["end", "<=", now - AUTO_COMPLETE_AFTER_MS],
    ],
    limit: BATCH,
  });
  for (const doc of finished) if (await settle(store, doc.id, "autoComplete", now)) report.completed++;

  report.board = await runBoardExpiry(store, now);

  return report;
}

async function settle(
  store: DocStore,
  bookingId: string,
  kind: "expire" | "autoComplete",
  now: number,
): Promise<boolean> {
  try {
    return (await applyCommand(store, bookingId, { actor: "system" }, { kind }, now)).applied;
  } catch (error) {
    // Someone else moved the booking first (a participant, another run): nothing left to do.
    if (error instanceof BookingError) return false;
    throw error;
  }
}

/** Once per booking: the flag and the notifications commit together. */
async function sendReminder(store: DocStore, bookingId: string, now: number): Promise<boolean> {
  return store.transaction(async (tx) => {
    const booking = await getBooking(tx, bookingId);
    if (!booking || booking.state !== "accepted" || booking.reminderSent) return false;
    const notify = await prepareNotifications(tx, booking.participants);
    tx.update(bookingPath(bookingId), { reminderSent: true });
    // A server that was down past the start should not announce a session that is over.
    if (now >= booking.end) return false;
    for (const { uid, input } of reminderNotices(booking)) notify.add(uid, input, now);
    queueReminderMails(tx, bookingId, booking.participants, now);
    return true;
  });
}

const globalForScheduler = globalThis as typeof globalThis & { __skillswapScheduler?: () => Promise<void> };
export const BACKGROUND_INTERVAL_MS = 60_000;
/** Every worker beats and tries the lease this often; a dead leader is replaced within LEASE_TTL_MS + this. */
const LEASE_TICK_MS = 5_000;
const LEASE_TTL_MS = 20_000;

export interface BackgroundWorkOptions {
  intervalMs?: number;
  tickMs?: number;
  ttlMs?: number;
  /** More work for the leader on every tick (the presence sweep). */
  onLeaderTick?: (store: DocStore) => Promise<unknown>;
}

/**
 * Embedded mode: every worker process calls this; only the one holding the `timed_work` lease runs
 * the due work (every intervalMs) and the leader's extra work (every tick). Safe to call more than once.
 */
export function startBackgroundWork(
  getStore: () => Promise<DocStore>,
  options: BackgroundWorkOptions = {},
): () => Promise<void> {
  if (globalForScheduler.__skillswapScheduler) return globalForScheduler.__skillswapScheduler;
  const intervalMs = options.intervalMs ?? BACKGROUND_INTERVAL_MS;
  // Per process: a worker that has just taken over runs the due work at once (every step is idempotent).
  let lastDueRun = 0;
  const stop = startLeaderLoop({
    getStore,
    name: "timed_work",
    tickMs: options.tickMs ?? LEASE_TICK_MS,
    ttlMs: options.ttlMs ?? LEASE_TTL_MS,
    onLead: async (store, now) => {
      await options.onLeaderTick?.(store);
      if (now - lastDueRun < intervalMs) return;
      lastDueRun = now;
      await runDueWork(store, now);
    },
  });
  globalForScheduler.__skillswapScheduler = stop;
  return stop;
}
