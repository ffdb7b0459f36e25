/**
 * Match ranking as a pure function: who fits me best, and why, in words.
 *
 * A two-way swap (they teach what I want AND want what I teach) always ranks above a one-way
 * fit, as on time banks and skill swaps where both sides give an hour. Within that, more shared
 * skills, a stronger teacher, being online now and recent activity lift a member; ties fall back
 * to the uid so that pages never shuffle between requests.
 */
import type { SkillLevel } from "~/features/skills/tags";

/**
 * Cards on a page of /matches. Each card is about 40 elements and 3.7 KB of HTML, and React's
 * render of the cards was most of the page's server time (issue 28, decision 090): eight make
 * three rows at the widest grid, four at two columns; the pager reaches the rest, with or without
 * scripts.
 */
export const MATCHES_PAGE_SIZE = 8;

export interface SkillFit {
  tag: string;
  /** Their label for what they teach; my label for what I teach. */
  label: string;
  /** The candidate's level in this skill. */
  level: SkillLevel;
}

export interface Candidate {
  uid: string;
  /** What they teach that I want to learn. */
  teaches: SkillFit[];
  /** What they want to learn that I teach. */
  learns: SkillFit[];
  online: boolean;
  /** When they were last seen (ms epoch), 0 when never. */
  lastActive: number;
  /** Reviews received: how many, and their average in stars. */
  rating?: { count: number; average: number };
}

export interface RankedMatch extends Candidate {
  score: number;
  twoWay: boolean;
}

const LEVEL_BONUS: Record<SkillLevel, number> = { beginner: 0, intermediate: 10, expert: 20 };
const TWO_WAY = 1_000;
const PER_TAUGHT = 100;
const PER_LEARNED = 60;
const ONLINE = 15;
const RECENT_MAX = 8;
/** Activity older than this lifts nobody: only members seen within it need their presence read to rank. */
export const RECENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
// Reviews move a member up or down within their tier (never past a two-way swap), and only
// as far as their number of reviews makes the average believable.
const RATING_MAX = 30;
const RATING_CONFIDENT_AT = 5;

function ratingBonus(rating: Candidate["rating"]): number {
  if (!rating || rating.count === 0) return 0;
  const confidence = Math.min(rating.count, RATING_CONFIDENT_AT) / RATING_CONFIDENT_AT;
  return Math.round(RATING_MAX * ((rating.average - 3) / 2) * confidence);
}

export function scoreOf(candidate: Candidate, now: number): number {
  const twoWay = candidate.teaches.length > 0 && candidate.learns.length > 0;
  const levels = candidate.teaches.reduce((sum, fit) => sum + LEVEL_BONUS[fit.level], 0);
  const age = candidate.online ? 0 : now - candidate.lastActive;
  const recency =
    candidate.lastActive > 0 && age < RECENT_WINDOW_MS ? Math.round(RECENT_MAX * (1 - age / RECENT_WINDOW_MS)) : 0;
  return (
    (twoWay ? TWO_WAY : 0) +
    PER_TAUGHT * candidate.teaches.length +
    PER_LEARNED * candidate.learns.length +
    levels +
    (candidate.online ? ONLINE : 0) +
    recency +
    ratingBonus(candidate.rating)
  );
}

/**
 * The last moment (ms epoch) at which the recency bonus of a member not online, last seen at
 * `lastActive`, still equals the one they have at `now`: the bonus falls a step at a time as the
 * visit ages, and then stays 0. Infinity when it can no longer change. A ranking kept without
 * presence writes holds until the first of these among the members ranked (decision 090).
 */
export function recencyHoldsUntil(lastActive: number, now: number): number {
  const bonus = scoreOf({ uid: "", teaches: [], learns: [], online: false, lastActive }, now);
  if (bonus === 0) return Infinity;
  // Math.round keeps `bonus` while RECENT_MAX × (1 − age / window) ≥ bonus − ½; a millisecond early
  // against the float's rounding (computing again early costs a read, late would show a stale order).
  return lastActive + Math.floor(RECENT_WINDOW_MS * (1 - (bonus - 0.5) / RECENT_MAX)) - 1;
}

const byRank = (a: RankedMatch, b: RankedMatch) => b.score - a.score || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

export function rankMatches(candidates: readonly Candidate[], now: number): RankedMatch[] {
  return candidates
    .map((c) => ({ ...c, score: scoreOf(c, now), twoWay: c.teaches.length > 0 && c.learns.length > 0 }))
    .sort(byRank);
}

export interface RankedPage {
  items: RankedMatch[];
  page: number;
  pages: number;
  total: number;
}

/**
 * One page of `rankMatches` over candidates whose presence is known only for a few: `absent` is
 * every candidate ranked as offline and never seen (kept between requests), `byUid` finds them,
 * and `presence` holds those online or recently seen. Only the members present are scored again;
 * the page is merged from them and the kept order, so its cost follows the page and the number of
 * members present, not the size of the community. Gives what `pageOf(rankMatches(all))` gives.
 */
export function rankedPage(
  absent: readonly RankedMatch[],
  byUid: ReadonlyMap<string, RankedMatch>,
  presence: ReadonlyMap<string, { online: boolean; lastActive: number }>,
  now: number,
  {
    page = 1,
    size = MATCHES_PAGE_SIZE,
    onlineOnly = false,
  }: { page?: number; size?: number; onlineOnly?: boolean } = {},
): RankedPage {
  const present: RankedMatch[] = [];
  for (const [uid, seen] of presence) {
    const candidate = byUid.get(uid);
    if (!candidate) continue;
    const update = { ...candidate, online: seen.online, lastActive: seen.lastActive };
    present.push({ ...update, score: scoreOf(update, now) });
  }
  present.sort(byRank);
  if (onlineOnly) {
    const online = present.filter((m) => m.online);
    return { ...pageOf(online, page, size), total: online.length };
  }
  const total = absent.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const wanted = current * size;
  const moved = new Set(present.map((m) => m.uid));
  const merged: RankedMatch[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < wanted) {
    while (i < absent.length && moved.has(absent[i].uid)) i++;
    const a = absent[i];
    const b = present[j];
    if (!a && !b) break;
    if (!b || (a && byRank(a, b) <= 0)) {
      merged.push(a);
      i++;
    } else {
      merged.push(b);
      j++;
    }
  }
  return { items: merged.slice((current - 1) * size), page: current, pages, total };
}

export function pageOf<T>(
  items: readonly T[],
  page: number,
  size = MATCHES_PAGE_SIZE,
): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}
