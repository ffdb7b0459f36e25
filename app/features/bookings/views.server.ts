/**
 * What the booking screens and widgets load, shaped for the browser. The members page mounts the
 * booking panel with loadBookingPanel; the dashboard mounts the upcoming-sessions widget with
 * loadUpcomingSessions.
 */
import { getUser } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { getBalance } from "~/features/wallet/ledger.server";
import { BOOKING_HORIZON_DAYS, bookableStarts, freeStarts, MIN_NOTICE_MS, priceFor } from "./availability";
import { listBookingsFor, pendingRequestsFor } from "./bookings.server";
import { namesOf } from "~/features/members/members.server";
import { ACTIVE_STATES, availableCommands, roleOf } from "./state";
import { getTeachingSettings } from "./teaching.server";
import type { Booking, BookingDoc, Role } from "./types";
import { DURATIONS } from "./types";
import { knownTimeZone } from "~/utils/zoned-time";

const DAY = 86_400_000;
/** The panel offers two weeks of slots; later ones are a scroll away on the mentor's calendar. */
export const PANEL_DAYS = 14;

export interface SessionSummary {
  id: string;
  skillLabel: string;
  start: number;
  end: number;
  durationMinutes: number;
  price: number;
  state: Booking["state"];
  role: Role;
  otherUid: string;
  otherName: string;
  actions: string[];
}

export function viewerZone(profileTimeZone: unknown): string {
  return knownTimeZone(profileTimeZone) ?? "UTC";
}

function summarise(b: Booking, uid: string, names: Map<string, string>, now: number): SessionSummary {
  const role = roleOf(b, uid) as Role;
  const otherUid = role === "mentor" ? b.learnerUid : b.mentorUid;
  return {
    id: b.id,
    skillLabel: b.skillLabel,
    start: b.start,
    end: b.end,
    durationMinutes: b.durationMinutes,
    price: b.price,
    state: b.state,
    role,
    otherUid,
    otherName: names.get(otherUid) ?? "Member",
    actions: availableCommands(b, role, now),
  };
}

async function summariseAll(store: DocStore, bookings: Booking[], uid: string, now: number): Promise<SessionSummary[]> {
  const names = await namesOf(
    store,
    bookings.map((b) => (b.mentorUid === uid ? b.learnerUid : b.mentorUid)),
  );
  return bookings.map((b) => summarise(b, uid, names, now));
}

export interface BookingPanelData {
  mentorUid: string;
  mentorName: string;
  isSelf: boolean;
  viewerTimeZone: string;
  mentorTimeZone: string;
  balance: number;
  skills: { tag: string; label: string; rate: number; prices: Record<number, number> }[];
  /** Free start instants per duration (30, 60, 90). */
  slots: Record<number, number[]>;
}

export async function loadBookingPanel(
  store: DocStore,
  mentorUid: string,
  viewer: { uid: string; timezone?: unknown },
  now = Date.now(),
): Promise<BookingPanelData> {
  const [{ teaching, timeZone, offered }, mentor, balance, busyDocs] = await Promise.all([
    getTeachingSettings(store, mentorUid),
    getUser(store, mentorUid),
    getBalance(store, viewer.uid),
    store.query<BookingDoc>({
      collection: "bookings",
      where: [
        ["participants", "array-contains", mentorUid],
        ["end", ">", now],
      ],
    }),
  ]);
  const busy = busyDocs
    .filter((d) => ACTIVE_STATES.includes(d.data.state))
    .map((d) => ({ start: d.data.start, end: d.data.end }));
  const skills = offered
    .filter((s) => teaching.rates[s.tag] !== undefined)
    .map((s) => {
      const rate = teaching.rates[s.tag];
      return {
        tag: s.tag,
        label: s.label,
        rate,
        prices: Object.fromEntries(DURATIONS.map((d) => [d, priceFor(rate, d)])),
      };
    });
  const from = now + MIN_NOTICE_MS;
  const to = now + Math.min(PANEL_DAYS, BOOKING_HORIZON_DAYS) * DAY;
  const slots: Record<number, number[]> = {};
  for (const duration of DURATIONS)
    slots[duration] = skills.length
      ? freeStarts(bookableStarts(teaching, timeZone, { from, to, durationMinutes: duration }), duration, busy)
      : [];
  return {
    mentorUid,
    mentorName: mentor?.fullName.trim() || "Member",
    isSelf: viewer.uid === mentorUid,
    viewerTimeZone: viewerZone(viewer.timezone),
    mentorTimeZone: timeZone,
    balance,
    skills,
    slots,
  };
}

/** The next sessions that still happen (requested or accepted), soonest first. */
export async function loadUpcomingSessions(
  store: DocStore,
  uid: string,
  now = Date.now(),
  limit = 5,
): Promise<SessionSummary[]> {
  const bookings = await listBookingsFor(store, uid, {
    from: now - 3 * 3_600_000,
    to: now + BOOKING_HORIZON_DAYS * DAY,
  });
  const upcoming = bookings
    .filter((b) => b.end > now && (b.state === "requested" || b.state === "accepted"))
    .slice(0, limit);
  return summariseAll(store, upcoming, uid, now);
}

export interface CalendarData {
  sessions: SessionSummary[];
  pending: SessionSummary[];
}

/** Sessions in [from, to) and the requests waiting for this member's answer. */
export async function loadCalendarSessions(
  store: DocStore,
  uid: string,
  { from, to }: { from: number; to: number },
  now = Date.now(),
): Promise<CalendarData> {
  const [inRange, pending] = await Promise.all([
    listBookingsFor(store, uid, { from, to }),
    pendingRequestsFor(store, uid),
  ]);
  return {
    sessions: await summariseAll(store, inRange, uid, now),
    pending: await summariseAll(
      store,
      pending.filter((b) => b.start > now),
      uid,
      now,
    ),
  };
}

/** "Upcoming first, past with their outcome": the next 20 sessions, then the last 20. */
export async function loadSessionLists(
  store: DocStore,
  uid: string,
  now = Date.now(),
): Promise<{ upcoming: SessionSummary[]; past: SessionSummary[] }> {
  const [future, history] = await Promise.all([
    listBookingsFor(store, uid, { from: now - 3 * 3_600_000, to: now + BOOKING_HORIZON_DAYS * DAY }),
    listBookingsFor(store, uid, { from: now - 365 * DAY, to: now }),
  ]);
  const upcoming = future.filter((b) => b.end > now && b.state !== "declined" && b.state !== "cancelled").slice(0, 20);
  const upcomingIds = new Set(upcoming.map((b) => b.id));
  const past = history
    .filter((b) => !upcomingIds.has(b.id))
    .reverse()
    .slice(0, 20);
  const all = await summariseAll(store, [...upcoming, ...past], uid, now);
  return { upcoming: all.slice(0, upcoming.length), past: all.slice(upcoming.length) };
}
