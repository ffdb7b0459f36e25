import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Markdown } from "~/components/community/markdown";
import { Logo } from "~/components/logo";
import { PSEUDO_LOCALE } from "~/i18n/config";
import { LegalLinks } from "./legal-links";

export interface LegalPageText {
  version: string;
  updated: string | null;
  body: string;
}

/** The plain layout of /privacy, /terms and /terms/accept: the operator's Markdown, in the reader's language when translated, on a card. */
export function LegalPage({ text, children }: { text: LegalPageText; children?: ReactNode }) {
  const { t, i18n } = useTranslation("common");
  return (
    <main className="flex min-h-full flex-col items-center bg-gradient-to-b from-brand-50 to-white px-4 py-10">
      <Link to="/" className="mb-8" aria-label={t("header.homeLink")}>
        <Logo />
      </Link>
      <div className="w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
        {children}
        <article>
          <Markdown text={text.body} kind="document" pseudo={i18n.language === PSEUDO_LOCALE} />
        </article>
        <p className="mt-8 border-t border-slate-200 pt-4 text-sm text-slate-600">
          {text.updated
            ? t("legalPage.versionUpdated", { version: text.version, updated: text.updated })
            : t("legalPage.version", { version: text.version })}
        </p>
      </div>
      <LegalLinks className="mt-6 text-sm text-slate-600" />
    </main>
  );
}
