import { data as withHeaders, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorPage } from "~/components/error-page";
import { AppUpdates } from "~/components/pwa/app-updates";
import { CATCH_EARLY_INSTALL_OFFER } from "~/components/pwa/install-event";
import { Toast } from "~/components/toast";
import { getCurrentUser } from "~/features/auth/auth.server";
import { catalogueUrl } from "~/i18n/urls";
import { DEFAULT_NAMESPACE, SOURCE_LANGUAGE, dirOf } from "~/i18n/config";
import { documentLanguage, fixedT, languageOf } from "~/i18n/i18n.server";
import { routeNamespaces } from "~/i18n/route-namespaces";
import { getPublicEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { useNonce } from "~/utils/nonce";
import { publicOrigin } from "~/utils/origin.server";
import { readToast } from "~/utils/toast.server";
import interFont from "~/fonts/inter-latin.woff2";
import stylesheet from "~/tailwind.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // The face (decision 203): asked for with the stylesheet, so it is there for the first layout. The same
  // hashed file as the stylesheet's @font-face; fonts are always fetched in CORS mode.
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // A bitmap, the manifest's own icon: Chromium decodes a page's favicon in its renderer, and an SVG one as a
  // document of its own on the page's main thread (decision 201).
  { rel: "icon", href: "/icons/icon-192.png", type: "image/png", sizes: "192x192" },
  // The installable app (decision 045).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export const meta: MetaFunction = ({ matches }) => pageMeta({ matches });

export const handle = { i18n: DEFAULT_NAMESPACE };

export async function loader({ request }: LoaderFunctionArgs) {
  // The flash is read once and cleared in the same response, so a reload does not show it again.
  const [{ toast, setCookie }, user] = await Promise.all([readToast(request), getCurrentUser(request)]);
  // The member's own choice wins on every device; before sign-in, the cookie or the browser's (decision 049).
  const language = await languageOf(request, user?.profile.language);
  const t = fixedT(language);
  return withHeaders(
    {
      ENV: getPublicEnv(),
      origin: publicOrigin(request),
      toast,
      ...documentLanguage(language),
      site: { title: t("site.title"), description: t("site.description"), tagline: t("site.tagline") },
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const lang = data?.lang ?? SOURCE_LANGUAGE;
  // A language chosen on another device arrives with the next loader run; the texts follow it.
  useChangeLanguage(lang);
  const preloads = useCataloguePreloads(lang, data?.i18nVersion ?? "");
  // Marks the page as interactive, error pages included; end-to-end tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={lang} dir={data?.dir ?? dirOf(lang)} data-i18n-version={data?.i18nVersion} className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d5cee" />
        <Meta />
        <Links />
        {preloads.map((href) => (
          <link key={href} rel="preload" as="fetch" href={href} crossOrigin="anonymous" />
        ))}
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
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CATCH_EARLY_INSTALL_OFFER }} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The catalogues the browser's i18next will ask for before it hydrates (entry.client.tsx): the
 * current language's namespaces of the routes on screen, preloaded with the page.
 */
function useCataloguePreloads(language: string, version: string): string[] {
  const namespaces = routeNamespaces(useMatches());
  if (!version) return [];
  return namespaces.map((ns) => catalogueUrl(language, ns, version));
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage error={error} />;
}
