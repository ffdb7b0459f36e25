/**
 * Sends due mail jobs (queue.server.ts), run by the one worker holding the timed-work lease
 * (decision 021) or by /api/cron on Firebase. Each job is claimed in a transaction (pending →
 * sending) before its message is handed to the transport, so two runs never send the same job;
 * the claim reads the member's notification choices, so a category turned off before the mail
 * left is not sent. A transport that fails leaves the job pending for a later attempt, with
 * growing pauses, and never reaches the booking or the message that caused it.
 */
import { getUser, type UserProfile } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import type { MailTransport } from "~/engine/mail/types";
import { getBooking } from "~/documents/bookings";
import { getChat, messagesOf, readMessage } from "~/documents/chats";
import { getDataExport } from "~/documents/data-exports";
import { getDigest, type DigestFacts } from "~/documents/digest";
import { digestMail } from "~/features/digest/render";
import { isLanguage, SOURCE_LANGUAGE } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import { unsubscribeToken } from "~/features/digest/unsubscribe-token.server";
import { readNotificationPrefs } from "~/features/notifications/preferences";
import { displayNameOf } from "~/features/profile/display";
import { getParsed } from "~/documents/fields";
import { MAIL_JOBS, readMailJob, type MailJobDoc, type MailKind } from "~/documents/mail";
import { CATEGORY_OF_MAIL } from "./queue.server";
import { composeBoardPostsMail } from "~/features/board/post-mail.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { getServerEnv } from "~/utils/env.server";
import { withoutEmailAddresses } from "~/utils/redact";
import {
  bookingAcceptedMail,
  bookingCancelledMail,
  bookingDeclinedMail,
  bookingRequestedMail,
  dataExportReadyMail,
  newMessagesMail,
  sessionReminderMail,
  type RenderedMail,
  type SessionFacts,
} from "./templates";

/** Pauses before the 2nd, 3rd… attempt; after the last one the job is failed. */
export const RETRY_AFTER_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_AFTER_MS.length + 1;
/** A job still "sending" this long after its claim was cut off mid-send (a worker died). */
export const SENDING_TIMEOUT_MS = 10 * 60_000;
/** Messages quoted in one chat mail; the rest are counted. */
export const QUOTED_MESSAGES = 5;
const BATCH = 25;

export interface Recipient {
  email: string;
  displayName: string | null;
}

export interface DeliveryDeps {
  transport: MailTransport;
  /** The sign-in account behind a uid (the auth port), or null when it is gone. */
  recipient: (uid: string) => Promise<Recipient | null>;
  /** PUBLIC_URL's origin: every link in a mail is absolute and points there. */
  origin: string;
  /** Signs the digest's unsubscribe links (decision 047); SESSION_SECRET when not given. */
  unsubscribeSecret?: string;
}

export interface DeliveryReport {
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
  interrupted: number;
}

type Profile = UserProfile;

const nameOf = (profile: Profile | null, fallback: string) => profile?.fullName.trim() || fallback;

const validZone = (zone: unknown): string => {
  if (typeof zone !== "string" || !zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
};

/** A claimed job: one this version knows how to write. */
type ClaimedJob = MailJobDoc & { kind: MailKind };
type Claim = { job: ClaimedJob; profile: Profile } | { skipped: string } | null;

/** pending → sending, once; or skipped when the member turned the category off or left. */
async function claim(store: DocStore, path: string, now: number): Promise<Claim> {
  return store.transaction(async (tx) => {
    const job = await getParsed(tx, path, readMailJob);
    if (!job || job.state !== "pending" || job.nextAttemptAt > now) return null;
    const profile = await getUser(tx, job.uid);
    const skip = (reason: string) => {
      tx.update(path, { state: "skipped", reason, updatedAt: now });
      return { skipped: reason };
    };
    if (!profile || profile.deleted) return skip("The member left SkillSwap.");
    const { kind } = job;
    // Written by a later version (or damaged): never sent as a kind it is not.
    if (kind === null) return skip("This version of SkillSwap does not know this kind of mail.");
    const category = CATEGORY_OF_MAIL[kind];
    if (category && !readNotificationPrefs(profile)[category]) return skip("The member turned this category off.");
    const attempts = job.attempts + 1;
    tx.update(path, { state: "sending", attempts, nextAttemptAt: now + SENDING_TIMEOUT_MS, updatedAt: now });
    return { job: { ...job, kind, attempts }, profile };
  });
}

/** The recipient's own language (decisions 055, 060): their profile's, English when they never chose. */
function recipientLanguage(profile: Profile) {
  return isLanguage(profile.language) ? profile.language : SOURCE_LANGUAGE;
}

function mailWords(profile: Profile) {
  const language = recipientLanguage(profile);
  return { language, t: fixedT(language, "mail") };
}

/** The digest's skills (gathered as labelled) by their names in the recipient's language. */
function namedSkills(facts: DigestFacts, language: string): DigestFacts {
  const { name } = skillNamer(language);
  const named = <T extends { skill: string }>(list: T[]) => list.map((x) => ({ ...x, skill: name("", x.skill) }));
  return { ...facts, matches: named(facts.matches), posts: named(facts.posts), sessions: named(facts.sessions) };
}

/** What the job's mail says now, or a reason not to send it (the booking is gone, messages were read). */
async function compose(
  store: DocStore,
  job: ClaimedJob,
  profile: Profile,
  recipient: Recipient,
  { origin, unsubscribeSecret }: DeliveryDeps,
  now: number,
): Promise<(RenderedMail & { headers?: Record<string, string> }) | string> {
  const recipientName = displayNameOf({
    authDisplayName: recipient.displayName,
    fullName: profile.fullName,
    email: recipient.email,
  });
  const timeZone = validZone(profile.timezone);
  const settingsUrl = `${origin}/settings`;
  const words = mailWords(profile);

  if (job.kind === "data_export_ready") {
    const current = await getDataExport(store, job.uid);
    if (!current || current.archiveId !== job.ref || current.state !== "ready" || current.expiresAt === null)
      return "The archive was replaced or removed before the mail left.";
    return dataExportReadyMail({
      recipientName,
      expiresAt: current.expiresAt,
      timeZone,
      settingsUrl: `${settingsUrl}#your-data`,
      words,
    });
  }

  if (job.kind === "board_posts") return composeBoardPostsMail(store, job, { recipientName, origin, words }, now);

  if (job.kind === "digest") {
    // Read as the member's choice is now: turned off after the digest was queued, it does not leave.
    if (profile.digest === "off") return "The member turned the digest off.";
    const digest = await getDigest(store, job.uid, job.ref);
    if (!digest || digest.state !== "queued" || digest.frequency === "off") return "The digest was removed.";
    const token = unsubscribeToken(unsubscribeSecret ?? getServerEnv().SESSION_SECRET, job.uid, now);
    const language = recipientLanguage(profile);
    return digestMail(namedSkills(digest.facts, language), {
      language,
      t: fixedT(language, "digest"),
      recipientName,
      frequency: digest.frequency,
      from: digest.from,
      timeZone,
      origin,
      unsubscribeUrl: `${origin}/digest/unsubscribe?token=${encodeURIComponent(token)}`,
    });
  }

  if (job.kind === "new_messages") {
    const chat = await getChat(store, job.ref);
    const unreadCount = chat?.unread[job.uid] ?? 0;
    if (!chat || unreadCount === 0) return "The messages were read before the mail left.";
    const senderUid = chat.participants.find((p) => p !== job.uid)!;
    const [sender, latest] = await Promise.all([
      getUser(store, senderUid),
      store.query({
        collection: messagesOf(job.ref),
        orderBy: [["timestamp", "desc"]],
        limit: QUOTED_MESSAGES,
      }),
    ]);
    const messages = latest
      .map(readMessage)
      .filter((m) => m.sender !== job.uid && !m.seen)
      .slice(0, Math.min(unreadCount, QUOTED_MESSAGES))
      .reverse()
      .map((m) => ({ text: m.text, timestamp: m.timestamp }));
    return newMessagesMail({
      recipientName,
      senderName: nameOf(sender, words.t("fallback.aMember")),
      messages,
      unreadCount,
      timeZone,
      chatUrl: `${origin}/inbox/${job.ref}`,
      settingsUrl,
      words,
    });
  }

  const b = await getBooking(store, job.ref);
  if (!b) return "The booking no longer exists.";
  const role = job.uid === b.mentorUid ? "mentor" : "learner";
  const other = await getUser(store, role === "mentor" ? b.learnerUid : b.mentorUid);
  const facts: SessionFacts = {
    recipientName,
    otherName: nameOf(other, words.t(role === "mentor" ? "fallback.aLearner" : "fallback.yourMentor")),
    // A built-in skill by its name in the recipient's language, a member's own tag as written.
    skillLabel: skillNamer(words.language).name(b.skillTag, b.skillLabel),
    start: b.start,
    end: b.end,
    durationMinutes: b.durationMinutes,
    price: b.price,
    timeZone,
    sessionUrl: `${origin}/session/${job.ref}`,
    settingsUrl,
    words,
  };
  switch (job.kind) {
    case "booking_requested":
      return bookingRequestedMail(facts);
    case "booking_accepted":
      return bookingAcceptedMail(facts);
    case "booking_declined":
      return bookingDeclinedMail(facts);
    case "booking_cancelled":
      return bookingCancelledMail(facts, job.by === "system" ? `expired_${role}` : "by_other");
    case "session_reminder":
      return sessionReminderMail(facts);
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

type Outcome = "sent" | "skipped" | "retried" | "failed" | null;

async function deliverOne(
  store: DocStore,
  path: string,
  key: string,
  deps: DeliveryDeps,
  now: number,
): Promise<Outcome> {
  const claimed = await claim(store, path, now);
  if (!claimed) return null;
  if ("skipped" in claimed) return "skipped";
  const { job, profile } = claimed;
  const finish = (fields: Partial<MailJobDoc>) => store.update(path, { ...fields, updatedAt: now });
  try {
    const recipient = await deps.recipient(job.uid);
    if (!recipient) {
      await finish({ state: "skipped", reason: "The member has no sign-in account any more." });
      return "skipped";
    }
    const mail = await compose(store, job, profile, recipient, deps, now);
    if (typeof mail === "string") {
      await finish({ state: "skipped", reason: mail });
      return "skipped";
    }
    await deps.transport.send({ key, to: recipient.email, ...mail });
  } catch (error) {
    const last = job.attempts >= MAX_ATTEMPTS;
    console.error(
      `Mail ${key} (attempt ${job.attempts} of ${MAX_ATTEMPTS}) was not sent${last ? "; giving up" : ""}:`,
      withoutEmailAddresses(errorText(error)),
    );
    await finish(
      last
        ? { state: "failed", reason: errorText(error) }
        : { state: "pending", reason: errorText(error), nextAttemptAt: now + RETRY_AFTER_MS[job.attempts - 1]! },
    );
    return last ? "failed" : "retried";
  }
  await finish({ state: "sent", sentAt: now });
  return "sent";
}

/** Jobs a stopped worker left "sending": recorded as interrupted, not sent again. */
async function markInterrupted(store: DocStore, now: number): Promise<number> {
  const stale = await store.query({
    collection: MAIL_JOBS,
    where: [
      ["state", "==", "sending"],
      ["nextAttemptAt", "<=", now],
    ],
    limit: BATCH,
  });
  let count = 0;
  for (const doc of stale) {
    const changed = await store.transaction(async (tx) => {
      const current = await getParsed(tx, doc.path, readMailJob);
      if (current?.state !== "sending" || current.nextAttemptAt > now) return false;
      tx.update(doc.path, {
        state: "interrupted",
        reason: "The worker stopped while handing the message over; it may have left, so it is not sent again.",
        updatedAt: now,
      });
      return true;
    });
    if (changed) count++;
  }
  return count;
}

/** Sends every due job (a batch per call); each job's outcome is recorded on it. */
export async function deliverDueMail(store: DocStore, deps: DeliveryDeps, now = Date.now()): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, skipped: 0, retried: 0, failed: 0, interrupted: 0 };
  report.interrupted = await markInterrupted(store, now);
  const due = await store.query({
    collection: MAIL_JOBS,
    where: [
      ["state", "==", "pending"],
      ["nextAttemptAt", "<=", now],
    ],
    limit: BATCH,
  });
  for (const doc of due) {
    try {
      const outcome = await deliverOne(store, doc.path, doc.id, deps, now);
      if (outcome) report[outcome]++;
    } catch (error) {
      // The store refused this job's bookkeeping (a conflict, a blip): it stays as it was for the
      // next run, and the other jobs of this batch still go out.
      console.error(`Mail ${doc.id} could not be processed:`, errorText(error));
    }
  }
  return report;
}
