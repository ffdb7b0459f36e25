import { describe, expect, it } from "vitest";
import { heartbeatPath, heartbeatSchema, leasePath, readLease } from "./leases";

describe("leases/{name} and workers/{workerId}", () => {
  it("names its paths once", () => {
    expect(leasePath("timed_work")).toBe("leases/timed_work");
    expect(heartbeatPath("host-1-ab")).toBe("workers/host-1-ab");
  });

  it("reads a lease as stored, dropping unknown fields", () => {
    expect(readLease({ holder: "w1", expiresAt: 20_000, extra: 1 })).toEqual({ holder: "w1", expiresAt: 20_000 });
  });

  it("reads a damaged lease as held by nobody and expired, so the next worker takes it", () => {
    expect(readLease({ holder: 7, expiresAt: "later" })).toEqual({ holder: "", expiresAt: 0 });
    expect(readLease({})).toEqual({ holder: "", expiresAt: 0 });
  });

  it("reads a heartbeat without a time as the oldest beat", () => {
    expect(heartbeatSchema.parse({ seenAt: null })).toEqual({ seenAt: 0 });
  });
});
