import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../logo";

/** The plain-layout frame shared by the checkout return page and the test checkout. */
export function CheckoutShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation("wallet");
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-8 px-4 py-12">
      <Link to="/dashboard" aria-label={t("checkout.logo")}>
        <Logo />
      </Link>
      <main className="card w-full max-w-md p-8">{children}</main>
    </div>
  );
}
