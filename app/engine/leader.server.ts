/**
 * One leader among the worker processes for timed work (decision 021).
 *
 * Every worker writes a heartbeat (`workers/{id}`) and tries to hold the lease `leases/{name}`
 * (both in app/documents/leases.ts) on each tick; the lease is a document changed only in a
 * transaction, so two workers can never both hold it: the second one's commit finds the first
 * one's write and re-reads. A leader renews on every tick; if it dies, its lease runs out after
 * `ttlMs` and the next worker to tick takes over. Work done under the lease must still be
 * idempotent: a leader stalled for longer than `ttlMs` (a long pause) may overlap with its
 * successor once.
 */
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { DocStore } from "~/engine/store/types";
import { getLease, heartbeatPath, leasePath, WORKERS, type HeartbeatDoc, type LeaseDoc } from "~/documents/leases";

/** This process among the workers: host, pid and a random part (pids are reused after a restart). */
export const WORKER_ID = `${hostname().replace(/[^A-Za-z0-9_-]/g, "_")}-${process.pid}-${randomBytes(4).toString("hex")}`;

/** Takes or renews the lease when it is free, expired or already ours; answers whether we hold it now. */
export async function tryLead(
  store: DocStore,
  name: string,
  holder: string,
  ttlMs: number,
  now = Date.now(),
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const lease = await getLease(tx, name);
    if (lease && lease.holder !== holder && lease.expiresAt > now) return false;
    const taken: LeaseDoc = { holder, expiresAt: now + ttlMs };
    tx.set(leasePath(name), taken);
    return true;
  });
}

/** Gives the lease up at once (a clean stop), so that another worker need not wait for it to expire. */
export async function resign(store: DocStore, name: string, holder: string): Promise<void> {
  await store.transaction(async (tx) => {
    const lease = await getLease(tx, name);
    if (lease?.holder === holder) tx.delete(leasePath(name));
  });
}

/** The workers whose heartbeat is younger than `deadAfterMs`. */
export async function liveWorkers(store: DocStore, deadAfterMs: number, now = Date.now()): Promise<Set<string>> {
  const docs = await store.query({ collection: WORKERS, where: [["seenAt", ">", now - deadAfterMs]] });
  return new Set(docs.map((doc) => doc.id));
}

export interface LeaderLoopOptions {
  getStore: () => Promise<DocStore>;
  name: string;
  workerId?: string;
  /** How often every worker beats and tries the lease. */
  tickMs: number;
  /** How long a lease lasts without renewal: the longest a dead leader's work waits. */
  ttlMs: number;
  /** Run by the leader on each tick it holds the lease. */
  onLead: (store: DocStore, now: number) => Promise<void>;
  /** Run by every worker on each tick (e.g. its heartbeat). */
  onTick?: (store: DocStore, now: number) => Promise<void>;
}

/** Starts the loop; the returned function stops it and gives up the lease. */
export function startLeaderLoop(options: LeaderLoopOptions): () => Promise<void> {
  const workerId = options.workerId ?? WORKER_ID;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const store = await options.getStore();
      const now = Date.now();
      const beat: HeartbeatDoc = { seenAt: now };
      await store.set(heartbeatPath(workerId), beat);
      await options.onTick?.(store, now);
      if (!stopped && (await tryLead(store, options.name, workerId, options.ttlMs, now)))
        await options.onLead(store, now);
    } catch (error) {
      console.error(`Timed work (${options.name}) failed:`, error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, options.tickMs);
  timer.unref();
  setTimeout(tick, Math.min(1_000, options.tickMs)).unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    const store = await options.getStore();
    await resign(store, options.name, workerId);
    await store.delete(heartbeatPath(workerId));
  };
}
