import { Link } from "@remix-run/react";
import type { DashboardPost } from "~/features/board/proposal-dashboard.server";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber, FSI, PDI } from "~/utils/format";
import { IsolatedName } from "../members/isolated-name";

/** The swap skill comes named for the reader (withSkillNames) and is isolated, as the post's skill is. */
function priceText(price: DashboardPost["price"], t: TFunction<"dashboard">, locale: string): string {
  if (price.kind === "swap")
    return price.swapSkillLabel
      ? t("board.swapFor", { skill: `${FSI}${price.swapSkillLabel}${PDI}` })
      : t("board.swap");
  const sp = formatNumber(price.sp, locale);
  return price.kind === "per_hour" ? t("board.perHour", { sp }) : t("board.fixed", { sp });
}

/** The three open board posts that fit the member best, or a way to the board when none do. */
/** Posts come with their skills named for the reader (withSkillNames): a member's own tag is marked, not translated. */
export function BoardWidget({ posts }: { posts: DashboardPost[] }) {
  const { t } = useTranslation("dashboard");
  const locale = useFormatLocale();
  if (posts.length === 0)
    return (
      <p className="text-sm text-slate-600">
        {interleave(
          (mark) => t("board.empty", { link: mark }),
          <Link to="/board" className="font-medium text-brand-700 underline">
            {t("board.browse")}
          </Link>,
        )}
      </p>
    );
  return (
    <ul className="divide-y divide-slate-100" data-testid="board-widget">
      {posts.map((p) => (
        <li key={p.id} className="py-2 first:pt-0 last:pb-0">
          <Link to={`/board/${p.id}`} className="group block min-w-0">
            <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              {p.type === "need" ? t("board.need") : t("board.offer")} ·{" "}
              <bdi translate={p.skillOwn ? "no" : undefined}>{p.skillLabel}</bdi>
            </span>
            <span
              className="block break-words font-medium text-slate-900 group-hover:underline"
              translate="no"
              dir="auto"
            >
              {p.title}
            </span>
            <span className="block text-xs text-slate-600">
              <IsolatedName name={p.poster.name} /> · {priceText(p.price, t, locale)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
