/** The one normalisation of skill names, shared by the taxonomy and by members' own entries. */
export const MAX_TAG_LENGTH = 40;

/** "  Public   Speaking " → "public speaking"; empty when nothing usable is left. */
export function normaliseTag(raw: string): string {
  return raw.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase().slice(0, MAX_TAG_LENGTH).trim();
}
