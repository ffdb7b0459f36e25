import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import ICU from "i18next-icu";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { noteTextTypedBeforeHydration, restoreTextTypedBeforeHydration } from "~/components/typed-before-hydration";
import { fetchBackend } from "~/i18n/backend.client";
import { DEFAULT_NAMESPACE } from "~/i18n/config";
import { I18NEXT_OPTIONS } from "~/i18n/options";

/** Its effect runs after every effect of the page it wraps, so after hydration has committed. */
function TypedTextKept({ children }: { children: ReactNode }) {
  useEffect(() => restoreTextTypedBeforeHydration(document), []);
  return children;
}

async function hydrate() {
  // The server wrote the language and the catalogues' version on <html>; the root preloads the
  // namespaces of the routes on screen, so these requests are already under way (decision 048).
  const root = document.documentElement;
  const version = root.dataset.i18nVersion ?? "";
  await i18next
    .use(ICU)
    .use(initReactI18next)
    .use(fetchBackend(version))
    .init({
      ...I18NEXT_OPTIONS,
      lng: root.lang || "en",
      ns: [...new Set([DEFAULT_NAMESPACE, ...getInitialNamespaces()])],
    });
  noteTextTypedBeforeHydration(document);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <TypedTextKept>
            <RemixBrowser />
          </TypedTextKept>
        </StrictMode>
      </I18nextProvider>,
      {
        // A page whose markup differs from the server's names where, so the mismatch can be found
        // (React's own report says only which kind of error it was).
        onRecoverableError: (error, info) => console.error(error, info.componentStack),
      },
    );
  });
}

void hydrate();
