import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/error-page";
import { LiveChrome } from "~/components/live-chrome";
import { InstallPrompt } from "~/components/pwa/install-prompt";
import { getStore } from "~/engine/index.server";
import { getPayments } from "~/engine/payments/index.server";
import { loadHeaderSnapshot } from "~/features/live/header.server";
import { PACKS } from "~/engine/payments/packs";
import type { OfferedPayments } from "~/components/wallet/top-up-modal";
import { requireUser } from "~/features/auth/auth.server";
import { requireCurrentTerms } from "~/features/legal/gate.server";
import { privatePageHeaders } from "~/utils/private-page";

/**
 * The packs' price ids only, in PACKS' order: their SP and prices are the browser-safe PACKS table,
 * which the top-up dialog reads itself. The whole packs were ~450 bytes of every signed-in document
 * (decision 180).
 */
function offeredPayments(): OfferedPayments {
  const payments = getPayments();
  if (!payments) return { priceIds: null, testMode: false };
  return { priceIds: PACKS.map((pack) => payments.priceIdFor(pack.id)), testMode: payments.kind === "test" };
}

// Signed-in pages are never cached, so Back after Log Out cannot show them (utils/private-page).
export const headers = privatePageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  // A new version of the terms is accepted before any page of the app (decision 043).
  const [snapshot] = await Promise.all([
    loadHeaderSnapshot(store, user.uid),
    requireCurrentTerms(store, request, user.uid),
  ]);
  return {
    user: { uid: user.uid, displayName: user.displayName, avatar: user.avatar },
    snapshot,
    payments: offeredPayments(),
  };
}

/** The full layout: fixed top bar, side navigation on large screens, bottom bar on small ones. */
export default function AppLayout() {
  const { user, snapshot, payments } = useLoaderData<typeof loader>();
  return (
    <LiveChrome user={user} snapshot={snapshot} payments={payments}>
      <Outlet />
      <InstallPrompt />
    </LiveChrome>
  );
}

/**
 * A failing loader or render below the layout keeps the navigation and header: the layout's own
 * data is still there, so the chrome is drawn around the error page. Only when the layout's loader
 * itself failed is there nothing to draw it with, and the page stands alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("routes/_app");
  if (!isRouteErrorResponse(error)) console.error(error);
  if (!data) return <ErrorPage error={error} />;
  return (
    <LiveChrome user={data.user} snapshot={data.snapshot} payments={data.payments}>
      <ErrorPage error={error} inLayout />
    </LiveChrome>
  );
}
