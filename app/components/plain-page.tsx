import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "./logo";

/** The plain layout for signed-in pages that stand alone (session room, admin, discussions). */
export function PlainPage({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-full">
      <div className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3">
        <Link to="/dashboard" aria-label={t("header.dashboardLink")}>
          <Logo />
        </Link>
        <Link to="/dashboard" className="text-sm font-medium text-brand-600 hover:underline">
          {t("plainPage.back")}
        </Link>
      </div>
      <main className="mx-auto max-w-3xl px-6 py-10">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
