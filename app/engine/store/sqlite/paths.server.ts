/** The SQLite store's document paths, rows and stored values: Firestore's rules for each. */
import type { Doc, DocData } from "../types";

export interface Row {
  path: string;
  id: string;
  data: string;
  version: number;
}

export type WriteOp =
  | { kind: "create"; path: string; data: DocData }
  | { kind: "set"; path: string; data: DocData; merge: boolean }
  | { kind: "update"; path: string; data: DocData }
  | { kind: "delete"; path: string }
  | { kind: "index"; path: string; index: string; text: string | null };

export interface DocPath {
  path: string;
  parent: string;
  id: string;
}

/**
 * The number of segments of `p`, which must be a non-empty path of non-empty segments. Counted
 * without splitting: a chat message checks seven paths, and their segment arrays and joins were
 * 2.5 KB of its garbage (decision 204).
 */
export function segmentCount(p: string, kind: string): number {
  if (typeof p !== "string" || p === "") throw new Error(`Invalid ${kind} path: ${JSON.stringify(p)}`);
  let count = 1;
  let from = 0;
  for (let slash = p.indexOf("/"); slash !== -1; slash = p.indexOf("/", from)) {
    if (slash === from) throw new Error(`Invalid ${kind} path "${p}": empty segment`);
    count++;
    from = slash + 1;
  }
  if (from === p.length) throw new Error(`Invalid ${kind} path "${p}": empty segment`);
  return count;
}

export function parseDocPath(p: string): DocPath {
  if (segmentCount(p, "document") % 2 !== 0) {
    throw new Error(`Invalid document path "${p}": it needs an even number of segments (collection/id)`);
  }
  const slash = p.lastIndexOf("/");
  return { path: p, parent: p.slice(0, slash), id: p.slice(slash + 1) };
}

export function checkCollectionPath(p: string): void {
  if (segmentCount(p, "collection") % 2 !== 1) {
    throw new Error(`Invalid collection path "${p}": it needs an odd number of segments`);
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * JSON would silently turn a Date into a string, NaN into null and drop undefined; Firestore
 * refuses such values instead, and so do we, so that a bug shows up on the embedded engine too.
 * Firestore also refuses an array directly inside an array (one inside a map inside an array is fine).
 */
export function assertStorable(value: unknown, where: string): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot store ${value} at ${where}: numbers must be finite`);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (Array.isArray(item))
        throw new Error(`Cannot store an array inside an array at ${where}[${i}]: Firestore refuses it; use a map`);
      assertStorable(item, `${where}[${i}]`);
    });
    return;
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) assertStorable(item, `${where}.${key}`);
    return;
  }
  const kind = value === undefined ? "undefined" : ((value as object)?.constructor?.name ?? typeof value);
  throw new Error(`Cannot store ${kind} at ${where}: use null, booleans, numbers, strings, arrays or plain objects`);
}

export function assertData(data: DocData, docPath: string): void {
  if (!isPlainObject(data)) throw new Error(`Document data for ${docPath} must be a plain object`);
  for (const [key, value] of Object.entries(data)) assertStorable(value, `${docPath}#${key}`);
}

/** Firestore's `set(…, { merge: true })`: nested maps are merged, every other value replaces. */
export function mergeDeep(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] =
      isPlainObject(value) && isPlainObject(current) && Object.keys(value).length > 0
        ? mergeDeep(current, value)
        : value;
  }
  return out;
}

/** Firestore's `update`: top-level keys replace whole fields; a dotted key replaces one nested field. */
export function applyUpdate(target: Record<string, unknown>, patch: DocData): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (!key.includes(".")) {
      out[key] = value;
      continue;
    }
    const segments = fieldSegments(key);
    let node = out;
    for (const segment of segments.slice(0, -1)) {
      const child = node[segment];
      const copy: Record<string, unknown> = isPlainObject(child) ? { ...child } : {};
      node[segment] = copy;
      node = copy;
    }
    node[segments[segments.length - 1]] = value;
  }
  return out;
}

export function fieldSegments(field: string): string[] {
  if (typeof field !== "string" || field === "") throw new Error(`Invalid field name: ${JSON.stringify(field)}`);
  const segments = field.split(".");
  if (segments.some((s) => s === "" || s.includes('"')))
    throw new Error(`Invalid field name: ${JSON.stringify(field)}`);
  return segments;
}

/** A SQLite JSON path; each segment is quoted so that names like `first-name` work. */
export function jsonPath(field: string): string {
  return (
    "$" +
    fieldSegments(field)
      .map((s) => `."${s}"`)
      .join("")
  );
}

export function toDoc<T extends DocData>(row: Row): Doc<T> {
  return { id: row.id, path: row.path, data: JSON.parse(row.data) as T };
}

/** What a transaction compares: a query's result is unchanged when the same versions come back in order. */
export function versionSignature(rows: readonly { path: string; version: number }[]): string {
  return rows.map((r) => `${r.path}@${r.version}`).join(",");
}
