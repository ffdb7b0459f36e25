import { data as withHeaders, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { ErrorPage } from "~/components/error-page";
import { AppUpdates } from "~/components/pwa/app-updates";
import { Toast } from "~/components/toast";
import { getPublicEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { useNonce } from "~/utils/nonce";
import { publicOrigin } from "~/utils/origin.server";
import { readToast } from "~/utils/toast.server";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installable app (decision 045).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = ({ data }) => pageMeta({ origin: (data as { origin?: string } | undefined)?.origin });

export async function loader({ request }: LoaderFunctionArgs) {
  // The flash is read once and cleared in the same response, so a reload does not show it again.
  const { toast, setCookie } = await readToast(request);
  return withHeaders(
    { ENV: getPublicEnv(), origin: publicOrigin(request), toast },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // Marks the page as interactive, error pages included; end-to-end tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5cee" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <Toast toast={data?.toast ?? null} />
        <AppUpdates />
        <script
          nonce={nonce}
          // Only the public settings: getPublicEnv() picks them one by one.
          dangerouslySetInnerHTML={{
            __html: `window.ENV = ${JSON.stringify(data?.ENV ?? {}).replace(/</g, "\\u003c")}`,
          }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage error={error} />;
}
