/**
 * "Best fit" on /board (and h6's dashboard widget): how well an open post fits the member looking.
 * Pure, so the order is tested alone. The skill decides most: an offer of a skill they want, a need
 * of a skill they teach; then a swap both sides can make; then freshness and the poster's rating.
 * Decision 039.
 */
import type { BoardPost } from "~/documents/board";

export interface Viewer {
  uid: string;
  /** Tags the member teaches and wants (profile skills, normalised). */
  teaches: readonly string[];
  wants: readonly string[];
}

export interface PosterStanding {
  /** Average stars 0–5, and how many reviews it stands on. */
  average: number;
  count: number;
}

type Fitted = Pick<
  BoardPost,
  "id" | "type" | "skillTag" | "price" | "format" | "createdAt" | "authorUid" | "newestKey"
>;

export const SKILL_FIT = 100;
export const SWAP_FIT = 40;
export const FRESH_FIT = 30;
/** Freshness halves every this many days. */
export const FRESH_HALF_LIFE_DAYS = 7;
export const RATING_FIT = 4;
export const ONLINE_FIT = 5;

/** The post's fit for `viewer` (higher fits better); a member's own post fits nobody, least of all them. */
export function fitScore(post: Fitted, viewer: Viewer, now: number, poster?: PosterStanding): number {
  if (post.authorUid === viewer.uid) return Number.NEGATIVE_INFINITY;
  // An offer fits a member who wants its skill; a need fits one who teaches it.
  const skillSide = post.type === "offer" ? viewer.wants : viewer.teaches;
  let score = skillSide.includes(post.skillTag) ? SKILL_FIT : 0;
  // A swap: the poster wants (offer) or gives (need) swapSkill in return.
  const swapTag = post.price.kind === "swap" ? post.price.swapSkillTag : null;
  if (swapTag && (post.type === "offer" ? viewer.teaches : viewer.wants).includes(swapTag)) score += SWAP_FIT;
  const ageDays = Math.max(0, now - post.createdAt) / 86_400_000;
  score += FRESH_FIT * Math.pow(0.5, ageDays / FRESH_HALF_LIFE_DAYS);
  // Stars count only from a few reviews on, scaled by how many (up to 5): one 5-star review is not a record.
  if (poster && poster.count > 0) score += RATING_FIT * poster.average * (Math.min(poster.count, 5) / 5);
  // Online can be answered from anywhere.
  if (post.format !== "in_person") score += ONLINE_FIT;
  return score;
}

/** Posts best fit first; equal fits newest first, so the order is total and stable. */
export function rankByFit<T extends Fitted>(
  posts: readonly T[],
  viewer: Viewer,
  now: number,
  standing: (uid: string) => PosterStanding | undefined = () => undefined,
): T[] {
  const scored = posts.map((post) => ({ post, score: fitScore(post, viewer, now, standing(post.authorUid)) }));
  scored.sort(
    (a, b) =>
      b.score - a.score || (a.post.newestKey < b.post.newestKey ? 1 : a.post.newestKey > b.post.newestKey ? -1 : 0),
  );
  return scored.map((s) => s.post);
}

/** Whether a post's skill is one the member wants or teaches ("matches me"). */
export function matchesViewer(post: Pick<BoardPost, "skillTag">, viewer: Viewer): boolean {
  return viewer.teaches.includes(post.skillTag) || viewer.wants.includes(post.skillTag);
}
