/**
 * The catalogues, read once per server process from `locales/<language>/<namespace>.json` (decision
 * 048). A key missing in a translation is filled from English here, with one warning per key and
 * language, so a page never shows a bare key; `npm run i18n:check` refuses such a catalogue before
 * it ships. The pseudo-locale is generated from the English catalogue.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGE_CODES, NAMESPACES, PSEUDO_LOCALE, SOURCE_LANGUAGE, type Namespace } from "./config";
import { pseudoCatalogue } from "./pseudo";

export type Catalogue = { [key: string]: string | Catalogue };
export type Catalogues = Record<string, Record<Namespace, Catalogue>>;

/** Where the catalogue folders are: `locales/` at the project's root (the server runs from there). */
export const LOCALES_DIR = path.resolve("locales");

export function readCatalogue(dir: string, language: string, namespace: string): Catalogue {
  try {
    return JSON.parse(readFileSync(path.join(dir, language, `${namespace}.json`), "utf8")) as Catalogue;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

/**
 * `translation` with every key of `source` it lacks taken from `source`; `onMissing` is told each
 * dotted key that was missing.
 */
export function withFallback(
  source: Catalogue,
  translation: Catalogue,
  onMissing: (key: string) => void,
  prefix = "",
): Catalogue {
  const merged: Catalogue = {};
  for (const [key, value] of Object.entries(source)) {
    const own = translation[key];
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") {
      if (typeof own === "string" && own !== "") merged[key] = own;
      else {
        onMissing(dotted);
        merged[key] = value;
      }
    } else merged[key] = withFallback(value, typeof own === "object" ? own : {}, onMissing, dotted);
  }
  return merged;
}

const warned = new Set<string>();
/** Logs a missing key once per process, however many times the catalogues are read. */
export function warnMissingOnce(language: string, namespace: string, key: string, log = console.warn) {
  const id = `${language}:${namespace}:${key}`;
  if (warned.has(id)) return;
  warned.add(id);
  log(`i18n: "${key}" is missing in ${language}/${namespace}.json; showing the English text.`);
}

/** Every language's catalogues, English filled in where a translation lacks a key. */
export function loadCatalogues(
  dir: string,
  { pseudo }: { pseudo: boolean },
  log: (message: string) => void = console.warn,
): Catalogues {
  const catalogues: Catalogues = {};
  const source = Object.fromEntries(NAMESPACES.map((ns) => [ns, readCatalogue(dir, SOURCE_LANGUAGE, ns)])) as Record<
    Namespace,
    Catalogue
  >;
  for (const language of LANGUAGE_CODES) {
    catalogues[language] =
      language === SOURCE_LANGUAGE
        ? source
        : (Object.fromEntries(
            NAMESPACES.map((ns) => [
              ns,
              withFallback(source[ns], readCatalogue(dir, language, ns), (key) =>
                warnMissingOnce(language, ns, key, log),
              ),
            ]),
          ) as Record<Namespace, Catalogue>);
  }
  if (pseudo)
    catalogues[PSEUDO_LOCALE] = Object.fromEntries(NAMESPACES.map((ns) => [ns, pseudoCatalogue(source[ns])])) as Record<
      Namespace,
      Catalogue
    >;
  return catalogues;
}

/** A short hash of every catalogue: the version in the URLs the browser loads them from. */
export function versionOf(catalogues: Catalogues): string {
  return createHash("sha256").update(JSON.stringify(catalogues)).digest("base64url").slice(0, 10);
}
