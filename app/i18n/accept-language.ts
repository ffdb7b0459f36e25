/**
 * The first of `offered` that an Accept-Language header asks for, in the order of its weights
 * (RFC 9110 §12.5.4): an exact tag first ("es" for "es"), else its language ("es" for "es-MX").
 * A malformed entry is skipped, a malformed header gives null, never an error.
 */
export function preferredLanguage(header: string | null, offered: readonly string[]): string | null {
  if (!header || header.length > 1000) return null;
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
