/** Query translation: a DocStore query as one SQL statement over the documents' JSON. */
import { checkCursor } from "../cursor";
import type { Cursor, OrderClause, Query, WhereClause } from "../types";
import { assertStorable, checkCollectionPath, jsonPath } from "./paths.server";

//
// Firestore compares values only within their type (1 never equals true, a range on numbers
// never matches strings) and orders by type first, then value. json_extract alone would
// blur these (true reads as 1, strings sort above numbers), so every predicate checks
// json_type too. Documents missing an orderBy or inequality field are left out.

export interface CompiledQuery {
  /** Everything after the select list, shared by the reading and the validating statement. */
  tail: string;
  params: unknown[];
}

export type TypedValue =
  | { kind: "null" }
  | { kind: "boolean"; value: boolean }
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "json"; type: "array" | "object"; text: string };

export function typed(value: unknown, where: string): TypedValue {
  assertStorable(value, where);
  if (value === null) return { kind: "null" };
  if (typeof value === "boolean") return { kind: "boolean", value };
  if (typeof value === "number") return { kind: "number", value };
  if (typeof value === "string") return { kind: "string", value };
  return { kind: "json", type: Array.isArray(value) ? "array" : "object", text: JSON.stringify(value) };
}

/**
 * `type` and `value` are SQL expressions for a JSON value's type name and its SQL value;
 * `jsonText` renders it as minified JSON (for comparing arrays and maps).
 */
export interface Operand {
  type: string;
  value: string;
  jsonText: string;
  params: unknown[];
}

/**
 * Fields with an index of their own, like Firestore's single-field indexes: an equality or range
 * query on one of them reads the matching documents, not the whole collection. Only where a query
 * sits on a hot path and the field picks out a few documents (a booking request counts the
 * learner's waiting requests in its transaction; the booking panel and match cards read a mentor's
 * bookings; a board post counts its poster's active posts in its transaction among 100,000 posts; a
 * push's claim reads its member's devices among every member's, bench:push; /matches and /members
 * read who is online, and /matches who was seen this week, among every member's `status`, which
 * cost 9 ms a query with 10,000 members, decision 097; the hourly digest run reads the members whose
 * digest is due, decision 157); every index costs each write one more json_extract.
 *
 * In the order a query prefers them: a member's id picks out a few documents, a state or a time
 * many. A query that filters on several of them reads the index of the first (see compileQuery).
 */
export const INDEXED_FIELDS = [
  "learnerUid",
  "mentorUid",
  "authorUid",
  "uid",
  "state",
  "last_changed",
  "digestDueAt",
] as const;

/**
 * The field's path is written into the SQL rather than bound, so an equality or a range on a field
 * that has an expression index (INDEXED_FIELDS) reads the index instead of every document of the
 * collection. `indexable: false` puts SQLite's no-op unary `+` before the value, which keeps the
 * same answer and takes the field's index out of the query planner's choices.
 */
export function fieldOperand(field: string, indexable: boolean): Operand {
  const p = sqlString(jsonPath(field));
  const value = fieldValueSql(field);
  return {
    type: `json_type(data, ${p})`,
    value: indexable ? value : `+${value}`,
    jsonText: `(data -> ${p})`,
    params: [],
  };
}

/** The SQL expression for a field's value: the same text in queries and in the index definitions. */
export function fieldValueSql(field: string): string {
  return `json_extract(data, ${sqlString(jsonPath(field))})`;
}

function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export function equals(operand: Operand, v: TypedValue): { sql: string; params: unknown[] } {
  const p = operand.params;
  switch (v.kind) {
    case "null":
      return { sql: `${operand.type} = 'null'`, params: [...p] };
    case "boolean":
      return { sql: `${operand.type} = '${v.value ? "true" : "false"}'`, params: [...p] };
    case "number":
      return { sql: `(${operand.type} IN ('integer','real') AND ${operand.value} = ?)`, params: [...p, ...p, v.value] };
    case "string":
      return { sql: `(${operand.type} = 'text' AND ${operand.value} = ?)`, params: [...p, ...p, v.value] };
    case "json":
      return { sql: `(${operand.type} = '${v.type}' AND ${operand.jsonText} = json(?))`, params: [...p, ...p, v.text] };
  }
}

export const RANGE_SQL = { "<": "<", "<=": "<=", ">": ">", ">=": ">=" } as const;

/** One filter as SQL; `indexable: false` keeps its field's index out of the plan (see fieldOperand). */
export function compileWhere(
  clause: WhereClause,
  indexable: boolean,
): { sql: string; params: unknown[]; inequality: boolean } {
  const [field, op, value] = clause;
  const where = `where(${JSON.stringify(field)} ${op})`;
  switch (op) {
    case "==":
      return { ...equals(fieldOperand(field, indexable), typed(value, where)), inequality: false };
    case "in": {
      if (!Array.isArray(value) || value.length === 0) {
        throw new Error(`${where} needs a non-empty array of values`);
      }
      const parts = value.map((item) => equals(fieldOperand(field, indexable), typed(item, where)));
      return {
        sql: `(${parts.map((x) => x.sql).join(" OR ")})`,
        params: parts.flatMap((x) => x.params),
        inequality: false,
      };
    }
    case "array-contains": {
      const element: Operand = { type: "e.type", value: "e.value", jsonText: "e.value", params: [] };
      const match = equals(element, typed(value, where));
      // json_each would also yield a single row for a scalar field, so insist on an array.
      return {
        sql: `(json_type(data, ?) = 'array' AND EXISTS (SELECT 1 FROM json_each(data, ?) AS e WHERE ${match.sql}))`,
        params: [jsonPath(field), jsonPath(field), ...match.params],
        inequality: false,
      };
    }
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const v = typed(value, where);
      // The path written into the SQL, as for an equality: a range on an indexed field reads the index.
      const { type, value: fieldValue } = fieldOperand(field, indexable);
      const sqlOp = RANGE_SQL[op];
      switch (v.kind) {
        case "number":
          return {
            sql: `(${type} IN ('integer','real') AND ${fieldValue} ${sqlOp} ?)`,
            params: [v.value],
            inequality: true,
          };
        case "string":
          return {
            sql: `(${type} = 'text' AND ${fieldValue} ${sqlOp} ?)`,
            params: [v.value],
            inequality: true,
          };
        case "boolean":
          return {
            sql: `(${type} IN ('true','false') AND ${fieldValue} ${sqlOp} ?)`,
            params: [v.value ? 1 : 0],
            inequality: true,
          };
        default:
          throw new Error(
            `${where} compares with ${v.kind === "json" ? v.type : "null"}; range filters take numbers, strings or booleans`,
          );
      }
    }
    default:
      throw new Error(`Unsupported where operator: ${String(op)}`);
  }
}

/** A stored value's place in Firestore's order of types; `path` is SQL (a bound `?` or a quoted path). */
function typeRankSql(path: string): string {
  return (
    `CASE json_type(data, ${path}) WHEN 'null' THEN 0 WHEN 'false' THEN 1 WHEN 'true' THEN 1 ` +
    "WHEN 'integer' THEN 2 WHEN 'real' THEN 2 WHEN 'text' THEN 3 WHEN 'array' THEN 4 ELSE 5 END"
  );
}

/**
 * Fields whose order has an index of its own: a query ordered by one of them first reads its
 * newest (or oldest) documents from the index and stops at the limit, instead of reading and
 * sorting its whole collection. A thread's latest messages (features/live's threadOf, the thread
 * page) read 500 documents for 50 in a conversation of 500 messages (decision 140). Each such index
 * costs a write of a document with the field one more entry.
 */
export const ORDERED_FIELDS = ["timestamp"] as const;

/**
 * A field's order as SQL, with its path written into the text (as fieldOperand does) so that an
 * index on the same expressions (orderIndexSql) can serve it: `present` leaves out documents without
 * the field, `rank` and `value` sort by type, then value.
 */
export function fieldOrderSql(field: string): { present: string; rank: string; value: string } {
  const p = sqlString(jsonPath(field));
  return { present: `json_type(data, ${p}) IS NOT NULL`, rank: typeRankSql(p), value: fieldValueSql(field) };
}

function isIndexedField(field: string): boolean {
  return (INDEXED_FIELDS as readonly string[]).includes(field);
}

/**
 * The one indexed field whose index a query reads: the first in INDEXED_FIELDS order that it
 * filters with an equality or a range. Without statistics SQLite weighs two such indexes the same
 * and may take the wider one: a booking request's count of its learner's waiting requests
 * (learnerUid == and state == "requested") read every waiting request of every member through the
 * state index, once in the transaction and again at its commit (decision 134).
 */
function indexedField(where: readonly WhereClause[]): string | undefined {
  const filtered = new Set(where.filter(([, op]) => op === "==" || op in RANGE_SQL).map(([field]) => field));
  return INDEXED_FIELDS.find((field) => filtered.has(field));
}

export function compileQuery(query: Query): CompiledQuery {
  checkCollectionPath(query.collection);
  const conditions = ["parent = ?"];
  const params: unknown[] = [query.collection];
  const inequalityFields = new Set<string>();
  const indexed = indexedField(query.where ?? []);
  for (const clause of query.where ?? []) {
    const compiled = compileWhere(clause, !isIndexedField(clause[0]) || clause[0] === indexed);
    conditions.push(compiled.sql);
    params.push(...compiled.params);
    if (compiled.inequality) inequalityFields.add(clause[0]);
  }

  // Firestore orders by the explicit fields, then by inequality fields not already named
  // (alphabetically), then by document id in the direction of the last ordering.
  const orderBy: { field: string; direction: "asc" | "desc" }[] = [];
  for (const [field, direction] of query.orderBy ?? []) {
    if (direction !== "asc" && direction !== "desc") throw new Error(`orderBy direction must be "asc" or "desc"`);
    orderBy.push({ field, direction });
  }
  const named = new Set(orderBy.map((o) => o.field));
  const lastDirection = orderBy.length > 0 ? orderBy[orderBy.length - 1].direction : "asc";
  for (const field of [...inequalityFields].filter((f) => !named.has(f)).sort()) {
    orderBy.push({ field, direction: lastDirection });
  }

  const orderParts: string[] = [];
  for (const { field, direction } of orderBy) {
    const { present, rank, value } = fieldOrderSql(field);
    conditions.push(present);
    const dir = direction === "desc" ? "DESC" : "ASC";
    orderParts.push(`${rank} ${dir}`, `${value} ${dir}`);
  }
  if (query.startAfter) {
    checkCursor(query, query.startAfter);
    const after = compileStartAfter(query.orderBy ?? [], query.startAfter);
    conditions.push(after.sql);
    params.push(...after.params);
  }
  const tieDirection = (orderBy.length > 0 ? orderBy[orderBy.length - 1].direction : "asc") === "desc" ? "DESC" : "ASC";
  orderParts.push(`id ${tieDirection}`);

  let tail = `FROM docs WHERE ${conditions.join(" AND ")} ORDER BY ${orderParts.join(", ")}`;
  if (query.limit !== undefined) {
    if (!Number.isInteger(query.limit) || query.limit <= 0)
      throw new Error(`limit must be a positive integer, got ${query.limit}`);
    tail += " LIMIT ?";
    params.push(query.limit);
  }
  return { tail, params };
}

/** A value's place in Firestore's order of types, as typeRankSql computes it for a stored field. */
function typeRank(v: TypedValue): number {
  if (v.kind === "json") return v.type === "array" ? 4 : 5;
  return { null: 0, boolean: 1, number: 2, string: 3 }[v.kind];
}

/** A value as `ifnull(json_extract(...), 0)` reads it (null is 0: the type's rank already tells it apart). */
function sqlValue(v: TypedValue): unknown {
  switch (v.kind) {
    case "null":
      return 0;
    case "boolean":
      return v.value ? 1 : 0;
    case "json":
      return v.text;
    default:
      return v.value;
  }
}

/**
 * The documents after the cursor in the query's order (type rank and value of each orderBy field,
 * then the id). When every field runs one way, one row-value comparison, which SQLite reads
 * through the (parent, id) index when the query is ordered by id alone; otherwise the same order
 * spelled out: equal on the fields before, after on this one.
 */
function compileStartAfter(orderBy: readonly OrderClause[], cursor: Cursor): { sql: string; params: unknown[] } {
  const terms: { sql: string; params: unknown[]; value: unknown; desc: boolean }[] = [];
  orderBy.forEach(([field, direction], i) => {
    const v = typed(cursor.values[i], `startAfter(${JSON.stringify(field)})`);
    const p = jsonPath(field);
    const desc = direction === "desc";
    terms.push({ sql: typeRankSql("?"), params: [p], value: typeRank(v), desc });
    terms.push({ sql: "ifnull(json_extract(data, ?), 0)", params: [p], value: sqlValue(v), desc });
  });
  const lastDesc = orderBy.length > 0 && orderBy[orderBy.length - 1][1] === "desc";
  terms.push({ sql: "id", params: [], value: cursor.id, desc: lastDesc });
  if (terms.every((t) => t.desc === lastDesc)) {
    return {
      sql: `(${terms.map((t) => t.sql).join(", ")}) ${lastDesc ? "<" : ">"} (${terms.map(() => "?").join(", ")})`,
      params: [...terms.flatMap((t) => t.params), ...terms.map((t) => t.value)],
    };
  }
  const alternatives = terms.map((term, i) => {
    const equal = terms.slice(0, i).map((t) => ({ sql: `${t.sql} = ?`, params: [...t.params, t.value] }));
    const after = { sql: `${term.sql} ${term.desc ? "<" : ">"} ?`, params: [...term.params, term.value] };
    const parts = [...equal, after];
    return { sql: `(${parts.map((x) => x.sql).join(" AND ")})`, params: parts.flatMap((x) => x.params) };
  });
  return { sql: `(${alternatives.map((a) => a.sql).join(" OR ")})`, params: alternatives.flatMap((a) => a.params) };
}
