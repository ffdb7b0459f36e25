import type { DocStore } from "../store/types";

/**
 * Embedded presence: a user is online while at least one live stream of theirs is open, so
 * several tabs are one user. The counts live in this process, which is the only one serving
 * streams on the embedded engine.
 */
const openStreams = new Map<string, number>();
// Writes for one user happen in order, so a quick close-then-open never ends "offline".
const pendingWrites = new Map<string, Promise<void>>();

function write(store: DocStore, uid: string, state: "online" | "offline"): Promise<void> {
  const previous = pendingWrites.get(uid) ?? Promise.resolve();
  const next = previous
    .then(() => store.set(`status/${uid}`, { state, last_changed: Date.now() }))
    .catch((error: unknown) => console.warn(`presence: could not mark ${uid} ${state}`, error));
  pendingWrites.set(uid, next);
  void next.finally(() => {
    if (pendingWrites.get(uid) === next) pendingWrites.delete(uid);
  });
  return next;
}

/** Marks the user online; the returned function closes this stream's share of it. */
export function openPresence(store: DocStore, uid: string): () => void {
  const count = (openStreams.get(uid) ?? 0) + 1;
  openStreams.set(uid, count);
  if (count === 1) void write(store, uid, "online");
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    const left = (openStreams.get(uid) ?? 1) - 1;
    if (left > 0) {
      openStreams.set(uid, left);
      return;
    }
    openStreams.delete(uid);
    void write(store, uid, "offline");
  };
}

/** After a restart no stream is open, so nobody may stay online by mistake. */
export async function resetPresence(store: DocStore): Promise<number> {
  const online = await store.query({ collection: "status", where: [["state", "==", "online"]] });
  const now = Date.now();
  await Promise.all(online.map((doc) => store.set(doc.path, { state: "offline", last_changed: now })));
  return online.length;
}
