import { timeAgo } from "~/utils/time";

export interface MemberReview {
  id: string;
  rating: number;
  comment: string;
  skillLabel: string;
  createdAt: number;
}

/** The latest reviews a member received after sessions. */
export function MemberReviews({ reviews }: { reviews: MemberReview[] }) {
  return (
    <div>
      <h2 className="mb-2 text-base font-semibold">Reviews</h2>
      {reviews.length === 0 ? (
        <p className="text-sm text-slate-500">No reviews yet.</p>
      ) : (
        <ul className="space-y-3">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-lg border border-slate-100 p-3">
              <p className="text-sm">
                <span className="text-amber-500" aria-label={`${review.rating} out of 5 stars`}>
                  {"★".repeat(review.rating)}
                  <span className="text-slate-300">{"★".repeat(5 - review.rating)}</span>
                </span>{" "}
                <span className="text-slate-600">
                  for <bdi>{review.skillLabel}</bdi>
                </span>
              </p>
              {review.comment ? (
                <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{review.comment}</p>
              ) : null}
              <p className="mt-1 text-xs text-slate-500" suppressHydrationWarning>
                {timeAgo(review.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
