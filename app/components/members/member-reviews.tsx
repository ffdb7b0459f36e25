import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { relativeTime } from "~/utils/format";

export interface MemberReview {
  id: string;
  rating: number;
  comment: string;
  /** The reviewed session's skill, named by the loader in the reader's language (a member's own tag as written). */
  skillLabel: string;
  createdAt: number;
}

/** The latest reviews a member received after sessions (namespace "members"). */
export function MemberReviews({ reviews, now }: { reviews: MemberReview[]; now: number }) {
  const { t } = useTranslation("members");
  const locale = useFormatLocale();
  return (
    <div>
      <h2 className="mb-2 text-base font-semibold">{t("member.reviews")}</h2>
      {reviews.length === 0 ? (
        <p className="text-sm text-slate-500">{t("member.noReviews")}</p>
      ) : (
        <ul className="space-y-3">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-lg border border-slate-100 p-3">
              <p className="text-sm">
                <span className="text-amber-500" aria-label={t("member.stars", { rating: review.rating })}>
                  {"★".repeat(review.rating)}
                  <span className="text-slate-300">{"★".repeat(5 - review.rating)}</span>
                </span>{" "}
                <span className="text-slate-600">
                  {interleave(
                    (mark) => t("member.for", { skill: mark }),
                    <bdi translate="no">{review.skillLabel}</bdi>,
                  )}
                </span>
              </p>
              {review.comment ? (
                <p dir="auto" translate="no" className="mt-1 whitespace-pre-line text-sm text-slate-700">
                  {review.comment}
                </p>
              ) : null}
              <p className="mt-1 text-xs text-slate-500">
                <time dateTime={new Date(review.createdAt).toISOString()}>
                  {relativeTime(review.createdAt, locale, now)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
