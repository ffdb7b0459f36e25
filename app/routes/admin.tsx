import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminNav } from "~/components/admin/admin-nav";
import { Logo } from "~/components/logo";
import { NotFound } from "~/components/not-found";
import { refuseWrites as action, requireAdmin } from "~/features/admin/guard.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { pageMeta } from "~/utils/meta";

// Every admin page reads the "admin" namespace (decision 064); the layout names it once for them all.
export const handle = { i18n: ["admin"] };
export const clientLoader = loadingNamespaces("admin");

// Nobody but an admin gets data here, so an outsider's 404 has no "Admin" in its title either.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { title: fixedT(await languageOf(request, admin.profile.language), "admin")("layout.title") };
}

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  return (
    <div className="min-h-full">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/admin" aria-label={t("layout.home")}>
            <Logo />
          </Link>
          <AdminNav />
        </div>
        <Link to="/dashboard" className="text-sm font-medium text-brand-600 hover:underline">
          {t("layout.back")}
        </Link>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <Outlet />
      </main>
    </div>
  );
}

// A 404 here looks exactly like an unknown path, so the area's existence is not revealed.
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("admin");
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.error === "string" ? error.data.error : t("layout.failed");
  return (
    <main className="grid min-h-full place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-bold">{message}</h1>
        <Link to="/admin" className="btn-primary mt-6">
          {t("layout.backToOverview")}
        </Link>
      </div>
    </main>
  );
}

export { action };
