import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitcher } from "~/i18n/language-switcher";
import { LegalLinks } from "./legal/legal-links";
import { Logo } from "./logo";

/** The plain layout's card for the sign-in family of pages. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  // The column starts a set distance from the top rather than centred on the screen: a phone may
  // paint the page before all of it has arrived, and a centred column moves up as the rest comes.
  return (
    <main className="flex min-h-full flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 pb-12 pt-[max(3rem,12vh)]">
      <Link to="/" className="mb-8" aria-label={t("header.homeLink")}>
        <Logo />
      </Link>
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-sm text-slate-600">{footer}</div> : null}
      <LegalLinks className="mt-6 text-xs text-slate-600" />
      <LanguageSwitcher className="mt-6" />
    </main>
  );
}
