import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isCurrentSection } from "../nav-items";

const LINKS = [
  { to: "/admin", label: "nav.overview", end: true },
  { to: "/admin/members", label: "nav.members", end: false },
  { to: "/admin/disputes", label: "nav.disputes", end: false },
  { to: "/admin/reports", label: "nav.reports", end: false },
  { to: "/admin/payments", label: "nav.payments", end: false },
  { to: "/admin/audit", label: "nav.audit", end: false },
] as const;

/**
 * The back office's own compact navigation (the plain layout has no side bar). Its links mark the
 * current page from one location, as the member navigation's do (decisions 148 and 156).
 */
export function AdminNav() {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("nav.label")} className="flex flex-wrap gap-1">
      {LINKS.map((link) => {
        const current = isCurrentSection(pathname, link.to, { end: link.end });
        return (
          <Link
            key={link.to}
            to={link.to}
            aria-current={current ? "page" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${current ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {t(link.label)}
          </Link>
        );
      })}
    </nav>
  );
}
