/**
 * Reviews after a completed session: each participant rates the other once. The review, the
 * reviewee's rating summary, their xp for it and a notification commit together.
 */
import type { DocStore } from "~/engine/store/types";
import { getBooking } from "~/documents/bookings";
import { BookingError } from "~/features/bookings/bookings.server";
import { roleOf } from "~/features/bookings/state";
import { prepareXp } from "~/features/progress/xp-awards.server";
import { prepareNotifications } from "~/features/notifications/notifications.server";
import { reviewAward } from "~/features/progress/xp";
import { ratingPath, readReview, REVIEWS, reviewPath, type ReviewDoc } from "~/documents/reviews";
import { MAX_REVIEW_COMMENT } from "./types";

export async function submitReview(
  store: DocStore,
  bookingId: string,
  reviewerUid: string,
  input: { rating: number; comment: string },
  now = Date.now(),
): Promise<ReviewDoc> {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
    throw new BookingError("invalid", 400, "errors.stars");
  const comment = input.comment.trim();
  if (comment.length > MAX_REVIEW_COMMENT)
    throw new BookingError("invalid", 400, "errors.reviewTooLong", { max: MAX_REVIEW_COMMENT });
  return store.transaction(async (tx) => {
    const booking = await getBooking(tx, bookingId);
    const role = booking ? roleOf(booking, reviewerUid) : null;
    if (!booking || !role) throw new BookingError("not_found", 404, "errors.notFound");
    if (booking.state !== "completed") throw new BookingError("conflict", 409, "errors.reviewNotYet");
    const path = reviewPath(bookingId, reviewerUid);
    if (await tx.get(path)) throw new BookingError("conflict", 409, "errors.reviewTwice");
    const revieweeUid = role === "mentor" ? booking.learnerUid : booking.mentorUid;
    const award = reviewAward(bookingId, reviewerUid, input.rating);
    const xp = await prepareXp(tx, revieweeUid, award ? [award] : [], {
      bookingId,
      skillTag: booking.skillTag,
      now,
    });

    const review: ReviewDoc = {
      bookingId,
      reviewerUid,
      revieweeUid,
      rating: input.rating,
      comment,
      skillTag: booking.skillTag,
      skillLabel: booking.skillLabel,
      revieweeRole: role === "mentor" ? "learner" : "mentor",
      createdAt: now,
    };
    const notify = await prepareNotifications(tx, [revieweeUid]);
    tx.create(path, review);
    const previous = xp.user?.rating ?? { count: 0, sum: 0 };
    const rating = { count: previous.count + 1, sum: previous.sum + input.rating };
    xp.commit({ rating });
    // A small copy for match ranking, which reads many members' ratings and none of their profiles.
    tx.set(ratingPath(revieweeUid), rating);
    notify.add(
      revieweeUid,
      {
        id: `review_${bookingId}_${reviewerUid}`,
        type: "booking",
        kind: "review_received",
        params: { stars: input.rating, skill: booking.skillLabel },
        link: "/progress",
      },
      now,
    );
    return review;
  });
}

export async function reviewsOfBooking(store: DocStore, bookingId: string): Promise<ReviewDoc[]> {
  const docs = await store.query({ collection: REVIEWS, where: [["bookingId", "==", bookingId]] });
  return docs.map((d) => readReview(d.data));
}

/** Reviews a member received, newest first. */
export async function reviewsReceived(store: DocStore, uid: string, limit = 20): Promise<ReviewDoc[]> {
  const docs = await store.query({
    collection: REVIEWS,
    where: [["revieweeUid", "==", uid]],
    orderBy: [["createdAt", "desc"]],
    limit,
  });
  return docs.map((d) => readReview(d.data));
}
