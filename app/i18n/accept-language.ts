/**
 * The first of `offered` that an Accept-Language header asks for, in the order of its weights
 * (RFC 9110 §12.5.4): an exact tag first ("es" for "es"), else its language ("es" for "es-MX").
 * A malformed entry is skipped, a malformed header gives null, never an error.
 */
export function preferredLanguage(header: string | null, offered: readonly string[]): string | null {
  if (!header || header.length > 1000) return null;
  // Every request without a chosen language asks (the root loader, signed in or out), and the
  // parse costs an Intl.getCanonicalLocales per entry, a thrown RangeError for fetch's "*": a
  // browser sends the same few headers, so the answer is kept per header (decision 172).
  const key = `${offered.join(",")}\n${header}`;
  const known = answers.get(key);
  if (known !== undefined) return known;
  const answer = firstAsked(header, offered);
  if (answers.size >= KEPT_ANSWERS) answers.clear();
  answers.set(key, answer);
  return answer;
}

/** Distinct headers kept; at most 1,000 characters each, so the map stays under a megabyte. */
const KEPT_ANSWERS = 500;
const answers = new Map<string, string | null>();

function firstAsked(header: string, offered: readonly string[]): string | null {
  const asked = header
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
      if (params.length > 0 && !q) return null;
      let canonical: string;
      try {
        [canonical = ""] = Intl.getCanonicalLocales(tag.trim());
      } catch {
        return null;
      }
      return { tag: canonical.toLowerCase(), q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry): entry is { tag: string; q: number; index: number } => entry !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of asked) {
    const exact = offered.find((code) => code.toLowerCase() === tag);
    if (exact) return exact;
    const base = offered.find((code) => code.toLowerCase() === tag.split("-")[0]);
    if (base) return base;
  }
  return null;
}
