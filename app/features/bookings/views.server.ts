/**
 * What the booking screens and widgets load, shaped for the browser. The members page mounts the
 * booking panel with loadBookingPanel; the dashboard mounts the upcoming-sessions widget with
 * loadUpcomingSessions.
 */
import type { PostPrice } from "~/documents/board";
import { offerPrice } from "./offer-price";
import { getUser, userPath, USERS } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { getBalance } from "~/features/wallet/ledger.server";
import {
  BOOKING_HORIZON_DAYS,
  bookableStarts,
  freeStarts,
  MIN_NOTICE_MS,
  nextFreeStart,
  priceFor,
  type BusyRange,
} from "./availability";
import { listBookingsFor, pendingRequestsFor } from "./bookings.server";
import { missingNames, nameSourcesOf, namesIn, namesOf } from "~/features/members/members.server";
import { memberName, type NameSource, type ShownName } from "~/features/members/member";
import { ACTIVE_STATES, roleOf } from "./state";
import { getTeachingSettings } from "./teaching.server";
import { BOOKINGS, readBooking, teachingPath } from "~/documents/bookings";
import { cachedRead } from "~/engine/index.server";
import type { Booking, Role } from "./types";
import { DEFAULT_DURATION, DURATIONS } from "./types";
import { knownTimeZone } from "~/utils/zoned-time";
import { isOwnSkill, skillNamer, type SkillNamer } from "~/features/skills/skill-names.server";

const DAY = 86_400_000;
/** The panel offers two weeks of slots; later ones are a scroll away on the mentor's calendar. */
export const PANEL_DAYS = 14;

/**
 * A session as the calendar and the dashboard draw it, and nothing more: the page sends every field
 * to the browser (issue 28, decision 115). What a member can do with a session is the session room's.
 */
export interface SessionSummary {
  id: string;
  /** Named for the reader (decisions 056, 094); `skillOwn`: a member's own tag, shown as written. */
  skillLabel: string;
  skillOwn: boolean;
  start: number;
  end: number;
  price: number;
  state: Booking["state"];
  role: Role;
  otherName: ShownName;
  /** SP of this session that wait in escrow for the learner's verified e-mail (decision 024); null when none. */
  waitingPayout: number | null;
}

/**
 * A session as the dashboard's widget draws it: the summary without what only the calendar shows
 * (its end, price, payout and whether the skill is a member's own tag; decision 128).
 */
export type UpcomingSession = Pick<SessionSummary, "id" | "skillLabel" | "start" | "state" | "role" | "otherName">;

export function viewerZone(profileTimeZone: unknown): string {
  return knownTimeZone(profileTimeZone) ?? "UTC";
}

function summarise(b: Booking, uid: string, names: Map<string, ShownName>, skills: SkillNamer): SessionSummary {
  const role = roleOf(b, uid) as Role;
  return {
    id: b.id,
    skillLabel: skills.name(b.skillTag, b.skillLabel),
    skillOwn: isOwnSkill(b.skillTag, b.skillLabel),
    start: b.start,
    end: b.end,
    price: b.price,
    state: b.state,
    role,
    otherName: names.get(role === "mentor" ? b.learnerUid : b.mentorUid)!,
    waitingPayout: b.payoutWaits && b.waitingPayout ? b.waitingPayout.amount : null,
  };
}

async function summariseAll(
  store: DocStore,
  bookings: Booking[],
  uid: string,
  language: string,
): Promise<SessionSummary[]> {
  const names = await namesOf(
    store,
    bookings.map((b) => (b.mentorUid === uid ? b.learnerUid : b.mentorUid)),
    language,
  );
  const skills = skillNamer(language);
  return bookings.map((b) => summarise(b, uid, names, skills));
}

/** The times a member is already in a session that still holds time (as mentor or learner). */
async function busyTimeOf(store: DocStore, uid: string, now: number): Promise<BusyRange[]> {
  const docs = await store.query({
    collection: BOOKINGS,
    where: [
      ["participants", "array-contains", uid],
      ["end", ">", now],
    ],
  });
  return docs
    .map(readBooking)
    .filter((b) => ACTIVE_STATES.includes(b.state))
    .map((b) => ({ start: b.start, end: b.end }));
}

/** The window of slots the panel offers, and so the one a match card's "next free slot" looks in. */
function panelWindow(now: number): { from: number; to: number } {
  return { from: now + MIN_NOTICE_MS, to: now + Math.min(PANEL_DAYS, BOOKING_HORIZON_DAYS) * DAY };
}

/** Whether a write to `path` can change a booking a member is in: any booking document (the path does not name its participants); a call's signalling under it cannot. */
function isBookingDocument(path: string): boolean {
  const bookings = `${BOOKINGS}/`;
  return path.startsWith(bookings) && !path.includes("/", bookings.length);
}

/** Whether a write to `path` can move `uid`'s next free slot: any booking (whose participants the path does not name), their hours, their profile's zone. */
export function nextSlotDependsOn(uid: string): (path: string) => boolean {
  const teaching = teachingPath(uid);
  const user = userPath(uid);
  return (path) => path === teaching || path === user || isBookingDocument(path);
}

/**
 * The first free start of the panel's default duration for each mentor, for match cards. Each is
 * kept per mentor until a booking, their hours or their zone is written (the change log says so),
 * or until the time passes its notice; a mentor with none is looked at again every time. A mentor
 * whose hours offer nothing costs no read of their bookings.
 */
export async function nextFreeSlots(
  store: DocStore,
  uids: readonly string[],
  now = Date.now(),
): Promise<Map<string, number>> {
  const window = { ...panelWindow(now), durationMinutes: DEFAULT_DURATION };
  const found = new Map<string, number>();
  await Promise.all(
    uids.map(async (uid) => {
      const next = await cachedRead(
        store,
        `nextFreeSlot:${uid}`,
        nextSlotDependsOn(uid),
        async () => {
          // Read here, not taken from the caller: what is kept must be read after the cache's version.
          const { teaching, timeZone } = await getTeachingSettings(store, uid);
          if (nextFreeStart(teaching, timeZone, [], window) === null) return null;
          return nextFreeStart(teaching, timeZone, await busyTimeOf(store, uid, now), window);
        },
        // Still the first free start while it is bookable: the ones before it are past or busy.
        (kept) => kept !== null && kept >= window.from,
      );
      if (next !== null) found.set(uid, next);
    }),
  );
  return found;
}

export interface BookingPanelData {
  mentorUid: string;
  mentorName: ShownName;
  isSelf: boolean;
  viewerTimeZone: string;
  mentorTimeZone: string;
  balance: number;
  skills: {
    tag: string;
    label: string;
    rate: number;
    prices: Record<number, number>;
    /** A board offer's price (decision 041): SP per hour or for the whole session. */
    offer?: { per: "hour" | "session"; sp: number };
  }[];
  /** Free start instants per duration (30, 60, 90). */
  slots: Record<number, number[]>;
  /** Booking a board offer (decision 041): its id goes with the request, and its price is the one shown. */
  offerId: string | null;
}

/** A board offer with an SP price, booked through the same panel at the offer's price. */
export interface OfferForBooking {
  postId: string;
  skillTag: string;
  skillLabel: string;
  price: PostPrice;
}

export async function loadBookingPanel(
  store: DocStore,
  mentorUid: string,
  viewer: { uid: string; timezone?: unknown; language: string },
  now = Date.now(),
  offer: OfferForBooking | null = null,
): Promise<BookingPanelData> {
  // A skill of the taxonomy by its name in the viewer's language; a member's own tag as written.
  const namer = skillNamer(viewer.language);
  const [{ teaching, timeZone, offered }, mentor, balance, busy] = await Promise.all([
    getTeachingSettings(store, mentorUid),
    getUser(store, mentorUid),
    getBalance(store, viewer.uid),
    busyTimeOf(store, mentorUid, now),
  ]);
  const skills = offer
    ? [{ ...offerSkill(offer), label: namer.name(offer.skillTag, offer.skillLabel) }]
    : offered
        .filter((s) => teaching.rates[s.tag] !== undefined)
        .map((s) => {
          const rate = teaching.rates[s.tag];
          return {
            tag: s.tag,
            label: namer.name(s.tag, s.label),
            rate,
            prices: Object.fromEntries(DURATIONS.map((d) => [d, priceFor(rate, d)])),
          };
        });
  const { from, to } = panelWindow(now);
  const slots: Record<number, number[]> = {};
  for (const duration of DURATIONS)
    slots[duration] = skills.length
      ? freeStarts(bookableStarts(teaching, timeZone, { from, to, durationMinutes: duration }), duration, busy)
      : [];
  return {
    mentorUid,
    mentorName: memberName(mentor, missingNames(viewer.language)),
    isSelf: viewer.uid === mentorUid,
    viewerTimeZone: viewerZone(viewer.timezone),
    mentorTimeZone: timeZone,
    balance,
    skills,
    slots,
    offerId: offer?.postId ?? null,
  };
}

function offerSkill({ skillTag, skillLabel, price }: OfferForBooking): BookingPanelData["skills"][number] {
  const perHour = price.kind === "per_hour";
  return {
    tag: skillTag,
    label: skillLabel,
    rate: perHour ? price.sp : 0,
    prices: Object.fromEntries(DURATIONS.map((d) => [d, offerPrice(price, d)])),
    offer: { per: perHour ? "hour" : "session", sp: price.sp },
  };
}

/**
 * A member's own free starts in the panel's window, per duration (30, 60, 90): the times they can
 * offer in a board proposal (decision 041). `blocks` sessions back to back (2 for a swap's two)
 * must fit in their hours and be free together.
 */
export async function ownFreeStarts(
  store: DocStore,
  uid: string,
  blocks: 1 | 2,
  now = Date.now(),
): Promise<{ hasHours: boolean; starts: Record<number, number[]> }> {
  const [{ teaching, timeZone }, busy] = await Promise.all([
    getTeachingSettings(store, uid),
    busyTimeOf(store, uid, now),
  ]);
  const { from, to } = panelWindow(now);
  const starts: Record<number, number[]> = {};
  for (const duration of DURATIONS) {
    const minutes = duration * blocks;
    starts[duration] = freeStarts(
      bookableStarts(teaching, timeZone, { from, to, durationMinutes: minutes }),
      minutes,
      busy,
    );
  }
  return { hasHours: teaching.weekly.length > 0 || teaching.exceptions.length > 0, starts };
}

/**
 * The dashboard's next sessions (requested or accepted, not yet over), from the same kept read as
 * /calendar's (`calendarReads`, decision 088): its window holds every booking this list can show,
 * so a dashboard visit reads nothing until a booking or a named member's profile is written.
 * `language`: the reader's, for a missing member's name.
 */
export async function loadUpcomingSessions(
  store: DocStore,
  uid: string,
  language: string,
  now = Date.now(),
  limit = 5,
): Promise<UpcomingSession[]> {
  const reads = await calendarReads(store, uid, now);
  const names = namesIn(Object.entries(reads.names), language);
  const skills = skillNamer(language);
  return reads.bookings
    .filter(
      (b) =>
        b.start >= now - 3 * 3_600_000 &&
        b.start < now + BOOKING_HORIZON_DAYS * DAY &&
        b.end > now &&
        (b.state === "requested" || b.state === "accepted"),
    )
    .slice(0, limit)
    .map((b) => {
      const { id, skillLabel, start, state, role, otherName } = summarise(b, uid, names, skills);
      return { id, skillLabel, start, state, role, otherName };
    });
}

export interface CalendarData {
  sessions: SessionSummary[];
  pending: SessionSummary[];
}

/** A payment to the mentor that waits in escrow until the learner verifies their e-mail (decision 024). */
export interface WaitingPayout {
  bookingId: string;
  /** Named for the reader (decision 094); `skillOwn`: a member's own tag, as written. */
  skillLabel: string;
  skillOwn: boolean;
  durationMinutes: number;
  start: number;
  amount: number;
  learnerName: ShownName;
}

/** The payments that wait for their learners' verification, for the mentor's wallet; newest session first. */
export async function loadWaitingPayouts(
  store: DocStore,
  mentorUid: string,
  language: string,
): Promise<WaitingPayout[]> {
  const docs = await store.query({
    collection: BOOKINGS,
    where: [
      ["mentorUid", "==", mentorUid],
      ["payoutWaits", "==", true],
    ],
  });
  const waiting = docs
    .map(readBooking)
    .filter((b) => b.waitingPayout)
    .sort((a, b) => b.start - a.start);
  const names = await namesOf(
    store,
    waiting.map((b) => b.learnerUid),
    language,
  );
  const skills = skillNamer(language);
  return waiting.map((b) => ({
    bookingId: b.id,
    skillLabel: skills.name(b.skillTag, b.skillLabel),
    skillOwn: isOwnSkill(b.skillTag, b.skillLabel),
    durationMinutes: b.durationMinutes,
    start: b.start,
    amount: b.waitingPayout!.amount,
    learnerName: names.get(b.learnerUid)!,
  }));
}

/** "Upcoming first, past with their outcome" from the bookings of the last year and the horizon, start ascending. */
function sessionLists(near: Booking[], now: number): { upcoming: Booking[]; past: Booking[] } {
  const upcoming = near
    .filter(
      (b) =>
        b.start >= now - 3 * 3_600_000 &&
        b.start < now + BOOKING_HORIZON_DAYS * DAY &&
        b.end > now &&
        b.state !== "declined" &&
        b.state !== "cancelled",
    )
    .slice(0, 20);
  const upcomingIds = new Set(upcoming.map((b) => b.id));
  const past = near
    .filter((b) => b.start >= now - 365 * DAY && b.start < now && !upcomingIds.has(b.id))
    .reverse()
    .slice(0, 20);
  return { upcoming, past };
}

export interface CalendarPageData extends CalendarData {
  upcoming: SessionSummary[];
  past: SessionSummary[];
}

/**
 * What /calendar reads of a member, kept (decision 088): their bookings from a day boundary a year
 * and a day back to a day past the booking horizon, the requests waiting for their answer, and the
 * names of the other members in them. The window covers the last year and the horizon of every
 * instant of one UTC day; a kept window of an earlier day is read again.
 */
interface CalendarReads {
  from: number;
  to: number;
  /** Start ascending. */
  bookings: Booking[];
  /** Requests waiting for the member's answer, soonest first (any start: the caller drops the past ones). */
  waiting: Booking[];
  /** What the other members' names are worked out from, by uid: named per reader (decision 093). */
  names: Record<string, NameSource>;
  /** The profiles the names were read from. */
  namePaths: string[];
}

function calendarWindow(now: number): { from: number; to: number } {
  const day = Math.floor(now / DAY) * DAY;
  return { from: day - 366 * DAY, to: day + (BOOKING_HORIZON_DAYS + 1) * DAY };
}

const otherOf = (b: Booking, uid: string) => (b.mentorUid === uid ? b.learnerUid : b.mentorUid);

/**
 * The member's bookings, waiting requests and the names in them, read once and kept in the read
 * cache (decision 037) until a booking document or one of the named members' profiles is written
 * (the change log says so; Firestore reads every time). Nothing kept depends on the time but the
 * window, which moves each day: the lists, the actions and "past" are worked out per request.
 */
async function calendarReads(store: DocStore, uid: string, now: number): Promise<CalendarReads> {
  const window = calendarWindow(now);
  // The named profiles once known (set after each read); until then any profile counts.
  const known: { paths?: ReadonlySet<string> } = {};
  const users = `${USERS}/`;
  const dependsOn = (path: string) =>
    isBookingDocument(path) || (path.startsWith(users) && (!known.paths || known.paths.has(path)));
  const reads = await cachedRead(
    store,
    `calendar:${uid}`,
    dependsOn,
    async (): Promise<CalendarReads> => {
      const [bookings, waiting] = await Promise.all([
        listBookingsFor(store, uid, window),
        pendingRequestsFor(store, uid),
      ]);
      const names = await nameSourcesOf(
        store,
        [...bookings, ...waiting].map((b) => otherOf(b, uid)),
      );
      return {
        ...window,
        bookings,
        waiting,
        names: Object.fromEntries(names),
        namePaths: [...names.keys()].map(userPath),
      };
    },
    (kept) => kept.from === window.from,
  );
  known.paths = new Set(reads.namePaths);
  return reads;
}

/**
 * Everything /calendar shows of the member's sessions (issue 28): the grid's range, the requests
 * waiting for them, the next 20 and the last 20. Their bookings of the last year and the horizon,
 * the waiting requests and the other members' names are kept between views (`calendarReads`);
 * only a grid paged outside that window is read on its own, with the names it adds.
 */
export async function loadCalendarPage(
  store: DocStore,
  uid: string,
  range: { from: number; to: number },
  language: string,
  now = Date.now(),
): Promise<CalendarPageData> {
  const reads = await calendarReads(store, uid, now);
  const inWindow = range.from >= reads.from && range.to <= reads.to;
  const inRange = inWindow
    ? reads.bookings.filter((b) => b.start >= range.from && b.start < range.to)
    : await listBookingsFor(store, uid, range);
  // The kept names are worded here, per reader: a missing member is called so in their language.
  const names = namesIn(Object.entries(reads.names), language);
  const unnamed = inRange.map((b) => otherOf(b, uid)).filter((other) => !names.has(other));
  if (unnamed.length > 0) for (const [other, name] of await namesOf(store, unnamed, language)) names.set(other, name);
  const near = reads.bookings.filter((b) => b.start >= now - 365 * DAY && b.start < now + BOOKING_HORIZON_DAYS * DAY);
  const pending = reads.waiting.filter((b) => b.start > now);
  const { upcoming, past } = sessionLists(near, now);
  const skills = skillNamer(language);
  // A session in the week is often also waiting and upcoming: one summary of it in every list, so
  // it is worked out once and the page's data carries it once (turbo-stream writes a summary met
  // again as a reference to the first; issue 28, decision 132).
  const summaries = new Map<string, SessionSummary>();
  const summaryOf = (b: Booking) => {
    let summary = summaries.get(b.id);
    if (!summary) summaries.set(b.id, (summary = summarise(b, uid, names, skills)));
    return summary;
  };
  const [sessions, pendingSummaries, upcomingSummaries, pastSummaries] = [inRange, pending, upcoming, past].map(
    (list) => list.map(summaryOf),
  );
  return { sessions, pending: pendingSummaries, upcoming: upcomingSummaries, past: pastSummaries };
}

/** "Upcoming first, past with their outcome": the next 20 sessions, then the last 20. */
export async function loadSessionLists(
  store: DocStore,
  uid: string,
  language: string,
  now = Date.now(),
): Promise<{ upcoming: SessionSummary[]; past: SessionSummary[] }> {
  const near = await listBookingsFor(store, uid, { from: now - 365 * DAY, to: now + BOOKING_HORIZON_DAYS * DAY });
  const { upcoming, past } = sessionLists(near, now);
  const all = await summariseAll(store, [...upcoming, ...past], uid, language);
  return { upcoming: all.slice(0, upcoming.length), past: all.slice(upcoming.length) };
}
