import { describe, expect, it } from "vitest";
import {
  PRESENCE_LEASE_MS,
  leaseEndOf,
  presenceStreamsPath,
  readPresenceStreams,
  readStatus,
  statusPath,
} from "./status";

describe("status/{uid}", () => {
  it("names its paths once", () => {
    expect(statusPath("u1")).toBe("status/u1");
    expect(presenceStreamsPath("u1")).toBe("presence_streams/u1");
  });

  it("reads a missing document as offline and never seen", () => {
    expect(readStatus(null)).toEqual({ state: "offline", last_changed: 0, lease_ms: 0 });
  });

  it("reads an unknown state as offline, a malformed time as 0, and drops other fields", () => {
    expect(readStatus({ state: "away", last_changed: "yesterday", extra: 1 })).toEqual({
      state: "offline",
      last_changed: 0,
      lease_ms: 0,
    });
    expect(readStatus({ state: "online", last_changed: 5 })).toEqual({ state: "online", last_changed: 5, lease_ms: 0 });
  });

  it("keeps a status without a lease online until it is written offline (the embedded engine)", () => {
    expect(readStatus({ state: "online", last_changed: 5 }, 5 + 365 * 86_400_000).state).toBe("online");
    expect(leaseEndOf(readStatus({ state: "online", last_changed: 5 }))).toBeNull();
  });

  it("reads a leased status offline once its lease runs out, last seen at its last beat (Firebase)", () => {
    const beat = { state: "online", last_changed: 1_000, lease_ms: PRESENCE_LEASE_MS };
    expect(leaseEndOf(readStatus(beat, 1_000))).toBe(1_000 + PRESENCE_LEASE_MS);
    expect(readStatus(beat, 1_000 + PRESENCE_LEASE_MS - 1).state).toBe("online");
    expect(readStatus(beat, 1_000 + PRESENCE_LEASE_MS)).toEqual({ ...beat, state: "offline" });
    expect(leaseEndOf(readStatus(beat, 1_000 + PRESENCE_LEASE_MS))).toBeNull();
    expect(readStatus({ ...beat, state: "offline" }, 0).state).toBe("offline");
  });

  it("keeps the worker ids of a holders document and drops anything else", () => {
    expect(readPresenceStreams({ holders: ["w1", 2, "w2"] })).toEqual({ holders: ["w1", "w2"] });
    expect(readPresenceStreams({})).toEqual({ holders: [] });
  });
});
