/**
 * i18next on the server (decision 048): one instance per language, made once per process from the
 * catalogues in memory (they never change while it runs, and nothing calls changeLanguage on them,
 * so requests share them); the language of a request chosen as decision 049 says.
 */
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next";
import {
  DEFAULT_NAMESPACE,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  NAMESPACES,
  PSEUDO_LOCALE,
  SOURCE_LANGUAGE,
  dirOf,
  type Namespace,
} from "./config";
import { preferredLanguage } from "./accept-language";
import { I18NEXT_OPTIONS } from "./options";
import { LOCALES_DIR, loadCatalogues, versionOf, type Catalogues } from "./catalogues.server";

/** The pseudo-locale is offered outside production, and where PSEUDO_LOCALE=true (the e2e server). */
export function pseudoLocaleOffered(env: Record<string, string | undefined> = process.env): boolean {
  return env.NODE_ENV !== "production" || env.PSEUDO_LOCALE === "true" || env.PSEUDO_LOCALE === "1";
}

let loaded: { catalogues: Catalogues; version: string } | undefined;
function catalogues() {
  if (!loaded) {
    const all = loadCatalogues(LOCALES_DIR, { pseudo: pseudoLocaleOffered() });
    loaded = { catalogues: all, version: versionOf(all) };
  }
  return loaded;
}

/** The languages a request may ask for: the four, and the pseudo-locale where it is offered. */
export function offeredLanguages(): string[] {
  return pseudoLocaleOffered() ? [...LANGUAGE_CODES, PSEUDO_LOCALE] : [...LANGUAGE_CODES];
}

/** One language's namespace as the browser loads it; null for a language or namespace that is not offered. */
export function catalogueFor(language: string, namespace: string) {
  const { catalogues: all, version } = catalogues();
  if (!offeredLanguages().includes(language) || !(NAMESPACES as readonly string[]).includes(namespace)) return null;
  return { messages: all[language]![namespace as Namespace], version };
}

/** The catalogues' version, written into the URLs the browser loads them from (immutable there). */
export const cataloguesVersion = () => catalogues().version;

const instances = new Map<string, I18n>();
/** The shared instance of a language (made on first use, synchronously: the resources are in memory). */
export function i18nFor(language: string): I18n {
  let instance = instances.get(language);
  if (!instance) {
    const { catalogues: all } = catalogues();
    instance = createInstance();
    void instance
      .use(ICU)
      .use(initReactI18next)
      .init({
        ...I18NEXT_OPTIONS,
        lng: language,
        ns: [...NAMESPACES],
        resources: { [language]: all[language]! },
        initImmediate: false,
      });
    remembering(instance);
    instances.set(language, instance);
  }
  return instance;
}

/** Answers kept per language; past this many, the oldest half goes (names and counts make many keys). */
const REMEMBERED_ANSWERS = 20_000;

/**
 * The id of a call whose key is a string and whose options are plain values (strings, numbers,
 * booleans, lists of strings), or null. Written out by hand rather than JSON.stringify: every t() of
 * every page passes here (about 106 on /calendar), nearly all with only react-i18next's lng/ns and a
 * value or two (issue 28, decision 105). Each name and string carries its length, so no value (a
 * member's name may hold any character) can read as the next option; an undefined option is left
 * out, as JSON.stringify left it.
 */
function plainCall(key: unknown, options: unknown): string | null {
  if (typeof key !== "string" || typeof options !== "object" || options === null) return null;
  let id = `${key.length}:${key}`;
  for (const name in options) {
    const value: unknown = (options as Record<string, unknown>)[name];
    if (value === undefined) continue;
    id += `|${name.length}:${name}=`;
    if (typeof value === "string") id += `s${value.length}:${value}`;
    else if (typeof value === "number" || typeof value === "boolean") id += `${typeof value}${value}`;
    else if (value === null) id += "null";
    else if (Array.isArray(value)) {
      id += `a${value.length}`;
      for (const item of value) {
        if (typeof item !== "string") return null;
        id += `:${item.length}:${item}`;
      }
    } else return null;
  }
  return id;
}

/**
 * The same text for the same call, once per process: every t() of a page (react-i18next's and
 * fixedT's both go through `instance.t`) resolved the key, chose the plural, parsed its options and
 * ran the ICU formatter again on every render, 10–15 % of a card-heavy page's CPU (issue 28,
 * decision 074). The catalogues never change while the process runs, so a text depends only on the
 * key and the options; calls with anything else in their options (an object, a function) are not
 * kept, nor answers that are not strings.
 */
function remembering(instance: I18n): void {
  const answers = new Map<string, string>();
  instance.t = rememberedCalls(instance.t.bind(instance) as unknown as Translate, answers, "") as unknown as I18n["t"];
  keepingFixedTs(instance, answers);
}

type Translate = (...args: unknown[]) => unknown;

/**
 * `translate` with its answers kept in `answers` under `prefix` and the call's id. A call without
 * options is the call with empty ones, as i18next reads it.
 */
function rememberedCalls(translate: Translate, answers: Map<string, string>, prefix: string): Translate {
  return (...args: unknown[]) => {
    const id =
      args.length === 1 || (args.length === 2 && args[1] === undefined)
        ? plainCall(args[0], {})
        : args.length === 2
          ? plainCall(args[0], args[1])
          : null;
    if (id === null) return translate(...args);
    const known = answers.get(prefix + id);
    if (known !== undefined) return known;
    const answer = translate(...args);
    if (typeof answer === "string") {
      if (answers.size >= REMEMBERED_ANSWERS) {
        let drop = answers.size / 2;
        for (const oldest of answers.keys()) {
          if (drop-- <= 0) break;
          answers.delete(oldest);
        }
      }
      answers.set(prefix + id, answer);
    }
    return answer;
  };
}

/** Fixed t()s kept per instance; their arguments come from the code (a namespace, a key prefix), so few. */
const KEPT_FIXED_TS = 500;

/**
 * react-i18next asks for a new fixed t() on every useTranslation of every render, and i18next's
 * fixed t() copies the caller's options and sets four of its own before each call reaches the kept
 * answers: 3–4 % of a signed-in page's CPU, twice the floor's share, as a signed-in page makes more
 * calls (issue 28, decision 126). An instance never changes language, so the fixed t() of the same
 * language, namespace and key prefix answers the same for good: it is made once, and answers kept
 * in front of it (under its own prefix: `f`, then its id, never a call's id, which starts with a
 * digit) skip the copying too.
 */
function keepingFixedTs(instance: I18n, answers: Map<string, string>): void {
  type FixedT = Translate & { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
  const make = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const kept = new Map<string, FixedT>();
  instance.getFixedT = ((...args: unknown[]) => {
    const [lng, ns, keyPrefix] = args;
    const id = args.length <= 3 ? plainCall("", { lng, ns, keyPrefix }) : null;
    if (id === null) return make(...args);
    let t = kept.get(id);
    if (!t) {
      const fixed = make(...args);
      if (kept.size >= KEPT_FIXED_TS) return fixed;
      // react-i18next reads the fixed t()'s own language and namespaces.
      t = Object.assign(rememberedCalls(fixed, answers, `f${id.length}:${id}`), {
        lng: fixed.lng,
        lngs: fixed.lngs,
        ns: fixed.ns,
        keyPrefix: fixed.keyPrefix,
      });
      kept.set(id, t);
    }
    return t;
  }) as unknown as I18n["getFixedT"];
}

/** A t() fixed to a language, for loaders, actions and meta; the namespace defaults to `common`. */
export function fixedT(language: string, namespace: Namespace = DEFAULT_NAMESPACE): TFunction {
  return i18nFor(language).getFixedT(language, namespace);
}

const ONE_YEAR_IN_SECONDS = 60 * 60 * 24 * 365;

/**
 * `lang=es`: the choice made before sign-in (decision 049), a plain language code so that scripts
 * and tests can set it too. Not HttpOnly (nothing secret); SameSite=Lax; Secure in production.
 */
export function languageCookie(language: string): string {
  const secure = process.env.NODE_ENV === "production" ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=${ONE_YEAR_IN_SECONDS}; SameSite=Lax${secure}`;
}

/** The `lang` cookie's value, or null (no cookie, or not one of the offered languages). */
export function languageFromCookie(cookieHeader: string | null): string | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? "");
  if (!match) return null;
  let value: string;
  try {
    value = decodeURIComponent(match[1]!.trim());
  } catch {
    return null;
  }
  return offeredLanguages().includes(value) ? value : null;
}

const chosen = new WeakMap<Request, Promise<string>>();
/**
 * The language of a request (decision 049): the member's own choice on the profile when signed in,
 * else the `lang` cookie, else the browser's Accept-Language, else English. Anything unknown or
 * malformed on the way is passed over, never an error. Resolved once per request.
 */
export function languageOf(request: Request, profileLanguage?: string | null): Promise<string> {
  if (profileLanguage && offeredLanguages().includes(profileLanguage)) return Promise.resolve(profileLanguage);
  let pending = chosen.get(request);
  if (!pending) {
    pending = Promise.resolve(
      languageFromCookie(request.headers.get("Cookie")) ??
        preferredLanguage(request.headers.get("Accept-Language"), LANGUAGE_CODES) ??
        SOURCE_LANGUAGE,
    );
    chosen.set(request, pending);
  }
  return pending;
}

/** What the root loader tells every page: `<html lang dir>` and where the browser loads the catalogues. */
export function documentLanguage(language: string) {
  return { lang: language, dir: dirOf(language), i18nVersion: cataloguesVersion() };
}
