/** The URL of one namespace of one language; `version` is the catalogues' hash (immutable there). */
export const catalogueUrl = (language: string, namespace: string, version: string) =>
  `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}?v=${encodeURIComponent(version)}`;
