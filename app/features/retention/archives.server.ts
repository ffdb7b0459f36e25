/**
 * The retention sweeper of "Download my data" (decisions 042 and 044): an archive whose link has
 * run out (7 days after it was built) is deleted, its file and its document, so that nothing of it
 * outlives the link. The document goes first, in a transaction that re-reads it, so a member's new
 * request made meanwhile is never touched and no link serves a file that is being deleted.
 */
import { archiveKey, DATA_EXPORTS, dataExportPath, readDataExport } from "~/documents/data-exports";
import type { FileStore } from "~/engine/files/types";
import type { DocStore } from "~/engine/store/types";

const BATCH = 200;

export async function sweepExpiredArchives({
  store,
  files,
  now,
}: {
  store: DocStore;
  files: FileStore;
  now: number;
}): Promise<number> {
  let deleted = 0;
  for (;;) {
    const expired = await store.query({ collection: DATA_EXPORTS, where: [["expiresAt", "<=", now]], limit: BATCH });
    for (const doc of expired) {
      const { archiveId } = readDataExport(doc.data);
      const gone = await store.transaction(async (tx) => {
        const fresh = await tx.get(dataExportPath(doc.id));
        if (!fresh) return false;
        const current = readDataExport(fresh.data);
        if (current.archiveId !== archiveId || current.expiresAt === null || current.expiresAt > now) return false;
        tx.delete(fresh.path);
        return true;
      });
      if (!gone) continue;
      if (archiveId) await files.delete(archiveKey(doc.id, archiveId));
      deleted++;
    }
    if (expired.length < BATCH) return deleted;
  }
}
