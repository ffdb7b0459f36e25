import { Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Previous / Page n of m / Next for a list paged by the `page` query parameter, keeping the other filters. */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (pages <= 1) return null;
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `?${next}`;
  };
  return (
    <nav aria-label={t("pager.label")} className="mt-6 flex items-center justify-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className="btn-secondary">
          {t("pager.previous")}
        </Link>
      ) : null}
      <span>{t("pager.status", { page, pages })}</span>
      {page < pages ? (
        <Link to={pageLink(page + 1)} className="btn-secondary">
          {t("pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
