// `npm run i18n:check` (decision 048): the catalogues in locales/<language>/<namespace>.json against
// the English source and the code. Fails on
//   - a key missing in a language, or a key a translation has that English does not;
//   - an unused key: no string in app/ names it (see usedKeyPatterns for the scan);
//   - a message whose placeholders differ from the English message's;
//   - an invalid ICU message, or a plural that lacks one of its language's forms (Arabic: zero,
//     one, two, few, many, other).
// Exported for its own test (scripts/i18n-check.test.ts); run directly it prints what it found.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { IntlMessageFormat } from "intl-messageformat";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = "en";
/**
 * Namespaces keyed by data, not named in the code: "skills" holds the built-in taxonomy's names by
 * tag (decision 056), looked up with the tag a profile stores. Their keys are not scanned for in
 * app/; app/features/skills/taxonomy.test.ts checks they are exactly the taxonomy's tags.
 */
export const DATA_NAMESPACES = ["skills"];

/** Every message of a catalogue as dotted key → text. */
export function flatten(catalogue, prefix = "") {
  const out = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[dotted] = value;
    else if (value && typeof value === "object") Object.assign(out, flatten(value, dotted));
  }
  return out;
}

// intl-messageformat's AST element types (TYPE in @formatjs/icu-messageformat-parser).
const ARGUMENT = 1,
  NUMBER = 2,
  DATE = 3,
  TIME = 4,
  SELECT = 5,
  PLURAL = 6,
  TAG = 8;

/** The argument names of a parsed message and its plurals, walking into every branch. */
function walk(elements, found) {
  for (const element of elements) {
    if ([ARGUMENT, NUMBER, DATE, TIME, SELECT, PLURAL].includes(element.type)) found.args.add(element.value);
    if (element.type === PLURAL && element.pluralType !== "ordinal") found.plurals.push(element);
    if (element.type === SELECT || element.type === PLURAL)
      for (const option of Object.values(element.options)) walk(option.value, found);
    if (element.type === TAG) walk(element.children, found);
  }
  return found;
}

/** Parses one message: its placeholders, or the reason it is not valid ICU for `language`. */
export function analyse(message, language) {
  let ast;
  try {
    ast = new IntlMessageFormat(message, language).getAst();
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const { args, plurals } = walk(ast, { args: new Set(), plurals: [] });
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const missingForms = plurals.flatMap((plural) =>
    categories.filter((form) => !(form in plural.options)).map((form) => `${plural.value}: ${form}`),
  );
  return { args: [...args].sort(), missingForms };
}

/**
 * The keys the code names, as patterns. The scan reads every .ts/.tsx file under app/ and takes each
 * quoted or template string that looks like a key ("nav.chat", "dashboard:title", `tour.steps.${id}.title`);
 * a `${…}` in a template stands for one key segment (the first segment must be written out). A key counts as used when a pattern matches its
 * dotted path, whatever namespace it is in; a one-segment key counts where t("key") names it. So keys are written whole in the code (t("nav.chat"),
 * a `labelKey: "nav.chat"` in a table), or built from a template whose fixed parts name them.
 */
export function usedKeyPatterns(sources) {
  const patterns = new Set();
  const literal = /(["'`])((?:[A-Za-z0-9_-]+:)?[A-Za-z0-9_${}-]+(?:\.[A-Za-z0-9_${}-]+)+)\1/g;
  for (const source of sources) {
    for (const match of source.matchAll(literal)) {
      const key = match[2].replace(/^[A-Za-z0-9_-]+:/, "");
      // A template counts only with its first segment written out: `${a}.${b}` names no key.
      if ((match[1] !== "`" && key.includes("${")) || key.startsWith("${")) continue;
      const regex = key
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^()|[\]\\]/g, "\\$&"))
        .join("[^.]+");
      patterns.add(regex);
    }
  }
  // A key of one segment counts only where t() (or a fixed t: `fixedT(…)("title")`) is called with it.
  const call = /(?:\bt|\))\(\s*(["'])([A-Za-z0-9_-]+)\1/g;
  for (const source of sources) for (const match of source.matchAll(call)) patterns.add(match[2]);
  return [...patterns].map((p) => new RegExp(`^${p}$`));
}

function filesUnder(dir, extensions) {
  const out = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full, extensions));
    else if (extensions.some((ext) => entry.endsWith(ext)) && !/\.test\.tsx?$/.test(entry)) out.push(full);
  }
  return out;
}

/** Reads locales/<language>/<namespace>.json: { language: { namespace: flat messages } }. */
export function readCatalogues(dir) {
  const catalogues = {};
  for (const language of readdirSync(dir)) {
    if (!statSync(path.join(dir, language)).isDirectory()) continue;
    catalogues[language] = {};
    for (const file of readdirSync(path.join(dir, language)).filter((f) => f.endsWith(".json")))
      catalogues[language][file.replace(/\.json$/, "")] = flatten(
        JSON.parse(readFileSync(path.join(dir, language, file), "utf8")),
      );
  }
  return catalogues;
}

/** Every problem with `catalogues` (as readCatalogues gives them) against `sources` (the code's text). */
export function checkCatalogues(catalogues, sources) {
  const problems = [];
  const english = catalogues[SOURCE] ?? {};
  const used = usedKeyPatterns(sources);
  for (const [namespace, messages] of Object.entries(english)) {
    for (const [key, message] of Object.entries(messages)) {
      if (!DATA_NAMESPACES.includes(namespace) && !used.some((pattern) => pattern.test(key)))
        problems.push(`unused key ${namespace}:${key} (no string in app/ names it)`);
      const own = analyse(message, SOURCE);
      if (own.error) problems.push(`${SOURCE}/${namespace}.json ${key}: invalid ICU message (${own.error})`);
    }
  }
  for (const [language, namespaces] of Object.entries(catalogues)) {
    if (language === SOURCE) continue;
    for (const [namespace, messages] of Object.entries(english)) {
      const translated = namespaces[namespace] ?? {};
      for (const [key, message] of Object.entries(messages)) {
        const where = `${language}/${namespace}.json ${key}`;
        if (!(key in translated) || translated[key] === "") {
          problems.push(`${where}: missing`);
          continue;
        }
        const theirs = analyse(translated[key], language);
        if (theirs.error) {
          problems.push(`${where}: invalid ICU message (${theirs.error})`);
          continue;
        }
        const ours = analyse(message, SOURCE);
        if (!ours.error && ours.args.join(",") !== theirs.args.join(","))
          problems.push(
            `${where}: placeholders {${theirs.args.join("}, {")}} differ from English {${ours.args.join("}, {")}}`,
          );
        for (const form of theirs.missingForms) problems.push(`${where}: plural ${form} form missing`);
      }
      for (const key of Object.keys(translated))
        if (!(key in messages)) problems.push(`${language}/${namespace}.json ${key}: not in English (remove it)`);
    }
    for (const namespace of Object.keys(namespaces))
      if (!(namespace in english)) problems.push(`${language}/${namespace}.json: no English namespace of that name`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sources = filesUnder(path.join(ROOT, "app"), [".ts", ".tsx"]).map((file) => readFileSync(file, "utf8"));
  const catalogues = readCatalogues(path.join(ROOT, "locales"));
  const problems = checkCatalogues(catalogues, sources);
  const count = Object.values(catalogues[SOURCE] ?? {}).reduce((n, messages) => n + Object.keys(messages).length, 0);
  if (problems.length > 0) {
    console.error(`i18n:check: ${problems.length} problem(s) in locales/:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(
    `i18n:check: ${count} keys in ${Object.keys(catalogues).length} languages, all present, used, valid and with the same placeholders.`,
  );
}
