/**
 * Private iCal feeds (`ical_feeds/{uid}` and `ical_tokens/{hash}`, app/documents/ical.ts). The
 * token is shown once and stored only as its SHA-256 hash, so a leaked database does not leak feed
 * URLs; the member's feed document remembers the current hash so the feed can be revoked or replaced.
 * A calendar app fetches the feed without the member's cookies, so its texts are in the language
 * of the feed's owner, read from their profile (decision 066).
 */
import { createHash, randomBytes } from "node:crypto";
import { keptUntilWritten } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import {
  getIcalFeed,
  getIcalToken,
  icalFeedPath,
  icalTokenPath,
  type IcalFeedDoc,
  type IcalTokenDoc,
} from "~/documents/ical";
import { getUser } from "~/documents/users";
import { namesOf } from "~/features/members/members.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { isLanguage, SOURCE_LANGUAGE, type Language } from "~/i18n/config";
import { fixedT } from "~/i18n/i18n.server";
import { isolatedName } from "~/utils/format";
import { listBookingsFor } from "./bookings.server";
import { calendarFile, type IcsEvent } from "./ics";
import type { Booking } from "./types";

const DAY = 86_400_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Whether the member has a feed, kept in the read cache (decision 037) until `ical_feeds/{uid}` is
 * written: /calendar shows it on every view and it changes only by the page's own two buttons
 * (issue 28, decision 164).
 */
export function feedStatus(store: DocStore, uid: string): Promise<{ active: boolean; createdAt: number | null }> {
  return keptUntilWritten(store, `ical-feed:${uid}`, icalFeedPath(uid), async () => {
    const feed = await getIcalFeed(store, uid);
    return { active: !!feed, createdAt: feed?.createdAt ?? null };
  });
}

/** Replaces any existing feed with a new one; answers the token, which is never stored. */
export async function createFeedToken(store: DocStore, uid: string, now = Date.now()): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const hash = hashToken(token);
  await store.transaction(async (tx) => {
    const current = await getIcalFeed(tx, uid);
    if (current && current.hash !== null) tx.delete(icalTokenPath(current.hash));
    const feed: IcalFeedDoc = { hash, createdAt: now };
    const entry: IcalTokenDoc = { uid, createdAt: now };
    tx.set(icalFeedPath(uid), feed);
    tx.create(icalTokenPath(hash), entry);
  });
  return token;
}

export async function revokeFeed(store: DocStore, uid: string): Promise<void> {
  await store.transaction(async (tx) => {
    const current = await getIcalFeed(tx, uid);
    if (!current) return;
    if (current.hash !== null) tx.delete(icalTokenPath(current.hash));
    tx.delete(icalFeedPath(uid));
  });
}

export async function uidForToken(store: DocStore, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  return (await getIcalToken(store, hashToken(token)))?.uid ?? null;
}

/** The feed owner's language (decision 066): their profile's, English when they never chose. */
export async function feedLanguage(store: DocStore, uid: string): Promise<Language> {
  const language = (await getUser(store, uid))?.language;
  return isLanguage(language) ? language : SOURCE_LANGUAGE;
}

/** One session as an event, its texts in `language` (the feed owner's, or the downloader's). */
export function sessionEvent(b: Booking, otherName: string | null, origin: string, language: string): IcsEvent {
  const t = fixedT(language, "bookings");
  const room = `${origin}/session/${b.id}`;
  const skill = skillNamer(language).name(b.skillTag, b.skillLabel);
  const description = t("ical.description", { minutes: b.durationMinutes, url: room });
  return {
    uid: `${b.id}@skillswap`,
    start: b.start,
    end: b.end,
    // The other member's name isolated: a calendar shows the summary as plain text (decision 109).
    summary: t("ical.summary", { skill, name: isolatedName(otherName ?? "", t("ical.someone")) }),
    description: b.meetingLink ? `${description}\n${t("ical.meetingLink", { url: b.meetingLink })}` : description,
    url: room,
    status:
      b.state === "accepted" || b.state === "completed" || b.state === "disputed" || b.state === "resolved"
        ? "CONFIRMED"
        : b.state === "requested"
          ? "TENTATIVE"
          : "CANCELLED",
    sequence: b.history.length,
  };
}

/** All of a member's sessions from 30 days back to the booking horizon. */
export async function feedFor(store: DocStore, uid: string, origin: string, now = Date.now()): Promise<string> {
  const [bookings, language] = await Promise.all([
    listBookingsFor(store, uid, { from: now - 30 * DAY, to: now + 120 * DAY }),
    feedLanguage(store, uid),
  ]);
  const names = await namesOf(
    store,
    bookings.map((b) => (b.mentorUid === uid ? b.learnerUid : b.mentorUid)),
    language,
  );
  const events = bookings
    .filter((b) => b.state !== "declined")
    .map((b) =>
      sessionEvent(b, names.get(b.mentorUid === uid ? b.learnerUid : b.mentorUid)?.text ?? null, origin, language),
    );
  return calendarFile(events, { name: fixedT(language, "bookings")("ical.feedName"), stamp: now });
}

export const ICS_HEADERS = { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store" };
