/**
 * The languages a member speaks, as the reader names them (issue 30, decision 079). A profile keeps
 * what the member typed ("Spanish, English", "español", "pt"); a name or code Intl knows, in English
 * or in one of the app's languages, is shown by Intl.DisplayNames in the reader's locale and the list
 * is joined by Intl.ListFormat ("Spanish, English", "espagnol et anglais", "الإسبانية، والإنجليزية").
 * Anything else stays as written. Browser-safe; the formatters and the name index are built once.
 */

/** The locales whose language names a member may have typed: the app's languages. */
const WRITTEN_IN = ["en", "es", "fr", "ar"];

let index: Map<string, string> | null = null;

/** Every ISO 639-1 code Intl names, by its lower-cased code and its name in each of WRITTEN_IN. */
function nameIndex(): Map<string, string> {
  if (index) return index;
  const built = new Map<string, string>();
  const namers = WRITTEN_IN.map((l) => new Intl.DisplayNames(l, { type: "language", fallback: "none" }));
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      const names = namers.map((namer) => namer.of(code));
      if (!names[0]) continue;
      built.set(code, code);
      for (const name of names) if (name && !built.has(name.toLowerCase())) built.set(name.toLowerCase(), code);
    }
  }
  return (index = built);
}

/** The language code for what a member wrote, when it names one ("Spanish", "español", "es"). */
export function languageCode(written: string): string | undefined {
  return nameIndex().get(written.trim().toLowerCase());
}

const displayNames = new Map<string, Intl.DisplayNames>();
const lists = new Map<string, Intl.ListFormat>();

/** A member's languages in `locale` (an Intl locale: intlLocale(language) or useFormatLocale()). */
export function languagesLine(languages: readonly string[], locale: string): string {
  let names = displayNames.get(locale);
  if (!names) displayNames.set(locale, (names = new Intl.DisplayNames(locale, { type: "language" })));
  let list = lists.get(locale);
  if (!list) lists.set(locale, (list = new Intl.ListFormat(locale, { style: "short", type: "unit" })));
  const shown = languages.map((written) => {
    const code = languageCode(written);
    return code ? (names.of(code) ?? written) : written;
  });
  return list.format(shown);
}
