/**
 * Splits a chat message into text and web links so links can be clickable. Only http(s) URLs
 * become links: a message can never produce a javascript: or data: href. Punctuation that ends a
 * sentence ("see https://x.org.") stays text.
 */
export type MessagePart = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: "text", text: text.slice(last, start) });
    parts.push({ kind: "link", text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
