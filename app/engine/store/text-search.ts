/**
 * The words of a text as both engines index them, and how a match is scored where the engine
 * has no ranking of its own (Firestore). One tokeniser for both, so the same query finds the
 * same documents on either engine; SQLite's FTS5 indexes exactly these tokens (joined by spaces),
 * and ranks them with its BM25. Pure and browser-safe: the forum highlights the same words.
 */

/** Shorter words carry no meaning worth an index entry (and "a", "I" would match everything). */
const MIN_TOKEN = 2;
/** Longer "words" are pasted hashes or URLs; a prefix is enough to find them. */
const MAX_TOKEN = 40;
/** Distinct words kept per document: Firestore indexes each array value (limits in decision 016). */
export const MAX_DISTINCT_TOKENS = 1_000;
/** Words of a query that count; a longer query is cut, said in the decision record. */
export const MAX_QUERY_TOKENS = 8;

const WORD = /[\p{L}\p{N}]+/gu;

/** Lower case, accents removed: "Café" and "cafe" are one word. */
function normalise(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** Every word of `text` in order, repeats kept (they count towards a document's score). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = normalise(match[0]);
    if (word.length >= MIN_TOKEN) out.push(word.slice(0, MAX_TOKEN));
  }
  return out;
}

/** A query's distinct words, longest first (the likeliest to be rare), at most MAX_QUERY_TOKENS. */
export function queryTokens(query: string): string[] {
  return [...new Set(tokenize(query))]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .slice(0, MAX_QUERY_TOKENS);
}

export interface TermCounts {
  /** Distinct words, most frequent first, at most MAX_DISTINCT_TOKENS. */
  tokens: string[];
  /** How often each of `tokens` occurs, index for index. */
  counts: number[];
  /** All words of the document, repeats included. */
  length: number;
}

export function termCounts(text: string): TermCounts {
  const all = tokenize(text);
  const counts = new Map<string, number>();
  for (const t of all) counts.set(t, (counts.get(t) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_DISTINCT_TOKENS);
  return { tokens: sorted.map(([t]) => t), counts: sorted.map(([, c]) => c), length: all.length };
}

/**
 * A BM25-shaped score without the collection statistics Firestore cannot give cheaply: each
 * query word adds more the more often it occurs, with diminishing returns, less in long texts.
 * Higher is better; 0 when a word is missing (the caller has already required all of them).
 */
export function matchScore(words: readonly string[], doc: TermCounts, k1 = 1.2, b = 0.75, averageLength = 60): number {
  let score = 0;
  for (const word of words) {
    const i = doc.tokens.indexOf(word);
    if (i < 0) return 0;
    const tf = doc.counts[i];
    score += (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / averageLength));
  }
  return score;
}

/** Index names are short plain words: each engine keeps them in a path or a column. */
export function assertIndexName(index: string): void {
  if (!/^[a-z][a-z0-9_-]{0,39}$/.test(index)) throw new Error(`Invalid text index name: ${JSON.stringify(index)}`);
}
