import type { BackendModule, ReadCallback } from "i18next";
import { catalogueUrl } from "./urls";

/**
 * i18next's backend in the browser (decision 048): fetches the current language's namespaces from
 * the server's versioned URLs as routes need them, nothing else. A failed load leaves the text the
 * server rendered until the next navigation tries again.
 */
export function fetchBackend(version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      fetch(catalogueUrl(language, namespace, version), { credentials: "same-origin" })
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} loading ${language}/${namespace}`);
          return response.json() as Promise<Record<string, unknown>>;
        })
        .then((messages) => callback(null, messages))
        .catch((error: Error) => callback(error, false));
    },
  };
}
