import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import i18next from "i18next";

/**
 * A route's clientLoader that loads its namespaces (of the current language) before the route
 * renders after a navigation in the browser, so the page never draws keys or another namespace's
 * text while they arrive. The first page load has them already (entry.client.tsx).
 */
export function loadingNamespaces(...namespaces: string[]) {
  return async ({ request, serverLoader }: ClientLoaderFunctionArgs) => {
    try {
      const [data] = await Promise.all([serverLoader(), i18next.loadNamespaces(namespaces)]);
      return data;
    } catch (error) {
      // A navigation that another one replaced: the router drops this result, but an AbortError
      // thrown from here reached the error boundary, which logs it (seen in the board e2e).
      if (request.signal.aborted) return null;
      throw error;
    }
  };
}
