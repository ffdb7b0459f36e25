/** `reviews/{bookingId}_{reviewerUid}`: one rating per side of a completed session. Browser-safe. */
import { ratingSummarySchema, type RatingSummary } from "~/documents/users";

export const MAX_REVIEW_COMMENT = 1_000;

export interface ReviewDoc {
  [field: string]: unknown;
  bookingId: string;
  reviewerUid: string;
  revieweeUid: string;
  /** 1–5 stars */
  rating: number;
  comment: string;
  skillTag: string;
  skillLabel: string;
  /** The reviewee's role in the session. */
  revieweeRole: "mentor" | "learner";
  createdAt: number;
}

/** users/{uid}.rating: kept with each review so profiles and match ranking read it for free. */
export type { RatingSummary } from "~/documents/users";

export function readRating(value: unknown): RatingSummary {
  return ratingSummarySchema.parse(value);
}

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
