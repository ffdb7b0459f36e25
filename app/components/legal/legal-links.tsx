import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The privacy notice and the terms, linked from the sign-in pages' footer, the legal pages and /settings. */
export function LegalLinks({ className = "" }: { className?: string }) {
  const { t } = useTranslation("common");
  return (
    <nav aria-label={t("legalLinks.label")} className={`flex flex-wrap justify-center gap-x-4 gap-y-1 ${className}`}>
      <Link to="/privacy" className="hover:underline">
        {t("legalLinks.privacy")}
      </Link>
      <Link to="/terms" className="hover:underline">
        {t("legalLinks.terms")}
      </Link>
    </nav>
  );
}
