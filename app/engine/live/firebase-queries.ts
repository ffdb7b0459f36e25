/**
 * The feed catalogue's descriptors (app/engine/live/feeds.ts) as client-SDK references. Pure
 * translation, kept apart from the transport so that it can be checked without a network.
 */
import {
  collection,
  doc,
  limit,
  orderBy,
  query,
  where,
  type DocumentReference,
  type Firestore,
  type Query as SdkQuery,
  type QueryConstraint,
} from "firebase/firestore";
import type { Source } from "./feeds";
import type { Query } from "../store/types";

export function buildClientQuery(db: Firestore, descriptor: Query): SdkQuery {
  const constraints: QueryConstraint[] = [
    ...(descriptor.where ?? []).map(([field, op, value]) => where(field, op, value)),
    ...(descriptor.orderBy ?? []).map(([field, direction]) => orderBy(field, direction)),
    ...(descriptor.limit !== undefined ? [limit(descriptor.limit)] : []),
  ];
  return query(collection(db, descriptor.collection), ...constraints);
}

export type ClientSource = { kind: "doc"; ref: DocumentReference } | { kind: "query"; query: SdkQuery };

export function buildClientSource(db: Firestore, source: Source): ClientSource {
  return source.kind === "doc"
    ? { kind: "doc", ref: doc(db, source.path) }
    : { kind: "query", query: buildClientQuery(db, source.query) };
}
