import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { getPublicEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { useNonce } from "~/utils/nonce";
import { publicOrigin } from "~/utils/origin.server";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = ({ data }) => pageMeta({ origin: (data as { origin?: string } | undefined)?.origin });

export async function loader({ request }: LoaderFunctionArgs) {
  return { ENV: getPublicEnv(), origin: publicOrigin(request) };
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
        <script
          nonce={nonce}
          // Only the public settings: getPublicEnv() picks them one by one.
          dangerouslySetInnerHTML={{ __html: `window.ENV = ${JSON.stringify(data?.ENV ?? {}).replace(/</g, "\\u003c")}` }}
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? "We couldn't find that page."
      : isRouteErrorResponse(error) && typeof error.data?.error === "string"
        ? error.data.error
        : "Something went wrong on our side. Please try again in a moment.";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="grid min-h-full place-items-center p-6 text-center">
      <div>
        <p className="text-sm font-semibold text-brand-600">{status}</p>
        <h1 className="mt-2 text-2xl font-bold">{message}</h1>
        <a href="/" className="btn-primary mt-6">
          Back to SkillSwap
        </a>
      </div>
    </main>
  );
}
