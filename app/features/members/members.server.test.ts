import { describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { PRESENCE_LEASE_MS, statusPath } from "~/documents/status";
import { getPresences, keptPresences } from "./members.server";

const { store } = useTempStore("members-");

describe("keptPresences (issue 28)", () => {
  it("answers what getPresences reads, and reads nothing again until one of the members' status is written", async () => {
    await store.set(statusPath("amy"), { state: "online", last_changed: 1_000, lease_ms: 0 });
    const uids = ["amy", "bob"];
    expect(await keptPresences(store, uids)).toEqual(await getPresences(store, uids));
    const getAll = vi.spyOn(store, "getAll");
    await store.set(statusPath("cat"), { state: "online", last_changed: 2_000, lease_ms: 0 });
    expect([...(await keptPresences(store, uids))]).toEqual([
      ["amy", { online: true, lastChanged: 1_000 }],
      ["bob", { online: false, lastChanged: 0 }],
    ]);
    expect(getAll).not.toHaveBeenCalled();

    // Either member's status written: the next view shows it.
    await store.set(statusPath("amy"), { state: "offline", last_changed: 3_000, lease_ms: 0 });
    expect((await keptPresences(store, uids)).get("amy")).toEqual({ online: false, lastChanged: 3_000 });
    await store.set(statusPath("bob"), { state: "online", last_changed: 4_000, lease_ms: 0 });
    expect((await keptPresences(store, uids)).get("bob")).toEqual({ online: true, lastChanged: 4_000 });
  });

  it("reads a kept lease against the time of each request: it runs out without a write", async () => {
    const beat = Date.now();
    await store.set(statusPath("amy"), { state: "online", last_changed: beat, lease_ms: PRESENCE_LEASE_MS });
    expect((await keptPresences(store, ["amy"])).get("amy")?.online).toBe(true);
    vi.useFakeTimers({ toFake: ["Date"], now: beat + PRESENCE_LEASE_MS + 1 });
    try {
      expect((await keptPresences(store, ["amy"])).get("amy")).toEqual({ online: false, lastChanged: beat });
    } finally {
      vi.useRealTimers();
    }
  });
});
