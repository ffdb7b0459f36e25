import { DEFAULT_NAMESPACE } from "./config";

/** The namespaces the matched routes name in `handle.i18n` (a string or a list), `common` first. */
export function routeNamespaces(matches: readonly { handle?: unknown }[]): string[] {
  const named = matches.flatMap(({ handle }) => {
    const i18n = (handle as { i18n?: unknown } | undefined)?.i18n;
    if (typeof i18n === "string") return [i18n];
    return Array.isArray(i18n) ? i18n.filter((ns): ns is string => typeof ns === "string") : [];
  });
  return [...new Set([DEFAULT_NAMESPACE, ...named])];
}
