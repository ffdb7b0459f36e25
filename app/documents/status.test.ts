import { describe, expect, it } from "vitest";
import { presenceStreamsPath, readPresenceStreams, readStatus, statusPath } from "./status";

describe("status/{uid}", () => {
  it("names its paths once", () => {
    expect(statusPath("u1")).toBe("status/u1");
    expect(presenceStreamsPath("u1")).toBe("presence_streams/u1");
  });

  it("reads a missing document as offline and never seen", () => {
    expect(readStatus(null)).toEqual({ state: "offline", last_changed: 0 });
  });

  it("reads an unknown state as offline, a malformed time as 0, and drops other fields", () => {
    expect(readStatus({ state: "away", last_changed: "yesterday", extra: 1 })).toEqual({
      state: "offline",
      last_changed: 0,
    });
    expect(readStatus({ state: "online", last_changed: 5 })).toEqual({ state: "online", last_changed: 5 });
  });

  it("keeps the worker ids of a holders document and drops anything else", () => {
    expect(readPresenceStreams({ holders: ["w1", 2, "w2"] })).toEqual({ holders: ["w1", "w2"] });
    expect(readPresenceStreams({})).toEqual({ holders: [] });
  });
});
