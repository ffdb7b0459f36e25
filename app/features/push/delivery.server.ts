/**
 * Sends due push jobs (queue.server.ts), run by the one worker holding the timed-work lease
 * (decision 021) or by /api/cron on Firebase. As mail (decision 022): each job is claimed in a
 * transaction (pending → sending) before anything leaves, so two workers never both send it; the
 * claim reads the member's push choices and devices. Quiet hours put a job back with a
 * not-before time; a push service answering 429 or 5xx gets the job again later (its Retry-After
 * honoured, otherwise growing pauses) for the devices that failed only; 404 or 410 removes that
 * device's subscription for good.
 */
import type { DocStore } from "~/engine/store/types";
import type { PushSender, PushTarget } from "~/engine/push/types";
import { getBooking } from "~/documents/bookings";
import { getChat, messagesOf, readMessage } from "~/documents/chats";
import { getParsed } from "~/documents/fields";
import { notificationPath, readNotification } from "~/documents/notifications";
import {
  getPushSettings,
  PUSH_JOBS,
  PUSH_SUBSCRIPTIONS,
  pushJobPath,
  pushSubscriptionPath,
  readPushJob,
  readPushSubscription,
  type PushJobDoc,
  type PushJobKind,
  type PushSubscriptionRecord,
} from "~/documents/push";
import { getUser } from "~/documents/users";
import { CATEGORY_OF } from "~/features/notifications/preferences";
import type { NotificationType } from "~/features/notifications/types";
import { chatPayload, notificationPayload, startsPayload, type PushPayload } from "./payload";
import { quietUntil } from "./quiet-hours";
import { noticeText } from "~/features/notifications/text";
import { isLanguage, SOURCE_LANGUAGE } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { intlLocale } from "~/utils/format";
import { isPushCategory, PUSHED_TYPES, readPushChoices, type PushChoices } from "./settings";

/** Pauses before the 2nd, 3rd… attempt when the push service gave no Retry-After. */
export const PUSH_RETRY_AFTER_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];
export const MAX_PUSH_ATTEMPTS = PUSH_RETRY_AFTER_MS.length + 1;
/** A job still "sending" this long after its claim was cut off mid-send. */
export const PUSH_SENDING_TIMEOUT_MS = 5 * 60_000;
/** Jobs claimed per run; their devices are sent to at once. */
export const PUSH_BATCH = 100;
/** How long a push service keeps a push for a device that is off, per kind. */
const TTL_SECONDS: Record<PushJobKind, number> = { notification: 24 * 3600, chat: 24 * 3600, starts: 10 * 60 };

export interface PushReport {
  sent: number;
  held: number;
  skipped: number;
  retried: number;
  failed: number;
  removed: number;
  interrupted: number;
}

type Claimed = {
  job: PushJobDoc & { kind: PushJobKind };
  /** The member's own language (their profile's; English when they never chose). */
  language: string;
  choices: PushChoices;
  devices: PushSubscriptionRecord[];
};
type Claim = Claimed | "held" | "skipped" | null;

/** The category whose push choice decides; null: always pushed. */
function categoryOf(job: PushJobDoc & { kind: PushJobKind }) {
  if (job.kind === "chat") return "messages";
  if (job.kind === "starts") return "reminders";
  const category = PUSHED_TYPES[job.type as NotificationType] ?? CATEGORY_OF[job.type as NotificationType];
  return category && isPushCategory(category) ? category : null;
}

async function claim(store: DocStore, key: string, now: number): Promise<Claim> {
  const path = pushJobPath(key);
  return store.transaction(async (tx) => {
    const job = await getParsed(tx, path, readPushJob);
    if (!job || job.state !== "pending" || job.nextAttemptAt > now) return null;
    const [settings, subscriptions, profile] = await Promise.all([
      getPushSettings(tx, job.uid),
      tx.query({ collection: PUSH_SUBSCRIPTIONS, where: [["uid", "==", job.uid]] }),
      getUser(tx, job.uid),
    ]);
    const skip = (reason: string): "skipped" => {
      tx.update(path, { state: "skipped", reason, updatedAt: now });
      return "skipped";
    };
    // Nothing to keep: most members have no device, and their bell's jobs end here.
    if (subscriptions.length === 0) {
      tx.delete(path);
      return "skipped";
    }
    if (!profile || profile.deleted) return skip("The member left SkillSwap.");
    const { kind } = job;
    if (kind === null) return skip("This version of SkillSwap does not know this kind of push.");
    const choices = readPushChoices(settings);
    const category = categoryOf({ ...job, kind });
    if (category && !choices.categories[category]) return skip("The member turned push off for this category.");
    // Quiet hours hold everything but a session about to start.
    const until = kind === "starts" ? null : quietUntil(now, choices.quietHours, profile.timezone);
    if (until !== null) {
      tx.update(path, {
        nextAttemptAt: until,
        heldUntil: until,
        reason: "Held by the member's quiet hours.",
        updatedAt: now,
      });
      return "held";
    }
    const wanted = new Set(job.devices);
    const devices = subscriptions.map(readPushSubscription).filter((s) => wanted.size === 0 || wanted.has(s.id));
    if (devices.length === 0) return skip("The devices it was for were removed.");
    const attempts = job.attempts + 1;
    tx.update(path, { state: "sending", attempts, nextAttemptAt: now + PUSH_SENDING_TIMEOUT_MS, updatedAt: now });
    const language = isLanguage(profile.language) ? profile.language : SOURCE_LANGUAGE;
    return { job: { ...job, kind, attempts }, language, choices, devices };
  });
}

/** What the push says now, or why it is not sent (read meanwhile, gone, over). */
async function compose(
  store: DocStore,
  { job, choices, language }: Pick<Claimed, "job" | "choices" | "language">,
  now: number,
): Promise<PushPayload | string> {
  const t = fixedT(language, "push");
  if (job.kind === "notification") {
    const doc = await store.get(notificationPath(job.uid, job.ref));
    if (!doc) return "The notification was removed before the push left.";
    const notice = readNotification(doc);
    if (notice.read) return "The member read it in the app before the push left.";
    // Rendered from its kind in the member's language, a built-in skill by its name there (decisions
    // 069, 094); a notice without a kind as stored.
    const { name } = skillNamer(language);
    return notificationPayload({
      ...notice,
      ...noticeText(notice, fixedT(language, "notifications"), intlLocale(language), (label) => name("", label)),
    });
  }
  if (job.kind === "chat") {
    const chat = await getChat(store, job.ref);
    const unread = chat?.unread[job.uid] ?? 0;
    // An open tab on the conversation marks its messages seen as they arrive.
    if (!chat || unread === 0) return "The messages were read in an open tab.";
    const senderUid = chat.participants.find((p) => p !== job.uid) ?? "";
    const [sender, latest] = await Promise.all([
      getUser(store, senderUid),
      choices.showText
        ? store.query({ collection: messagesOf(job.ref), orderBy: [["timestamp", "desc"]], limit: 1 })
        : Promise.resolve([]),
    ]);
    const last = latest.map(readMessage).find((m) => m.sender !== job.uid && !m.seen);
    return chatPayload(
      {
        chatId: job.ref,
        senderName: sender?.fullName.trim() ?? "",
        unread,
        latestText: last?.text ?? null,
        showText: choices.showText,
      },
      t,
    );
  }
  const booking = await getBooking(store, job.ref);
  if (!booking || booking.state !== "accepted" || booking.start <= now) return "The session is not about to start.";
  const other = await getUser(store, job.uid === booking.mentorUid ? booking.learnerUid : booking.mentorUid);
  return startsPayload(
    {
      bookingId: booking.id,
      skillLabel: skillNamer(language).name(booking.skillTag, booking.skillLabel),
      otherName: other?.fullName.trim() ?? "",
    },
    t,
    intlLocale(language),
  );
}

type Outcome = "sent" | "skipped" | "retried" | "failed";

async function deliverOne(store: DocStore, sender: PushSender, key: string, now: number, report: PushReport) {
  const claimed = await claim(store, key, now);
  if (claimed === null) return;
  if (claimed === "held" || claimed === "skipped") {
    report[claimed]++;
    return;
  }
  const { job, devices } = claimed;
  const path = pushJobPath(key);
  // Written in a transaction that checks the job was not queued again meanwhile (a new chat message
  // rewrites its conversation's job): then the new one stands and goes out on its own.
  const finish = async (outcome: Outcome, fields: Partial<PushJobDoc>) => {
    await store.transaction(async (tx) => {
      const current = await getParsed(tx, path, readPushJob);
      if (current?.state === "sending" && current.createdAt === job.createdAt)
        tx.update(path, { ...fields, updatedAt: now });
    });
    report[outcome]++;
  };
  const payload = await compose(store, claimed, now);
  if (typeof payload === "string") return finish("skipped", { state: "skipped", reason: payload });
  const body = JSON.stringify(payload);
  const options = {
    ttlSeconds: TTL_SECONDS[job.kind],
    urgency: job.kind === "notification" ? ("normal" as const) : ("high" as const),
    // A conversation's push still waiting at the push service is replaced by the newer one.
    ...(job.kind === "chat" ? { topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32) } : {}),
  };
  const results = await Promise.all(
    devices.map(async (device) => ({ device, result: await sender.send(device satisfies PushTarget, body, options) })),
  );
  const again: string[] = [];
  let waitMs = 0;
  const reasons: string[] = [];
  for (const { device, result } of results) {
    if (result.outcome === "delivered") {
      await store.update(pushSubscriptionPath(device.id), { lastUsedAt: now }).catch(() => {});
    } else if (result.outcome === "gone") {
      await store.delete(pushSubscriptionPath(device.id));
      report.removed++;
    } else if (result.outcome === "retry") {
      again.push(device.id);
      waitMs = Math.max(waitMs, result.retryAfterMs ?? PUSH_RETRY_AFTER_MS[job.attempts - 1] ?? 0);
      reasons.push(result.reason);
    } else reasons.push(result.reason);
  }
  const reason = reasons.length > 0 ? reasons.join(" ") : null;
  if (again.length > 0 && job.attempts < MAX_PUSH_ATTEMPTS)
    return finish("retried", { state: "pending", devices: again, nextAttemptAt: now + waitMs, reason });
  const delivered = results.some((r) => r.result.outcome === "delivered");
  if (!delivered && reason) return finish("failed", { state: "failed", reason });
  return finish("sent", { state: "sent", sentAt: now, reason });
}

/** Jobs a stopped worker left "sending": recorded as interrupted, not sent again (it may have left). */
async function markInterrupted(store: DocStore, now: number): Promise<number> {
  const stale = await store.query({
    collection: PUSH_JOBS,
    where: [
      ["state", "==", "sending"],
      ["nextAttemptAt", "<=", now],
    ],
    limit: PUSH_BATCH,
  });
  let count = 0;
  for (const doc of stale) {
    const changed = await store.transaction(async (tx) => {
      const current = await getParsed(tx, doc.path, readPushJob);
      if (current?.state !== "sending" || current.nextAttemptAt > now) return false;
      tx.update(doc.path, { state: "interrupted", reason: "The worker stopped while sending.", updatedAt: now });
      return true;
    });
    if (changed) count++;
  }
  return count;
}

/** Sends every due job (up to PUSH_BATCH per call, several at once); each outcome is recorded on its job. */
export async function deliverDuePushes(
  store: DocStore,
  sender: PushSender,
  now = Date.now(),
  concurrency = 16,
): Promise<PushReport> {
  const report: PushReport = { sent: 0, held: 0, skipped: 0, retried: 0, failed: 0, removed: 0, interrupted: 0 };
  report.interrupted = await markInterrupted(store, now);
  const due = await store.query({
    collection: PUSH_JOBS,
    where: [
      ["state", "==", "pending"],
      ["nextAttemptAt", "<=", now],
    ],
    limit: PUSH_BATCH,
  });
  const queue = due.map((doc) => doc.id);
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        await deliverOne(store, sender, key, now, report);
      } catch (error) {
        // The store refused this job's bookkeeping (a conflict, a blip): it stays for the next run.
        console.error(`Push ${key} could not be processed:`, error instanceof Error ? error.message : error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return report;
}
