import { NavLink } from "@remix-run/react";

const LINKS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/members", label: "Members", end: false },
  { to: "/admin/disputes", label: "Disputes", end: false },
  { to: "/admin/reports", label: "Reports", end: false },
  { to: "/admin/payments", label: "Payments", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
] as const;

/** The back office's own compact navigation (the plain layout has no side bar). */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-1">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            `rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
