/** Badges, derived from what a member has done; nothing is stored, so they can never drift. */
export interface ProgressStats {
  taught: number;
  learned: number;
  skillsTaught: number;
  /** Ratings received, newest first. */
  recentRatings: number[];
}

export interface Badge {
  id: string;
  label: string;
  description: string;
  earned: boolean;
}

export const FIVE_STAR_STREAK = 5;

export function badgesFor(stats: ProgressStats): Badge[] {
  const streak =
    stats.recentRatings.length >= FIVE_STAR_STREAK &&
    stats.recentRatings.slice(0, FIVE_STAR_STREAK).every((r) => r === 5);
  return [
    {
      id: "first-session",
      label: "First session",
      description: "Complete your first session.",
      earned: stats.taught + stats.learned >= 1,
    },
    { id: "ten-taught", label: "10 taught", description: "Teach 10 sessions.", earned: stats.taught >= 10 },
    { id: "ten-learned", label: "10 learned", description: "Learn in 10 sessions.", earned: stats.learned >= 10 },
    {
      id: "five-star-streak",
      label: "5-star streak",
      description: `Receive ${FIVE_STAR_STREAK} five-star reviews in a row.`,
      earned: streak,
    },
    {
      id: "three-skills",
      label: "Versatile mentor",
      description: "Teach 3 different skills.",
      earned: stats.skillsTaught >= 3,
    },
  ];
}
