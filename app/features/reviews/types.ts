/** Reviews as members see them (the documents: ~/documents/reviews). Browser-safe. */
import type { RatingSummary } from "~/documents/users";

export const MAX_REVIEW_COMMENT = 1_000;

/** users/{uid}.rating: kept with each review so profiles and match ranking read it for free. */
export type { RatingSummary } from "~/documents/users";

/** The average to one decimal, or null before the first review. */
export function averageRating(summary: RatingSummary): number | null {
  return summary.count === 0 ? null : Math.round((summary.sum / summary.count) * 10) / 10;
}

/** "★ 4.5 (2 reviews)", or "No reviews yet" before the first. */
export function ratingText(rating: { count: number; average: number | null }): string {
  return rating.average === null
    ? "No reviews yet"
    : `★ ${rating.average.toFixed(1)} (${rating.count} ${rating.count === 1 ? "review" : "reviews"})`;
}
