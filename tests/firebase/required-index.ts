/**
 * Which composite index Cloud Firestore needs for a DocStore query, and whether
 * firebase/firestore.indexes.json has it. Single-field indexes are automatic; equality filters
 * alone are served by merging them. Everything that combines a field's order or range, or an
 * array-contains, with another field needs a composite index (array-contains + equality is
 * counted too: one index is cheaper than relying on a merge across an array field).
 */
import type { Query, WhereClause, WhereOp } from "~/engine/store/types";

export interface IndexField {
  fieldPath: string;
  order?: "ASCENDING" | "DESCENDING";
  arrayConfig?: "CONTAINS";
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: "COLLECTION" | "COLLECTION_GROUP";
  fields: IndexField[];
}

const RANGE_OPS = new Set(["<", "<=", ">", ">="]);
const order = (direction: "asc" | "desc") => (direction === "desc" ? "DESCENDING" : "ASCENDING");

/** The composite index a query needs: equality fields, then array-contains, then range and order fields. */
export function requiredIndex(
  query: Query,
): { collectionGroup: string; equalityPrefix: IndexField[]; tail: IndexField[] } | null {
  const where = query.where ?? [];
  const orderBy = query.orderBy ?? [];
  const equalities = where.filter(([, op]) => op === "==" || op === "in").map(([field]) => field);
  const contains = where.filter(([, op]) => op === "array-contains").map(([field]) => field);
  const ranges = where.filter(([, op]) => RANGE_OPS.has(op)).map(([field]) => field);
  const fields = new Set([...equalities, ...contains, ...ranges, ...orderBy.map(([field]) => field)]);
  if (fields.size <= 1) return null;
  if (ranges.length === 0 && orderBy.length === 0 && contains.length === 0) return null;

  const prefix: IndexField[] = [
    ...[...new Set(equalities)].map((fieldPath) => ({ fieldPath, order: "ASCENDING" as const })),
    ...contains.map((fieldPath) => ({ fieldPath, arrayConfig: "CONTAINS" as const })),
  ];
  const tail: IndexField[] = [];
  const add = (fieldPath: string, direction: IndexField["order"]) => {
    if (!tail.some((f) => f.fieldPath === fieldPath)) tail.push({ fieldPath, order: direction });
  };
  // A range field must come first after the equalities, in the direction of its orderBy if any.
  for (const field of ranges) add(field, order(orderBy.find(([f]) => f === field)?.[1] ?? "asc"));
  for (const [field, direction] of orderBy) add(field, order(direction));
  return { collectionGroup: query.collection.split("/").at(-1)!, equalityPrefix: prefix, tail };
}

const sameField = (a: IndexField, b: IndexField) =>
  a.fieldPath === b.fieldPath && a.order === b.order && a.arrayConfig === b.arrayConfig;

/** An index serves the query when its leading fields are the equalities (in any order) and the rest match exactly. */
export function findIndex(indexes: readonly CompositeIndex[], query: Query): CompositeIndex | "not needed" | undefined {
  const needed = requiredIndex(query);
  if (!needed) return "not needed";
  const { equalityPrefix, tail } = needed;
  return indexes.find((index) => {
    if (index.collectionGroup !== needed.collectionGroup || index.queryScope !== "COLLECTION") return false;
    if (index.fields.length !== equalityPrefix.length + tail.length) return false;
    const head = index.fields.slice(0, equalityPrefix.length);
    const rest = index.fields.slice(equalityPrefix.length);
    const headMatches = equalityPrefix.every((want) =>
      head.some(
        (have) =>
          have.fieldPath === want.fieldPath &&
          (want.arrayConfig ? have.arrayConfig === "CONTAINS" : have.order !== undefined),
      ),
    );
    return headMatches && rest.every((have, i) => sameField(have, tail[i]!));
  });
}

/** A filter or order of Firestore's wire format (the `structuredQuery` of a RunQuery or Listen target). */
interface StructuredFilter {
  fieldFilter?: { field: { fieldPath: string }; op: string };
  unaryFilter?: { field: { fieldPath: string }; op: string };
  compositeFilter?: { op: string; filters: StructuredFilter[] };
}

export interface StructuredQuery {
  from: { collectionId?: string; allDescendants?: boolean }[];
  where?: StructuredFilter;
  orderBy?: { field: { fieldPath: string }; direction?: string }[];
}

const WIRE_OPS: Record<string, WhereOp> = {
  EQUAL: "==",
  IN: "in",
  ARRAY_CONTAINS: "array-contains",
  LESS_THAN: "<",
  LESS_THAN_OR_EQUAL: "<=",
  GREATER_THAN: ">",
  GREATER_THAN_OR_EQUAL: ">=",
};

/**
 * The DocStore query a `structuredQuery` on the wire asks, for requiredIndex/findIndex (values are
 * not needed). Throws on what the app never sends (OR filters, collection-group queries, other
 * operators), so a checker fed with it cannot pass a query it does not understand.
 */
export function queryOfStructured({ from, where, orderBy }: StructuredQuery): Query {
  const [source] = from;
  if (from.length !== 1 || !source?.collectionId || source.allDescendants)
    throw new Error(`A query over ${JSON.stringify(from)}: only single-collection queries are checked`);
  const clauses: WhereClause[] = [];
  const add = (filter: StructuredFilter) => {
    if (filter.compositeFilter) {
      if (filter.compositeFilter.op !== "AND") throw new Error(`A ${filter.compositeFilter.op} filter is not checked`);
      filter.compositeFilter.filters.forEach(add);
    } else if (filter.fieldFilter) {
      const op = WIRE_OPS[filter.fieldFilter.op];
      if (!op) throw new Error(`The operator ${filter.fieldFilter.op} is not checked`);
      clauses.push([filter.fieldFilter.field.fieldPath, op, null]);
    } else if (filter.unaryFilter) {
      // IS_NULL and IS_NAN are equalities; IS_NOT_NULL and IS_NOT_NAN are inequalities.
      const op = filter.unaryFilter.op.startsWith("IS_NOT_") ? ">" : "==";
      clauses.push([filter.unaryFilter.field.fieldPath, op, null]);
    } else throw new Error(`A filter that is not checked: ${JSON.stringify(filter)}`);
  };
  if (where) add(where);
  return {
    collection: source.collectionId,
    where: clauses,
    orderBy: (orderBy ?? [])
      // The SDKs append __name__ to the orders they send; every index ends with it implicitly.
      .filter(({ field }) => field.fieldPath !== "__name__")
      .map(({ field, direction }) => [field.fieldPath, direction === "DESCENDING" ? "desc" : "asc"] as const),
  };
}
