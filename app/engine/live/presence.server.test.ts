/**
 * The embedded engine's presence, as every reader sees it through readStatus (decision 034):
 * online while a stream of the member is open in any worker, offline when the last one closes, and
 * offline within WORKER_DEAD_AFTER_MS (the Firebase lease, PRESENCE_LEASE_MS) when the worker
 * holding it dies. Firebase's side, a page's beat read by the server, is in tests/firebase/rules.test.ts.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { heartbeatPath } from "~/documents/leases";
import { PRESENCE_LEASE_MS, getStatus } from "~/documents/status";
import { openSqliteStore, type SqliteStore } from "../store/sqlite.server";
import { WORKER_DEAD_AFTER_MS, openPresence, sweepPresence } from "./presence.server";

let dir: string;
let store: SqliteStore;

beforeEach(() => {
  dir = path.join(os.tmpdir(), `skillswap-presence-${randomUUID()}`);
  store = openSqliteStore(path.join(dir, "store.sqlite"));
});

afterEach(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stateOf = async (uid: string, now?: number) => (await getStatus(store, uid, now)).state;

describe("embedded presence", () => {
  it("drops a dead worker's members after the same time as a closed tab's lease on Firebase", () => {
    expect(WORKER_DEAD_AFTER_MS).toBe(PRESENCE_LEASE_MS);
  });

  it("is online while any stream is open and offline once the last closes, with no lease", async () => {
    const first = openPresence(store, "ann", "w1");
    await vi.waitFor(async () => expect(await stateOf("ann")).toBe("online"));
    expect((await getStatus(store, "ann")).lease_ms).toBe(0);
    // A status without a lease does not lapse however old it is.
    expect(await stateOf("ann", Date.now() + 365 * 86_400_000)).toBe("online");
    // Two tabs served by this process: closing one writes nothing, the member stays online.
    const second = openPresence(store, "ann", "w1");
    first();
    expect(await stateOf("ann")).toBe("online");
    second();
    await vi.waitFor(async () => expect(await stateOf("ann")).toBe("offline"));
  });

  it("keeps a member online while one of two workers still holds a stream", async () => {
    openPresence(store, "bo", "w1");
    const close = openPresence(store, "bo", "w2");
    await vi.waitFor(async () => expect(await stateOf("bo")).toBe("online"));
    close();
    const now = Date.now();
    await store.set(heartbeatPath("w1"), { seenAt: now });
    expect(await sweepPresence(store, WORKER_DEAD_AFTER_MS, now)).toBe(0);
    expect(await stateOf("bo")).toBe("online");
  });

  it("marks a dead worker's members offline when its heartbeat is older than WORKER_DEAD_AFTER_MS", async () => {
    openPresence(store, "cy", "w-dead");
    await vi.waitFor(async () => expect(await stateOf("cy")).toBe("online"));
    const lastBeat = Date.now();
    await store.set(heartbeatPath("w-dead"), { seenAt: lastBeat });
    expect(await sweepPresence(store, WORKER_DEAD_AFTER_MS, lastBeat + WORKER_DEAD_AFTER_MS - 1)).toBe(0);
    expect(await stateOf("cy")).toBe("online");
    expect(await sweepPresence(store, WORKER_DEAD_AFTER_MS, lastBeat + WORKER_DEAD_AFTER_MS)).toBe(1);
    expect(await stateOf("cy")).toBe("offline");
  });
});
