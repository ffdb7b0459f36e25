/**
 * Keep only what is needed (issue 32, decision 044): once a day the timed work deletes what is past
 * its period. Each kind of record has a sweeper; a feature that keeps something for a while adds
 * its own to RETENTION_SWEEPERS (the data archives of "Download my data" are one).
 *
 * Exactly one runner: on the embedded engine the worker that holds the timed-work lease, on
 * Firebase the scheduler's call of /api/cron; and the day's run is claimed in a transaction on
 * `retention_runs/daily`, so two callers at once run it once. Every sweep is idempotent and works
 * in batches, so a run stopped half-way (a crash, a deploy) is simply finished by the next one.
 */
import { NOTIFICATIONS, notificationsOf } from "~/documents/notifications";
import { getRetentionRun, retentionRunPath, type RetentionRunDoc } from "~/documents/retention-runs";
import { USERS } from "~/documents/users";
import type { FileStore } from "~/engine/files/types";
import { getFiles, sweepExpiredSignIns, sweepSentMail, sweepSignInLockouts } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { getServerEnv } from "~/utils/env.server";
import { sweepExpiredArchives } from "./archives.server";
import { deleteInBatches } from "./delete-batches.server";
import { sweepOldDigests } from "~/features/digest/run.server";
import { sweepFinishedPushJobs } from "~/features/push/retention.server";

export const DAY_MS = 24 * 3_600_000;
const DAILY = "daily";

/** How long each kind of record is kept, in days (README "Configuration", "What is kept"). */
export interface RetentionPeriods {
  /** A copy of a sent mail (MAIL_RETENTION_DAYS). */
  sentMailDays: number;
  /** A notification the member has read (NOTIFICATION_RETENTION_DAYS). */
  readNotificationDays: number;
}

/** The periods as configured (MAIL_RETENTION_DAYS, NOTIFICATION_RETENTION_DAYS). */
export function configuredPeriods(): RetentionPeriods {
  const env = getServerEnv();
  return { sentMailDays: env.MAIL_RETENTION_DAYS, readNotificationDays: env.NOTIFICATION_RETENTION_DAYS };
}

export interface RetentionContext {
  store: DocStore;
  files: FileStore;
  now: number;
  periods: RetentionPeriods;
}

export interface Sweeper {
  /** Names the sweeper in the run's report. */
  name: string;
  /** Deletes what is past its period; returns how many records it deleted. */
  sweep: (context: RetentionContext) => Promise<number>;
}

/** Read notifications older than their period, member by member (there is no query across members). */
export async function sweepReadNotifications({ store, now, periods }: RetentionContext): Promise<number> {
  const before = now - periods.readNotificationDays * DAY_MS;
  let deleted = 0;
  // Every member is asked: the `notifications/{uid}` parents hold no documents of their own, so
  // Firestore cannot list them.
  for (const member of await store.query({ collection: USERS })) {
    deleted += await deleteInBatches(store, {
      collection: notificationsOf(member.id),
      where: [
        ["read", "==", true],
        ["timestamp", "<", before],
      ],
    });
  }
  return deleted;
}

export const RETENTION_SWEEPERS: Sweeper[] = [
  { name: "sentMail", sweep: ({ store, now, periods }) => sweepSentMail(store, now - periods.sentMailDays * DAY_MS) },
  // Sessions, reset codes and verification links: kept until they run out, then deleted.
  { name: "expiredSignIns", sweep: ({ store, now }) => sweepExpiredSignIns(store, now) },
  // Sign-in lockouts: the timed work also clears them on every tick (engine/index.server.ts).
  { name: "signInLockouts", sweep: ({ store, now }) => sweepSignInLockouts(store, now) },
  { name: NOTIFICATIONS, sweep: sweepReadNotifications },
  // "Download my data": an archive whose 7-day link has run out (decision 042).
  { name: "dataArchives", sweep: (context) => sweepExpiredArchives(context) },
  // Digest records past any period's idempotency (decision 047).
  { name: "digests", sweep: ({ store, now }) => sweepOldDigests(store, now) },
  // Push jobs that are over, a week after their last change (decision 055).
  { name: "pushJobs", sweep: ({ store, now }) => sweepFinishedPushJobs(store, now) },
];

/** Runs every sweeper once; a failing one is reported and does not keep the others from running. */
export async function runRetention(
  context: RetentionContext,
  sweepers: readonly Sweeper[] = RETENTION_SWEEPERS,
): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const sweeper of sweepers) {
    try {
      deleted[sweeper.name] = await sweeper.sweep(context);
    } catch (error) {
      console.error(`Retention: the ${sweeper.name} sweep failed; the next run tries again.`, error);
    }
  }
  return deleted;
}

/** Claims today's run: true for the one caller that may run it, false when it ran less than a day ago. */
async function claimDailyRun(store: DocStore, now: number): Promise<boolean> {
  return store.transaction(async (tx) => {
    const last = await getRetentionRun(tx, DAILY);
    if (last && now - last.startedAt < DAY_MS && last.startedAt <= now) return false;
    const claim: RetentionRunDoc = { startedAt: now, finishedAt: 0, deleted: {} };
    tx.set(retentionRunPath(DAILY), claim);
    return true;
  });
}

/**
 * The timed work's entry: runs the sweepers if no run started in the last day, and answers what
 * they deleted (null when it was not time). Cheap when it is not time: one document read.
 */
export async function runDailyRetention(
  context: RetentionContext,
  sweepers: readonly Sweeper[] = RETENTION_SWEEPERS,
): Promise<Record<string, number> | null> {
  if (!(await claimDailyRun(context.store, context.now))) return null;
  const deleted = await runRetention(context, sweepers);
  const done: RetentionRunDoc = { startedAt: context.now, finishedAt: Date.now(), deleted };
  await context.store.set(retentionRunPath(DAILY), done);
  const total = Object.values(deleted).reduce((sum, n) => sum + n, 0);
  if (total > 0)
    console.log(
      `Retention: deleted ${Object.entries(deleted)
        .map(([name, n]) => `${n} ${name}`)
        .join(", ")}.`,
    );
  return deleted;
}

/** For the timed work and /api/cron: today's run, if it is due, with the configured periods. */
export async function runDueRetention(store: DocStore, now = Date.now()): Promise<Record<string, number> | null> {
  return runDailyRetention({ store, files: await getFiles(), now, periods: configuredPeriods() });
}
