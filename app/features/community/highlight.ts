/**
 * Search results show a short piece of the post around the first matching word, with every
 * matching word marked. Words match as the index matched them (text-search.ts's tokeniser), so
 * "cafe" marks "Café". Browser-safe and pure.
 */
import { queryTokens, tokenize } from "~/engine/store/text-search";

export type Piece = { text: string; hit: boolean };

const SNIPPET = 220;

/** Markdown reduced to its words for a one-paragraph excerpt. */
function plain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function highlight(markdown: string, query: string, length = SNIPPET): Piece[] {
  const text = plain(markdown);
  const words = new Set(queryTokens(query));
  const parts = text.split(/([\p{L}\p{N}]+)/u);
  // Start the excerpt a little before the first hit.
  let offset = 0;
  let start = 0;
  for (const part of parts) {
    if (words.has(tokenize(part)[0] ?? "")) {
      start = Math.max(0, offset - 60);
      break;
    }
    offset += part.length;
  }
  const pieces: Piece[] = [];
  let pos = 0;
  let used = 0;
  for (const part of parts) {
    const end = pos + part.length;
    if (end > start && used < length) {
      const slice = part.slice(Math.max(0, start - pos), Math.max(0, start - pos) + (length - used));
      const hit = words.has(tokenize(part)[0] ?? "") && slice.length === part.length;
      if (slice) pieces.push({ text: slice, hit });
      used += slice.length;
    }
    pos = end;
  }
  if (start > 0) pieces.unshift({ text: "…", hit: false });
  if (used >= length && pos > start + length) pieces.push({ text: "…", hit: false });
  return pieces.filter((p) => p.text !== "");
}
