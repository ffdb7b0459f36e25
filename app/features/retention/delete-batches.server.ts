/**
 * Deletes what a query finds, a batch per transaction, until it finds nothing more: the loop every
 * retention sweeper runs (decision 044). The query must no longer match a document once it is
 * deleted, and set no limit of its own.
 */
import type { DocStore, Query } from "~/engine/store/types";

/** Documents deleted per transaction (well under Firestore's 500 writes). */
export const RETENTION_BATCH = 200;

/** Deletes every document `query` matches; answers how many. */
export async function deleteInBatches(store: DocStore, query: Omit<Query, "limit">): Promise<number> {
  let deleted = 0;
  for (;;) {
    const old = await store.query({ ...query, limit: RETENTION_BATCH });
    if (old.length === 0) break;
    await store.transaction(async (tx) => {
      for (const doc of old) tx.delete(doc.path);
    });
    deleted += old.length;
    if (old.length < RETENTION_BATCH) break;
  }
  return deleted;
}
