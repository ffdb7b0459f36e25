import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { interleave } from "~/i18n/interleave";
import { LanguageSwitcher } from "~/i18n/language-switcher";
import { getCurrentUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction = ({ matches }) => pageMeta({ matches });

export const handle = { i18n: "landing" };
export const clientLoader = loadingNamespaces("landing");

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrentUser(request)) throw redirect("/dashboard");
  return null;
}

/** The landing page's three points; their texts are `features.<id>` in the landing catalogue. */
const FEATURES = ["match", "trade", "live"] as const;

export default function Landing() {
  const { t } = useTranslation("landing");
  return (
    <div className="min-h-full bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-6 py-5">
        <Logo />
        <nav className="flex items-center gap-3">
          <Link to="/auth" className="btn-secondary">
            {t("signIn")}
          </Link>
          <Link to="/signup" className="btn-primary">
            {t("signUp")}
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-6 pb-20 pt-12 sm:pt-20">
        <section className="max-w-2xl">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {interleave(
              (mark) => t("headline", { highlight: mark }),
              <span className="text-brand-600">{t("highlight")}</span>,
            )}
          </h1>
          <p className="mt-5 text-lg text-slate-600">{t("intro")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" className="btn-primary px-6 py-3 text-base">
              {t("create")}
            </Link>
            <Link to="/auth" className="btn-secondary px-6 py-3 text-base">
              {t("haveOne")}
            </Link>
          </div>
          <p className="mt-3 text-sm text-slate-500">{t("startWith")}</p>
        </section>
        <section className="mt-16 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {FEATURES.map((id) => (
            <div key={id} className="card">
              <h2 className="font-semibold text-slate-900">{t(`features.${id}.title`)}</h2>
              <p className="mt-2 text-sm text-slate-600">{t(`features.${id}.body`)}</p>
            </div>
          ))}
        </section>
        <LanguageSwitcher className="mt-16" />
      </main>
    </div>
  );
}
