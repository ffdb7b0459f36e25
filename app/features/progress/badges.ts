/** Badges, derived from what a member has done; nothing is stored, so they can never drift. */
export interface ProgressStats {
  taught: number;
  learned: number;
  skillsTaught: number;
  /** Ratings received, newest first. */
  recentRatings: number[];
}

export const BADGE_IDS = ["first-session", "ten-taught", "ten-learned", "five-star-streak", "three-skills"] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

/** A badge by id; its name and description are the page's words (profile:progress.badges.<id>). */
export interface Badge {
  id: BadgeId;
  earned: boolean;
}

export const FIVE_STAR_STREAK = 5;

export function badgesFor(stats: ProgressStats): Badge[] {
  const streak =
    stats.recentRatings.length >= FIVE_STAR_STREAK &&
    stats.recentRatings.slice(0, FIVE_STAR_STREAK).every((r) => r === 5);
  const earned: Record<BadgeId, boolean> = {
    "first-session": stats.taught + stats.learned >= 1,
    "ten-taught": stats.taught >= 10,
    "ten-learned": stats.learned >= 10,
    "five-star-streak": streak,
    "three-skills": stats.skillsTaught >= 3,
  };
  return BADGE_IDS.map((id) => ({ id, earned: earned[id] }));
}
