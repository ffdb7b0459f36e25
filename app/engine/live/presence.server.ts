import type { DocStore } from "../store/types";
import {
  PRESENCE_LEASE_MS,
  PRESENCE_STREAMS,
  STATUS,
  getStatus,
  presenceStreamsPath,
  readPresenceStreams,
  statusPath,
  type StatusDoc,
} from "~/documents/status";
import { WORKER_ID, liveWorkers } from "~/engine/leader.server";

/**
 * Embedded presence: a user is online while at least one live stream of theirs is open, in any
 * worker process, so several tabs (served by several workers) are one user.
 *
 * Each process counts its own streams per user in memory; only when its count goes 0 → 1 or
 * 1 → 0 does it add or remove itself in `presence_streams/{uid}.holders` (a transaction, so two
 * workers never lose each other's entry). The user goes offline when the last holder leaves. A
 * worker that dies cannot remove itself: the leader's sweep (sweepPresence) drops holders whose
 * heartbeat stopped, and marks offline whoever is left online with no live holder (which also
 * covers a restart of every worker).
 */
const openStreams = new Map<string, number>();
// Writes for one user happen in order, so a quick close-then-open never ends "offline".
const pendingWrites = new Map<string, Promise<void>>();

function change(store: DocStore, uid: string, workerId: string, opening: boolean): Promise<void> {
  const previous = pendingWrites.get(uid) ?? Promise.resolve();
  const next = previous
    .then(() =>
      store.transaction(async (tx) => {
        const doc = await tx.get(presenceStreamsPath(uid));
        const holders = new Set(doc ? readPresenceStreams(doc.data).holders : []);
        if (opening) holders.add(workerId);
        else holders.delete(workerId);
        const now = Date.now();
        if (holders.size > 0) {
          tx.set(presenceStreamsPath(uid), { holders: [...holders] });
          if (opening) tx.set(statusPath(uid), { state: "online", last_changed: now, lease_ms: 0 } satisfies StatusDoc);
        } else {
          if (doc) tx.delete(presenceStreamsPath(uid));
          tx.set(statusPath(uid), { state: "offline", last_changed: now, lease_ms: 0 } satisfies StatusDoc);
        }
      }),
    )
    .catch((error: unknown) =>
      console.warn(`presence: could not mark ${uid} ${opening ? "online" : "offline"}`, error),
    );
  pendingWrites.set(uid, next);
  void next.finally(() => {
    if (pendingWrites.get(uid) === next) pendingWrites.delete(uid);
  });
  return next;
}

/** Marks the user online; the returned function closes this stream's share of it. */
export function openPresence(store: DocStore, uid: string, workerId = WORKER_ID): () => void {
  const count = (openStreams.get(uid) ?? 0) + 1;
  openStreams.set(uid, count);
  if (count === 1) void change(store, uid, workerId, true);
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
    void change(store, uid, workerId, false);
  };
}

/**
 * A worker whose heartbeat is older than this is gone (the leader loop beats every few seconds):
 * the members it held read offline after the same time as a closed tab on Firebase.
 */
export const WORKER_DEAD_AFTER_MS = PRESENCE_LEASE_MS;

/**
 * Run by the leader: forgets holders that stopped beating and marks offline every user left online
 * without a live holder. Answers how many users it marked offline.
 */
export async function sweepPresence(
  store: DocStore,
  deadAfterMs = WORKER_DEAD_AFTER_MS,
  now = Date.now(),
): Promise<number> {
  const live = await liveWorkers(store, deadAfterMs, now);
  const [online, holderDocs] = await Promise.all([
    store.query({ collection: STATUS, where: [["state", "==", "online"]] }),
    store.query({ collection: PRESENCE_STREAMS }),
  ]);
  const held = new Set<string>();
  for (const doc of holderDocs) {
    if (readPresenceStreams(doc.data).holders.some((holder) => live.has(holder))) held.add(doc.id);
  }
  let marked = 0;
  for (const doc of [...online, ...holderDocs]) {
    if (held.has(doc.id)) continue;
    // Re-checked in a transaction: a stream may have opened since the query.
    const changed = await store.transaction(async (tx) => {
      const holders = await tx.get(presenceStreamsPath(doc.id));
      const status = await getStatus(tx, doc.id);
      const alive = (holders ? readPresenceStreams(holders.data).holders : []).filter((holder) => live.has(holder));
      if (alive.length > 0) return false;
      if (holders) tx.delete(presenceStreamsPath(doc.id));
      if (status.state !== "online") return false;
      tx.set(statusPath(doc.id), { state: "offline", last_changed: now, lease_ms: 0 } satisfies StatusDoc);
      return true;
    });
    if (changed) marked++;
  }
  return marked;
}
