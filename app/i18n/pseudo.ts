/**
 * The pseudo-locale (en-XA): every letter of a message's text accented, vowels doubled (about a third
 * longer, as French and Spanish often are) and the whole wrapped in ⟦ ⟧, so a screen shows at a glance
 * which text was never wrapped in t() and which layout breaks with longer words. Placeholders, plural
 * and select syntax are kept as they are: the result is a valid ICU message with the same arguments.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [
    "aàáâãäå",
    "bƀ",
    "cçć",
    "dď",
    "eèéêë",
    "fƒ",
    "gĝ",
    "hĥ",
    "iìíîï",
    "jĵ",
    "kķ",
    "lĺ",
    "mɱ",
    "nñ",
    "oòóôõö",
    "pþ",
    "qʠ",
    "rŕ",
    "sš",
    "tţ",
    "uùúûü",
    "vṽ",
    "wŵ",
    "xẋ",
    "yý",
    "zž",
    "AÀ",
    "BƁ",
    "CÇ",
    "DĎ",
    "EÉ",
    "FƑ",
    "GĜ",
    "HĤ",
    "IÎ",
    "JĴ",
    "KĶ",
    "LĹ",
    "MṀ",
    "NÑ",
    "OÖ",
    "PÞ",
    "QǪ",
    "RŔ",
    "SŠ",
    "TŢ",
    "UÜ",
    "VṼ",
    "WŴ",
    "XẊ",
    "YÝ",
    "ZŽ",
  ].map((row) => [row[0], row.slice(row.length > 2 ? 2 : 1, row.length > 2 ? 3 : 2)]),
);
const VOWELS = new Set("aeiouAEIOU");

/** Opening and closing marks of a pseudo-localised message; the e2e sweep looks for them. */
export const PSEUDO_OPEN = "⟦";
export const PSEUDO_CLOSE = "⟧";

function accent(text: string): string {
  let out = "";
  for (const char of text) {
    const accented = ACCENTED[char];
    out += accented ? (VOWELS.has(char) ? accented + accented : accented) : char;
  }
  return out;
}

const PLURAL_TYPES = new Set(["plural", "select", "selectordinal"]);

/** Reads ICU message text from `i` until an unmatched `}` (or the end); returns the rewritten text. */
function messageText(source: string, start: number): { out: string; end: number } {
  let out = "";
  let i = start;
  let text = "";
  const flush = () => {
    out += accent(text);
    text = "";
  };
  while (i < source.length) {
    const char = source[i];
    if (char === "'") {
      // '' is an apostrophe; 'quoted {text}' is literal up to the next lone apostrophe.
      if (source[i + 1] === "'") {
        text += "''";
        i += 2;
        continue;
      }
      if (source[i + 1] === "{" || source[i + 1] === "}" || source[i + 1] === "#") {
        const close = source.indexOf("'", i + 1);
        const endQuote = close === -1 ? source.length : close + 1;
        flush();
        out += source.slice(i, endQuote);
        i = endQuote;
        continue;
      }
      text += char;
      i += 1;
      continue;
    }
    if (char === "}") break;
    if (char === "{") {
      flush();
      const argument = argumentAt(source, i);
      out += argument.out;
      i = argument.end;
      continue;
    }
    text += char;
    i += 1;
  }
  flush();
  return { out, end: i };
}

/** Rewrites the argument `{…}` that starts at `start` (a `{`); returns it and the index after its `}`. */
function argumentAt(source: string, start: number): { out: string; end: number } {
  const head = /^\{\s*([^\s,{}]+)\s*(?:,\s*([a-z]+)\s*)?/.exec(source.slice(start));
  if (!head) throw new Error(`Invalid ICU message: ${source}`);
  const type = head[2];
  let i = start + head[0].length;
  if (!type || !PLURAL_TYPES.has(type)) {
    // {name}, {n, number}, {d, date, short}: kept as written, to its closing brace.
    let depth = 1;
    while (i < source.length && depth > 0) {
      if (source[i] === "{") depth += 1;
      if (source[i] === "}") depth -= 1;
      i += 1;
    }
    return { out: source.slice(start, i), end: i };
  }
  // plural / select: ", offset:n? selector {message} selector {message} … }"
  let out = source.slice(start, i);
  while (i < source.length && source[i] !== "}") {
    const selector = /^[,\s]*([^\s{}]+)\s*/.exec(source.slice(i));
    if (!selector) throw new Error(`Invalid ICU message: ${source}`);
    out += selector[0];
    i += selector[0].length;
    if (source[i] !== "{") continue; // offset:1 and the like
    const branch = messageText(source, i + 1);
    out += `{${branch.out}}`;
    i = branch.end + 1;
    const space = /^\s*/.exec(source.slice(i))![0];
    out += space;
    i += space.length;
  }
  return { out: `${out}}`, end: i + 1 };
}

/** The pseudo-localised form of one ICU message. */
export function pseudoLocalise(message: string): string {
  return `${PSEUDO_OPEN}${messageText(message, 0).out}${PSEUDO_CLOSE}`;
}

/** Plain text (not a message: no ICU syntax) pseudo-localised, for texts that are not in a catalogue (the legal pages). */
export function pseudoText(text: string): string {
  return `${PSEUDO_OPEN}${accent(text)}${PSEUDO_CLOSE}`;
}

/** A whole catalogue (nested objects of messages) pseudo-localised, key for key. */
export function pseudoCatalogue(catalogue: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === "string"
        ? pseudoLocalise(value)
        : value && typeof value === "object"
          ? pseudoCatalogue(value as Record<string, unknown>)
          : value,
    ]),
  );
}
