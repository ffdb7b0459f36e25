import { useTranslation } from "react-i18next";
import type { PostFormat, PriceKind, PostType } from "~/documents/board";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber } from "~/utils/format";

/**
 * The board's words in the reader's language (namespace "board"): a post's type, its price ("3 SP
 * an hour", "Swap for Guitar") and its format with the area as its poster wrote it. Built-in skills
 * come named for the reader; a member's own tag, areas and names are shown as written (translate="no").
 */
export function useBoardText() {
  const { t } = useTranslation("board");
  const locale = useFormatLocale();
  const sp = (value: number) => formatNumber(Number.isNaN(value) ? 0 : value, locale);
  return {
    t,
    sp,
    /** A rating as "4.5", "4,5", "٤٫٥": one decimal. */
    stars: (value: number) => formatNumber(value, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    type: (type: PostType) => t(`types.${type}`),
    /** The swap skill comes named for the reader (withSkillNames), a member's own tag marked `swapSkillOwn`. */
    price: (price: { kind: PriceKind; sp: number; swapSkillLabel: string | null; swapSkillOwn: boolean }) =>
      price.kind === "swap"
        ? price.swapSkillLabel
          ? interleave(
              (skill) => t("price.swapFor", { skill }),
              <bdi translate={price.swapSkillOwn ? "no" : undefined}>{price.swapSkillLabel}</bdi>,
            )
          : t("price.swap")
        : t(price.kind === "per_hour" ? "price.perHour" : "price.fixed", { sp: sp(price.sp) }),
    format: (format: PostFormat, area: string) =>
      format === "online" || !area ? (
        t(`formats.${format}`)
      ) : (
        <>
          {t(`formats.${format}`)} · <bdi translate="no">{area}</bdi>
        </>
      ),
  };
}
