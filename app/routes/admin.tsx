import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { Logo } from "~/components/logo";
import { NotFound } from "~/components/not-found";
import { refuseWrites as action, requireAdmin } from "~/features/admin/guard.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Admin", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <div className="min-h-full">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/admin" aria-label="SkillSwap admin overview">
            <Logo />
          </Link>
          <AdminNav />
        </div>
        <Link to="/dashboard" className="text-sm font-medium text-brand-600 hover:underline">
          Back to SkillSwap
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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const message =
    isRouteErrorResponse(error) && typeof error.data?.error === "string"
      ? error.data.error
      : "Something went wrong on our side. Please try again.";
  return (
    <main className="grid min-h-full place-items-center p-6 text-center">
      <div>
        <h1 className="text-2xl font-bold">{message}</h1>
        <Link to="/admin" className="btn-primary mt-6">
          Back to the overview
        </Link>
      </div>
    </main>
  );
}

export { action };
