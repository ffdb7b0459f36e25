/** Paging a DocStore query (both engines): the cursor after a page's last document, and its checks. */
import type { Cursor, Doc, Query } from "./types";

const RANGE_OPS = new Set(["<", "<=", ">", ">="]);

/** The cursor that starts the next page of `query` after `doc` (the last document of a page). */
export function cursorAfter(query: Pick<Query, "orderBy">, doc: Doc): Cursor {
  return { values: (query.orderBy ?? []).map(([field]) => fieldValue(doc.data, field)), id: doc.id };
}

function fieldValue(data: unknown, field: string): unknown {
  return field
    .split(".")
    .reduce<unknown>(
      (value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined),
      data,
    );
}

/**
 * Refuses a cursor that does not name a place in the query's order: one value per orderBy field,
 * and every range-filtered field in the orderBy (an order Firestore would add by itself would
 * otherwise need values the caller never gave).
 */
export function checkCursor(query: Query, cursor: Cursor): void {
  const ordered = (query.orderBy ?? []).map(([field]) => field);
  if (cursor.values.length !== ordered.length)
    throw new Error(`startAfter needs one value per orderBy field (${ordered.length}), got ${cursor.values.length}`);
  if (typeof cursor.id !== "string" || cursor.id === "") throw new Error("startAfter needs the document's id");
  for (const [field, op] of query.where ?? [])
    if (RANGE_OPS.has(op) && !ordered.includes(field))
      throw new Error(`startAfter on a query with a range on "${field}" needs "${field}" in its orderBy`);
}
