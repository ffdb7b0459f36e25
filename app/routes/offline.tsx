import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "~/components/logo";
import { returnPathFrom } from "~/features/pwa/return-path";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  return { title: fixedT(await languageOf(request))("offline.title") };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta({ title: data?.title, matches }),
  { name: "robots", content: "noindex" },
];

/**
 * What the service worker shows when a page cannot be reached for want of network (decision 045).
 * It is kept in the worker's cache as a signed-out visitor gets it, so it shows nobody's data; the
 * page that failed arrives as ?from= and "Try again" goes back there. Plain links, not <Link>: with
 * no network a full page load is the honest retry, and it asks the server for nothing meanwhile.
 */
export default function Offline() {
  // The cached copy was drawn without ?from=, so the way back is read after hydration.
  const [retry, setRetry] = useState("/");
  const { title } = useLoaderData<typeof loader>();
  const { t } = useTranslation("common");
  useEffect(() => {
    setRetry(returnPathFrom(window.location.search));
  }, []);
  return (
    <main className="grid min-h-full place-items-center px-6 py-16 text-center">
      <div className="max-w-md">
        <Logo className="justify-center" />
        <svg
          viewBox="0 0 24 24"
          className="mx-auto mt-10 h-12 w-12 text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M2 8.8a15 15 0 0 1 4.2-2.6M10.7 5.1A15 15 0 0 1 22 8.8M5 12.5a10 10 0 0 1 5.2-2.7M16.8 10.6a10 10 0 0 1 2.2 1.9M8.5 16.1a5 5 0 0 1 7 0M12 20h.01M3 3l18 18" />
        </svg>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{t("offline.body")}</p>
        <a href={retry} className="btn-primary mt-8">
          {t("offline.retry")}
        </a>
      </div>
    </main>
  );
}
