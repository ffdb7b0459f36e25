/**
 * The languages SkillSwap speaks (decision 048). Browser-safe: the language switcher, the settings
 * section and `<html lang dir>` read it on both sides.
 *
 * Adding a language: a folder `locales/<code>/` holding one JSON file per namespace (copy `en/`
 * and translate it), and one line below. `npm run i18n:check` then says what is missing.
 */
export const LANGUAGES = [
  { code: "en", name: "English", dir: "ltr" },
  { code: "es", name: "Español", dir: "ltr" },
  { code: "fr", name: "Français", dir: "ltr" },
  { code: "ar", name: "العربية", dir: "rtl" },
] as const satisfies readonly { code: string; name: string; dir: "ltr" | "rtl" }[];

export type Language = (typeof LANGUAGES)[number]["code"];
/** The source language: every key exists in it first, and a key missing elsewhere shows it. */
export const SOURCE_LANGUAGE: Language = "en";
export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);

/**
 * Accented, lengthened English generated from the source catalogue, to find text that was never
 * wrapped in t(). Offered outside production and where PSEUDO_LOCALE is set (the e2e server).
 */
export const PSEUDO_LOCALE = "en-XA";

/**
 * Namespaces: `common` (the shell, toasts, validation, the tour and the welcome modal) is on every
 * page; the others belong to the routes that name them in `handle.i18n`.
 */
export const NAMESPACES = [
  "common",
  "auth",
  "landing",
  "dashboard",
  "profile",
  "members",
  "skills",
  "chat",
  "community",
  "board",
  "bookings",
  "wallet",
  "admin",
  "legal",
  "notifications",
  "mail",
  "push",
  "digest",
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = "common";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);

/** The writing direction of a language; the pseudo-locale and unknown codes are left to right. */
export function dirOf(language: string): "ltr" | "rtl" {
  return LANGUAGES.find((l) => l.code === language)?.dir ?? "ltr";
}

/** The name of the cookie that remembers the choice before sign-in. */
export const LANGUAGE_COOKIE = "lang";
