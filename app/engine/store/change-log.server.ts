/**
 * The embedded store's change log (`changes`: the paths every commit wrote, decision 021) keeps
 * the last 20,000 paths. A path can itself be personal data: the embedded accounts' e-mail index
 * is keyed by the address (`auth_emails/{email}`). Once such a document is deleted, its path in
 * the log is replaced by one stand-in in the same collection (issue 32).
 *
 * Why a rename and not a delete: a worker process or read cache that has not caught up reads the
 * rows after its version and wakes the watchers of each path and of its collection. Keeping the
 * row and its version keeps that accounting; the stand-in wakes the same collection's watchers.
 * Only a watcher of the exact old document would miss it, and that document no longer exists.
 * An engine without such a log (Firestore) has nothing to rewrite.
 */
interface RenamesLoggedPaths {
  renameLoggedPath(from: string, to: string): void;
}

function hasRenamableLog(store: object): store is RenamesLoggedPaths {
  return typeof (store as Partial<RenamesLoggedPaths>).renameLoggedPath === "function";
}

/** The id that stands for every forgotten path in its collection's log rows. */
export const FORGOTTEN_ID = "(forgotten)";

/**
 * Replaces the deleted document `path` in the store's change log by `{collection}/(forgotten)`: the
 * same stand-in for every forgotten path, since a hash of an address would still single it out.
 */
export function forgetLoggedPath(store: object, path: string): void {
  if (!hasRenamableLog(store)) return;
  store.renameLoggedPath(path, `${path.slice(0, path.lastIndexOf("/"))}/${FORGOTTEN_ID}`);
}
