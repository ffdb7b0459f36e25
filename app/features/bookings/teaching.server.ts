/**
 * `teaching/{uid}`: a member's availability (in their own timezone) and the SP rate of each
 * skill they offer. The skills themselves stay on users/{uid}.skillsOffered (the profile's);
 * rates are keyed by the skill's normalised tag.
 */
import { getUser, type UserProfile } from "~/documents/users";
import { keptUntilWritten } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import type { Skill } from "~/features/skills/tags";
import { checkAvailability, MAX_RATE_SP_PER_HOUR } from "./availability";
import { problemValues, type AvailabilityProblem } from "./availability-text";
import { readTeaching, teachingPath } from "~/documents/bookings";
import { BookingError } from "./bookings.server";
import { fixedT } from "~/i18n/i18n.server";
import type { AvailabilityException, TeachingDoc, WeeklySlot } from "./types";
import { knownTimeZone } from "~/utils/zoned-time";
import { intlLocale } from "~/utils/format";

export interface TeachingSettings {
  teaching: TeachingDoc;
  /** The zone availability is written in: the teaching document's, else the profile's. */
  timeZone: string;
  offered: Skill[];
}

/**
 * `profile`: the member's, when the caller read it in this request (the session lookup's, on their
 * own calendar): it is not read again.
 */
export async function getTeachingSettings(
  store: DocStore,
  uid: string,
  profile?: Pick<UserProfile, "timezone" | "skillsOffered">,
): Promise<TeachingSettings> {
  const [teaching, user] = await Promise.all([keptTeaching(store, uid), profile ?? getUser(store, uid)]);
  return { teaching, timeZone: teachingZone(teaching, user?.timezone), offered: user?.skillsOffered ?? [] };
}

/**
 * `teaching/{uid}` parsed, kept in the read cache (decision 037) until it is written: /calendar, the
 * booking panel, the next free slots and the match cards' rates read it far more often than members
 * change their hours or rates.
 */
export function keptTeaching(store: DocStore, uid: string): Promise<TeachingDoc> {
  const path = teachingPath(uid);
  return keptUntilWritten(store, `teaching:${uid}`, path, async () => readTeaching((await store.get(path))?.data));
}

/** The zone availability is written in: the teaching document's, else the profile's, else UTC. */
export function teachingZone(teaching: TeachingDoc, profileTimeZone: unknown): string {
  return knownTimeZone(teaching.timezone) ?? knownTimeZone(profileTimeZone) ?? "UTC";
}

/** An availability that cannot be saved; its day named in the reader's language (`textIn`). */
export class AvailabilityError extends BookingError {
  constructor(readonly problem: AvailabilityProblem) {
    super("invalid", 400, problem.key, problemValues(problem, intlLocale("en")));
  }

  override textIn(language: string): string {
    return fixedT(language, "bookings")(this.key, problemValues(this.problem, intlLocale(language)));
  }
}

export async function saveAvailability(
  store: DocStore,
  uid: string,
  input: { timezone: string; weekly: WeeklySlot[]; exceptions: AvailabilityException[] },
  now = Date.now(),
): Promise<void> {
  const timezone = knownTimeZone(input.timezone);
  if (!timezone) throw new BookingError("invalid", 400, "errors.timeZone");
  const problem = checkAvailability(input.weekly, input.exceptions);
  if (problem) throw new AvailabilityError(problem);
  const exceptions = [...input.exceptions].sort((a, b) => a.date.localeCompare(b.date));
  const weekly = [...input.weekly].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  await store.set(teachingPath(uid), { timezone, weekly, exceptions, updatedAt: now }, { merge: true });
}

/** Sets the rate of each offered skill; tags the member no longer offers are dropped. */
export async function saveRates(
  store: DocStore,
  uid: string,
  rates: Record<string, number>,
  now = Date.now(),
): Promise<void> {
  for (const rate of Object.values(rates)) {
    if (!Number.isSafeInteger(rate) || rate < 0 || rate > MAX_RATE_SP_PER_HOUR) {
      throw new BookingError("invalid", 400, "errors.rates", { max: MAX_RATE_SP_PER_HOUR });
    }
  }
  await store.transaction(async (tx) => {
    const [user, doc] = await Promise.all([getUser(tx, uid), tx.get(teachingPath(uid))]);
    const offered = new Set((user?.skillsOffered ?? []).map((s) => s.tag));
    const kept: Record<string, number> = {};
    for (const [tag, rate] of Object.entries(rates)) if (offered.has(tag)) kept[tag] = rate;
    // Replace the whole map: a merge would keep rates of skills no longer offered.
    const current = readTeaching(doc?.data);
    tx.set(teachingPath(uid), { ...current, timezone: current.timezone ?? null, rates: kept, updatedAt: now });
  });
}
