import { describe, expect, it } from "vitest";
import { createRateLimiter, waitText } from "./rate-limit.server";

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

describe("createRateLimiter", () => {
  it("allows max hits in the window, then refuses until the oldest hit leaves it", () => {
    const limiter = createRateLimiter({ name: "test", windowMs: MINUTE, max: 3 });
    limiter.hit("k", T0);
    limiter.hit("k", T0 + 10_000);
    expect(limiter.check("k", T0 + 20_000)).toEqual({ allowed: true, retryAfterMs: 0, count: 2 });
    limiter.hit("k", T0 + 20_000);
    expect(limiter.check("k", T0 + 30_000)).toEqual({ allowed: false, retryAfterMs: 30_000, count: 3 });
    expect(limiter.check("k", T0 + MINUTE)).toEqual({ allowed: true, retryAfterMs: 0, count: 2 });
  });

  it("takes a place only when one is free, answers the check's decision, and gives it back on release", () => {
    const limiter = createRateLimiter({ name: "test", windowMs: MINUTE, max: 2 });
    expect(limiter.take("k", T0)).toEqual({ allowed: true, retryAfterMs: 0, count: 0 });
    expect(limiter.take("k", T0 + 10_000)).toEqual({ allowed: true, retryAfterMs: 0, count: 1 });
    // Refused: nothing is recorded, so the wait is counted from the first hit still.
    expect(limiter.take("k", T0 + 20_000)).toEqual({ allowed: false, retryAfterMs: 40_000, count: 2 });
    expect(limiter.check("k", T0 + 20_000).count).toBe(2);
    limiter.release("k", T0 + 10_000);
    expect(limiter.check("k", T0 + 20_000)).toEqual({ allowed: true, retryAfterMs: 0, count: 1 });
    // Releasing a hit that is not there changes nothing.
    limiter.release("k", T0 + 5_000);
    expect(limiter.check("k", T0 + 20_000).count).toBe(1);
    expect(limiter.take("k", T0 + MINUTE)).toEqual({ allowed: true, retryAfterMs: 0, count: 0 });
  });

  it("keeps keys apart and forgets a key on reset", () => {
    const limiter = createRateLimiter({ name: "test", windowMs: MINUTE, max: 1 });
    limiter.hit("a", T0);
    expect(limiter.check("a", T0).allowed).toBe(false);
    expect(limiter.check("b", T0).allowed).toBe(true);
    limiter.reset("a");
    expect(limiter.check("a", T0).allowed).toBe(true);
  });

  it("locks out for lockoutMs from the hit that reached max", () => {
    const limiter = createRateLimiter({ name: "test", windowMs: 10 * MINUTE, max: 2, lockoutMs: 30 * MINUTE });
    limiter.hit("k", T0);
    limiter.hit("k", T0 + MINUTE);
    expect(limiter.check("k", T0 + 20 * MINUTE)).toMatchObject({ allowed: false, retryAfterMs: 11 * MINUTE });
    expect(limiter.check("k", T0 + 31 * MINUTE).allowed).toBe(true);
  });

  it("backs off exponentially after the given number of hits", () => {
    const limiter = createRateLimiter({
      name: "test",
      windowMs: 60 * MINUTE,
      max: 10,
      backoff: { after: 2, baseMs: 1_000 },
    });
    limiter.hit("k", T0);
    limiter.hit("k", T0);
    expect(limiter.check("k", T0 + 999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(limiter.check("k", T0 + 1_000).allowed).toBe(true);
    limiter.hit("k", T0 + 1_000);
    expect(limiter.check("k", T0 + 2_999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(limiter.check("k", T0 + 3_000).allowed).toBe(true);
  });

  it("stays bounded when flooded with distinct keys", () => {
    const limiter = createRateLimiter({ name: "test", windowMs: MINUTE, max: 5, maxKeys: 100 });
    for (let i = 0; i < 5_000; i++) limiter.hit(`key-${i}`, T0 + i);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The most recently hit keys are the ones kept.
    expect(limiter.check("key-4999", T0 + 5_000).count).toBe(1);
  });

  it("drops keys whose hits have all expired", () => {
    const limiter = createRateLimiter({ name: "test", windowMs: MINUTE, max: 5, maxKeys: 10 });
    for (let i = 0; i < 10; i++) limiter.hit(`old-${i}`, T0);
    limiter.hit("new", T0 + 2 * MINUTE);
    expect(limiter.size).toBe(1);
    expect(limiter.check("old-0", T0 + 2 * MINUTE).count).toBe(0);
  });

  it("rejects nonsensical options", () => {
    expect(() => createRateLimiter({ name: "test", windowMs: 0, max: 1 })).toThrow();
    expect(() => createRateLimiter({ name: "test", windowMs: MINUTE, max: 0 })).toThrow();
  });
});

describe("waitText", () => {
  it("says seconds under a minute, whole minutes rounded up above, and never zero", () => {
    expect(waitText(0)).toBe("1 second");
    expect(waitText(1)).toBe("1 second");
    expect(waitText(4_001)).toBe("5 seconds");
    expect(waitText(59_999)).toBe("60 seconds");
    expect(waitText(MINUTE)).toBe("1 minute");
    expect(waitText(MINUTE + 1)).toBe("2 minutes");
    expect(waitText(15 * MINUTE)).toBe("15 minutes");
  });
});
