import { DEFAULT_NAMESPACE } from "./config";

/** i18next's options on both sides; the server adds its resources, the browser its backend (decision 048). */
export const I18NEXT_OPTIONS = {
  defaultNS: DEFAULT_NAMESPACE,
  fallbackNS: DEFAULT_NAMESPACE,
  // The server fills a translation's missing keys with English before it sends a catalogue
  // (catalogues.server.ts), so no second language is ever loaded.
  fallbackLng: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
} as const;
