import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nFor } from "~/i18n/i18n.server";

/**
 * An element drawn to static markup in one language, inside the translations a page's server render
 * gives it. A test file's `vi.mock` of react-i18next applies here too: mocks are per test file.
 */
export function renderIn(language: string, element: ReactElement): string {
  return renderToStaticMarkup(<I18nextProvider i18n={i18nFor(language)}>{element}</I18nextProvider>);
}
