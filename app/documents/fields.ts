/**
 * The lenient field readers every document schema in this folder is built from. Stored documents
 * are older than some fields, so a missing or malformed field reads as its default instead of
 * failing the document. Written as transforms that never fail: a failed zod field builds an error
 * with a stack, which made parsing an old document cost ~30× a hand-written reader (decision 023).
 */
import { z } from "zod/v4";

// In the browser, zod must not compile its object parsers with `new Function`: the
// Content-Security-Policy (app/utils/csp.server.ts) forbids eval, and zod's probe for it, run when
// the first object schema is built, is reported as a policy violation on every page that ships a
// document schema (issue 28). Every document module imports this one, so it is configured before
// any of their schemas is built. The server keeps the compiled parsers, which are faster.
if (typeof document !== "undefined") z.config({ jitless: true });

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

export const text = (fallback = "") => z.unknown().transform((v) => (typeof v === "string" ? v : fallback));
/** A string that must not be empty to count (an empty one reads as the fallback). */
export const filledText = (fallback: string) =>
  z.unknown().transform((v) => (typeof v === "string" && v ? v : fallback));
/** A string, or null when the field is missing or not a string. */
export const optionalText = z.unknown().transform((v) => (typeof v === "string" ? v : null));
export const count = (fallback = 0) => z.unknown().transform((v) => (finite(v) ? v : fallback));
/**
 * Money (whole SP, whole cents) is read strictly, not leniently (decision 023): a value that is not
 * a safe integer reads as NaN, never as a default, so the ledger and the refund rules refuse it
 * instead of a wrong figure passing for a right one. Only an absent field reads as `missing`.
 */
export const wholeOrNaN = (v: unknown): number => (Number.isSafeInteger(v) ? (v as number) : Number.NaN);
export const money = (missing = Number.NaN) =>
  z.unknown().transform((v) => (v === undefined ? missing : wholeOrNaN(v)));
/** A number, or null when the field is missing or not a number (a time that has not happened yet). */
export const optionalTime = z.unknown().transform((v) => (finite(v) ? v : null));
export const flag = z.unknown().transform((v) => v === true);
export const pick = <T extends string>(values: readonly T[], fallback: T, v: unknown): T =>
  values.includes(v as T) ? (v as T) : fallback;
export const oneOf = <T extends string>(values: readonly T[], fallback: T) =>
  z.unknown().transform((v) => pick(values, fallback, v));
/** A list of strings; other entries are dropped, so one bad entry does not lose the list. */
export const strings = z
  .unknown()
  .transform((v) => (Array.isArray(v) ? v.filter((item): item is string => typeof item === "string") : []));
/** A map of finite numbers (unread counts per member, reactions per kind); other entries dropped. */
export const numberMap = z.unknown().transform((v) => {
  const out: Record<string, number> = {};
  if (isRecord(v)) for (const [key, n] of Object.entries(v)) if (finite(n)) out[key] = n;
  return out;
});
/** The values a stored message key names (a notice's kind, a ledger line's label): strings and finite numbers; others dropped. */
export const messageParams = z.unknown().transform((v) => {
  const out: Record<string, string | number> = {};
  if (isRecord(v))
    for (const [key, value] of Object.entries(v)) if (typeof value === "string" || finite(value)) out[key] = value;
  return out;
});
/** A nested object kept as it is stored, for maps whose keys the feature reads (preferences, metadata). */
export const anyRecord = z.unknown().transform((v) => (isRecord(v) ? v : {}));

/** What reads a document: a DocStore or a transaction (structural, so this folder needs no engine). */
export interface DocReader {
  get(path: string): Promise<{ data: Record<string, unknown> } | null>;
}

/** A document read and parsed by `read`; null when there is none. */
export async function getParsed<T>(
  reader: DocReader,
  path: string,
  read: (data: Record<string, unknown>) => T,
): Promise<T | null> {
  const doc = await reader.get(path);
  return doc ? read(doc.data) : null;
}

/** A stored document as the store answers it: its id and its raw fields. */
export interface StoredDoc {
  id: string;
  data: Record<string, unknown>;
}

/** The reader of a kind whose parsed value carries its document's id. */
export function withId<S extends z.ZodType<object>>(schema: S) {
  return ({ id, data }: StoredDoc): z.output<S> & { id: string } => ({ ...(schema.parse(data) as z.output<S>), id });
}
