import { describe, expect, it } from "vitest";
import { createSignInThrottle } from "./sign-in-throttle.server";
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
