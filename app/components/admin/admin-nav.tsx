import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const LINKS = [
  { to: "/admin", label: "nav.overview", end: true },
  { to: "/admin/members", label: "nav.members", end: false },
  { to: "/admin/disputes", label: "nav.disputes", end: false },
  { to: "/admin/reports", label: "nav.reports", end: false },
  { to: "/admin/payments", label: "nav.payments", end: false },
  { to: "/admin/audit", label: "nav.audit", end: false },
] as const;

/** The back office's own compact navigation (the plain layout has no side bar). */
export function AdminNav() {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("nav.label")} className="flex flex-wrap gap-1">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`
          }
        >
          {t(link.label)}
        </NavLink>
      ))}
    </nav>
  );
}
