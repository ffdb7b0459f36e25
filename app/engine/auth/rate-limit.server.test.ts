import { describe, expect, it } from "vitest";
import { createRateLimiter, createSignInThrottle, waitText } from "./rate-limit.server";
import { AuthError } from "./types";

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

function refusal(fn: () => void): AuthError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error("expected the attempt to be refused");
}

describe("createRateLimiter", () => {
  it("allows max hits in the window, then refuses until the oldest hit leaves it", () => {
    const limiter = createRateLimiter({ windowMs: MINUTE, max: 3 });
    limiter.hit("k", T0);
    limiter.hit("k", T0 + 10_000);
    expect(limiter.check("k", T0 + 20_000)).toEqual({ allowed: true, retryAfterMs: 0, count: 2 });
    limiter.hit("k", T0 + 20_000);
    expect(limiter.check("k", T0 + 30_000)).toEqual({ allowed: false, retryAfterMs: 30_000, count: 3 });
    expect(limiter.check("k", T0 + MINUTE)).toEqual({ allowed: true, retryAfterMs: 0, count: 2 });
  });

  it("keeps keys apart and forgets a key on reset", () => {
    const limiter = createRateLimiter({ windowMs: MINUTE, max: 1 });
    limiter.hit("a", T0);
    expect(limiter.check("a", T0).allowed).toBe(false);
    expect(limiter.check("b", T0).allowed).toBe(true);
    limiter.reset("a");
    expect(limiter.check("a", T0).allowed).toBe(true);
  });

  it("locks out for lockoutMs from the hit that reached max", () => {
    const limiter = createRateLimiter({ windowMs: 10 * MINUTE, max: 2, lockoutMs: 30 * MINUTE });
    limiter.hit("k", T0);
    limiter.hit("k", T0 + MINUTE);
    expect(limiter.check("k", T0 + 20 * MINUTE)).toMatchObject({ allowed: false, retryAfterMs: 11 * MINUTE });
    expect(limiter.check("k", T0 + 31 * MINUTE).allowed).toBe(true);
  });

  it("backs off exponentially after the given number of hits", () => {
    const limiter = createRateLimiter({ windowMs: 60 * MINUTE, max: 10, backoff: { after: 2, baseMs: 1_000 } });
    limiter.hit("k", T0);
    limiter.hit("k", T0);
    expect(limiter.check("k", T0 + 999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(limiter.check("k", T0 + 1_000).allowed).toBe(true);
    limiter.hit("k", T0 + 1_000);
    expect(limiter.check("k", T0 + 2_999)).toMatchObject({ allowed: false, retryAfterMs: 1 });
    expect(limiter.check("k", T0 + 3_000).allowed).toBe(true);
  });

  it("stays bounded when flooded with distinct keys", () => {
    const limiter = createRateLimiter({ windowMs: MINUTE, max: 5, maxKeys: 100 });
    for (let i = 0; i < 5_000; i++) limiter.hit(`key-${i}`, T0 + i);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // The most recently hit keys are the ones kept.
    expect(limiter.check("key-4999", T0 + 5_000).count).toBe(1);
  });

  it("drops keys whose hits have all expired", () => {
    const limiter = createRateLimiter({ windowMs: MINUTE, max: 5, maxKeys: 10 });
    for (let i = 0; i < 10; i++) limiter.hit(`old-${i}`, T0);
    limiter.hit("new", T0 + 2 * MINUTE);
    expect(limiter.size).toBe(1);
    expect(limiter.check("old-0", T0 + 2 * MINUTE).count).toBe(0);
  });

  it("rejects nonsensical options", () => {
    expect(() => createRateLimiter({ windowMs: 0, max: 1 })).toThrow();
    expect(() => createRateLimiter({ windowMs: MINUTE, max: 0 })).toThrow();
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

describe("createSignInThrottle", () => {
  const attempt = { email: "ada@example.com", clientKey: "203.0.113.7" };

  it("allows 5 failures freely, then makes each further attempt wait longer", () => {
    const throttle = createSignInThrottle();
    let t = T0;
    for (let i = 0; i < 5; i++) {
      throttle.assertAllowed(attempt, t);
      throttle.recordFailure(attempt, t);
    }
    for (const waitMs of [5_000, 10_000, 20_000, 40_000, 80_000]) {
      const error = refusal(() => throttle.assertAllowed(attempt, t + 1));
      expect(error.code).toBe("too_many_attempts");
      expect(error.retryAfterMs).toBe(waitMs - 1);
      t += waitMs;
      throttle.assertAllowed(attempt, t);
      throttle.recordFailure(attempt, t);
    }
    // That was the 10th failure, all within 15 minutes: now the lockout holds.
    expect(refusal(() => throttle.assertAllowed(attempt, t)).retryAfterMs).toBe(15 * MINUTE);
  });

  it("says how long to wait", () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 5; i++) throttle.recordFailure(attempt, T0);
    expect(refusal(() => throttle.assertAllowed(attempt, T0)).message).toBe("Too many sign-in attempts. Try again in 5 seconds.");
  });

  it("refuses for 15 minutes after 10 failures", () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 10; i++) throttle.recordFailure(attempt, T0 + i);
    const error = refusal(() => throttle.assertAllowed(attempt, T0 + 9));
    expect(error.retryAfterMs).toBe(15 * MINUTE);
    expect(error.message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(refusal(() => throttle.assertAllowed(attempt, T0 + 9 + 14 * MINUTE)).retryAfterMs).toBe(MINUTE);
    expect(() => throttle.assertAllowed(attempt, T0 + 9 + 15 * MINUTE)).not.toThrow();
  });

  it("forgets failures older than 15 minutes", () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 5; i++) throttle.recordFailure(attempt, T0);
    expect(() => throttle.assertAllowed(attempt, T0 + 15 * MINUTE)).not.toThrow();
  });

  it("limits per email across clients and per client across emails", () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 10; i++) throttle.recordFailure({ email: "ada@example.com", clientKey: `client-${i}` }, T0);
    expect(refusal(() => throttle.assertAllowed({ email: "ada@example.com", clientKey: "fresh" }, T0)).code).toBe("too_many_attempts");
    for (let i = 0; i < 10; i++) throttle.recordFailure({ email: `user${i}@example.com`, clientKey: "guesser" }, T0);
    expect(refusal(() => throttle.assertAllowed({ email: "new@example.com", clientKey: "guesser" }, T0)).code).toBe("too_many_attempts");
    expect(() => throttle.assertAllowed({ email: "new@example.com", clientKey: "someone-else" }, T0)).not.toThrow();
  });

  it("clears the email's failures on success but keeps the client's", () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 5; i++) throttle.recordFailure(attempt, T0);
    throttle.recordSuccess(attempt);
    expect(() => throttle.assertAllowed({ ...attempt, clientKey: "another" }, T0)).not.toThrow();
    expect(() => throttle.assertAllowed(attempt, T0)).toThrow(AuthError);
  });

  it("limits by email alone when the client is unknown", () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < 10; i++) throttle.recordFailure({ email: `u${i}@example.com`, clientKey: "" }, T0);
    expect(() => throttle.assertAllowed({ email: "other@example.com", clientKey: "" }, T0)).not.toThrow();
  });
});
