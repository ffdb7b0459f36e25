/**
 * Private iCal feeds (`ical_feeds/{uid}` and `ical_tokens/{hash}`, app/documents/ical.ts). The
 * token is shown once and stored only as its SHA-256 hash, so a leaked database does not leak feed
 * URLs; the member's feed document remembers the current hash so the feed can be revoked or replaced.
 */
import { createHash, randomBytes } from "node:crypto";
import type { DocStore } from "~/engine/store/types";
import {
  getIcalFeed,
  getIcalToken,
  icalFeedPath,
  icalTokenPath,
  type IcalFeedDoc,
  type IcalTokenDoc,
} from "~/documents/ical";
import { namesOf } from "~/features/members/members.server";
import { listBookingsFor } from "./bookings.server";
import { calendarFile, type IcsEvent } from "./ics";
import type { Booking } from "./types";

const DAY = 86_400_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function feedStatus(store: DocStore, uid: string): Promise<{ active: boolean; createdAt: number | null }> {
  const feed = await getIcalFeed(store, uid);
  return { active: !!feed, createdAt: feed?.createdAt ?? null };
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

export function sessionEvent(b: Booking, otherName: string, origin: string): IcsEvent {
  return {
    uid: `${b.id}@skillswap`,
    start: b.start,
    end: b.end,
    summary: `SkillSwap: ${b.skillLabel} with ${otherName}`,
    description: `${b.durationMinutes}-minute session. Session room: ${origin}/session/${b.id}${b.meetingLink ? `\nMeeting link: ${b.meetingLink}` : ""}`,
    url: `${origin}/session/${b.id}`,
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
  const bookings = await listBookingsFor(store, uid, { from: now - 30 * DAY, to: now + 120 * DAY });
  const names = await namesOf(
    store,
    bookings.map((b) => (b.mentorUid === uid ? b.learnerUid : b.mentorUid)),
  );
  const events = bookings
    .filter((b) => b.state !== "declined")
    .map((b) => sessionEvent(b, names.get(b.mentorUid === uid ? b.learnerUid : b.mentorUid) ?? "a member", origin));
  return calendarFile(events, { name: "SkillSwap sessions", stamp: now });
}

export const ICS_HEADERS = { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "private, no-store" };
