/**
 * Characters that show nothing or reorder what follows: control characters, zero-width spaces,
 * soft hyphens, Hangul fillers, the byte-order mark and every bidirectional override, embedding
 * and isolate. A name made of them looks empty; an override in a bio makes text read backwards
 * ("‮gnp.exe"). Zero-width joiners (U+200C, U+200D) stay: Persian words and emoji need them.
 * Line breaks stay too: bios may have paragraphs.
 */
// Listing control characters and lone combining marks is the point of this class.
const INVISIBLE =
  // eslint-disable-next-line no-control-regex, no-misleading-character-class
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]/g;

export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
}

/** A name must contain a letter of some script: not only digits, marks, spaces or emoji. */
export function hasLetter(text: string): boolean {
  return /\p{L}/u.test(text);
}
