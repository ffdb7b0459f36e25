/**
 * `reviews/{bookingId}_{reviewerUid}`: one rating per side of a completed session, and
 * `ratings/{uid}`: a copy of the member's review summary (users/{uid}.rating) that match ranking
 * reads for many members without reading their profiles. Only the server writes them.
 * Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, oneOf, text } from "./fields";
import { ratingSummarySchema, type RatingSummary } from "./users";

export const REVIEWS = "reviews";
export const reviewPath = (bookingId: string, reviewerUid: string) => `${REVIEWS}/${bookingId}_${reviewerUid}`;
export const RATINGS = "ratings";
export const ratingPath = (uid: string) => `${RATINGS}/${uid}`;

export const reviewSchema = z.object({
  bookingId: text(),
  reviewerUid: text(),
  revieweeUid: text(),
  /** 1–5 stars; 0 when unreadable. */
  rating: count(),
  comment: text(),
  skillTag: text(),
  skillLabel: text(),
  /** The reviewee's role in the session. */
  revieweeRole: oneOf(["mentor", "learner"] as const, "mentor"),
  createdAt: count(),
});
export type ReviewDoc = z.output<typeof reviewSchema>;
export const readReview = (data: Record<string, unknown>): ReviewDoc => reviewSchema.parse(data);

/** `ratings/{uid}` (or users/{uid}.rating); a member with none has no reviews. */
export const readRating = (value: unknown): RatingSummary => ratingSummarySchema.parse(value);
