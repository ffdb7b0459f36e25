/**
 * The lease and the heartbeats on one embedded store, with the clock given: who may lead when,
 * and what a damaged lease means. tests/reliability/workers.test.ts runs the loop across real
 * worker processes.
 */
import { describe, expect, it } from "vitest";
import { useTempStore } from "../../tests/support/temp-store";
import { liveWorkers, resign, tryLead } from "./leader.server";

const { store } = useTempStore("leader-");
const TTL = 20_000;

describe("the timed-work lease", () => {
  it("is held by one worker until it runs out, renewed by its holder, then taken by the next", async () => {
    expect(await tryLead(store, "timed_work", "w1", TTL, 1_000)).toBe(true);
    expect(await tryLead(store, "timed_work", "w2", TTL, 2_000)).toBe(false);
    expect(await tryLead(store, "timed_work", "w1", TTL, 5_000)).toBe(true);
    expect((await store.get("leases/timed_work"))?.data).toEqual({ holder: "w1", expiresAt: 25_000 });
    expect(await tryLead(store, "timed_work", "w2", TTL, 24_999)).toBe(false);
    expect(await tryLead(store, "timed_work", "w2", TTL, 25_000)).toBe(true);
    expect((await store.get("leases/timed_work"))?.data).toEqual({ holder: "w2", expiresAt: 45_000 });
  });

  it("is given up only by its holder", async () => {
    await tryLead(store, "timed_work", "w1", TTL, 1_000);
    await resign(store, "timed_work", "w2");
    expect(await tryLead(store, "timed_work", "w2", TTL, 2_000)).toBe(false);
    await resign(store, "timed_work", "w1");
    expect(await store.get("leases/timed_work")).toBeNull();
    expect(await tryLead(store, "timed_work", "w2", TTL, 2_000)).toBe(true);
  });

  it("is taken at once when its stored document is damaged (no readable holder or expiry)", async () => {
    await store.set("leases/timed_work", { holder: 7, expiresAt: "later" });
    expect(await tryLead(store, "timed_work", "w1", TTL, 1_000)).toBe(true);
    expect((await store.get("leases/timed_work"))?.data).toEqual({ holder: "w1", expiresAt: 21_000 });
  });
});

describe("worker heartbeats", () => {
  it("count the workers that beat within the time given", async () => {
    await store.set("workers/w1", { seenAt: 10_000 });
    await store.set("workers/w2", { seenAt: 1_000 });
    expect(await liveWorkers(store, 5_000, 12_000)).toEqual(new Set(["w1"]));
  });
});
