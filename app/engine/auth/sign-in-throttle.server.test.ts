import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import {
  ADDRESS_LOCK_AFTER,
  createSignInThrottle,
  PAIR_LOCK_AFTER,
  SIGN_IN_WINDOW_MS,
  sweepExpiredLockouts,
} from "./sign-in-throttle.server";
import { AuthError } from "./types";

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;
const { store } = useTempStore("skillswap-throttle-");

async function refusal(promise: Promise<unknown>): Promise<AuthError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error("expected the attempt to be refused");
}

const attempt = { email: "ada@example.com", clientKey: "203.0.113.7" };

describe("sign-in throttle: one account from one address", () => {
  it("allows 5 failures freely, then makes each further attempt wait longer, then locks for 15 minutes", async () => {
    const throttle = createSignInThrottle(store);
    let t = T0;
    for (let i = 0; i < 5; i++) {
      await throttle.assertAllowed(attempt, t);
      await throttle.recordFailure(attempt, t);
    }
    for (const waitMs of [5_000, 10_000, 20_000, 40_000, 80_000]) {
      const error = await refusal(throttle.assertAllowed(attempt, t + 1));
      expect(error.code).toBe("too_many_attempts");
      expect(error.retryAfterMs).toBe(waitMs - 1);
      t += waitMs;
      await throttle.assertAllowed(attempt, t);
      await throttle.recordFailure(attempt, t);
    }
    const locked = await refusal(throttle.assertAllowed(attempt, t));
    expect(locked.retryAfterMs).toBe(15 * MINUTE);
    expect(locked.message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    await expect(throttle.assertAllowed(attempt, t + 15 * MINUTE)).resolves.toBeUndefined();
  });

  it("says how long to wait", async () => {
    const throttle = createSignInThrottle(store);
    for (let i = 0; i < 5; i++) await throttle.recordFailure(attempt, T0);
    expect((await refusal(throttle.assertAllowed(attempt, T0))).message).toBe(
      "Too many sign-in attempts. Try again in 5 seconds.",
    );
  });

  it("forgets failures older than 15 minutes", async () => {
    const throttle = createSignInThrottle(store);
    for (let i = 0; i < 5; i++) await throttle.recordFailure(attempt, T0);
    await expect(throttle.assertAllowed(attempt, T0 + SIGN_IN_WINDOW_MS)).resolves.toBeUndefined();
  });
});

describe("sign-in throttle: lockouts are kept in the store", () => {
  it("a lockout survives a restart and holds in another process (a second throttle on the same store)", async () => {
    const first = createSignInThrottle(store);
    for (let i = 0; i < 10; i++) await first.recordFailure(attempt, T0 + i);
    const restarted = createSignInThrottle(store);
    const error = await refusal(restarted.assertAllowed(attempt, T0 + MINUTE));
    expect(error.retryAfterMs).toBe(15 * MINUTE + 9 - MINUTE);
    const stored = await store.query({ collection: "sign_in_lockouts" });
    expect(stored).toHaveLength(1);
    // Hashed: the store does not say who tried from where.
    expect(JSON.stringify(stored)).not.toContain("ada@example.com");
    expect(JSON.stringify(stored)).not.toContain("203.0.113.7");
  });

  it("a flood of failures on other keys does not evict a lockout", async () => {
    const throttle = createSignInThrottle(store);
    for (let i = 0; i < 10; i++) await throttle.recordFailure(attempt, T0);
    for (let i = 0; i < 10_050; i++)
      await throttle.recordFailure(
        { email: `other${i}@example.com`, clientKey: `198.51.${i >> 8}.${i & 255}` },
        T0 + 1,
      );
    expect((await refusal(throttle.assertAllowed(attempt, T0 + 2))).code).toBe("too_many_attempts");
  }, 30_000);

  it("locks an address after 100 failures across accounts, not before, and only that address", async () => {
    const throttle = createSignInThrottle(store);
    const guesser = "192.0.2.50";
    for (let i = 0; i < ADDRESS_LOCK_AFTER - 1; i++)
      await throttle.recordFailure({ email: `user${i}@example.com`, clientKey: guesser }, T0);
    await expect(throttle.assertAllowed({ email: "new@example.com", clientKey: guesser }, T0)).resolves.toBeUndefined();
    await throttle.recordFailure({ email: "last@example.com", clientKey: guesser }, T0);
    expect(
      (await refusal(throttle.assertAllowed({ email: "new@example.com", clientKey: guesser }, T0))).retryAfterMs,
    ).toBe(15 * MINUTE);
    await expect(
      throttle.assertAllowed({ email: "new@example.com", clientKey: "192.0.2.51" }, T0),
    ).resolves.toBeUndefined();
  });
});

describe("sign-in throttle: guesses never lock the owner out", () => {
  it("10 wrong guesses from other addresses slow unknown addresses down, but the owner's known address signs in", async () => {
    const throttle = createSignInThrottle(store);
    const owner = { email: "ada@example.com", clientKey: "198.51.100.7" };
    await throttle.assertAllowed(owner, T0);
    await throttle.recordSuccess(owner);
    for (let i = 0; i < 10; i++)
      await throttle.recordFailure({ email: owner.email, clientKey: `203.0.113.${i}` }, T0 + MINUTE);
    // A guesser from yet another address waits…
    expect(
      (await refusal(throttle.assertAllowed({ email: owner.email, clientKey: "203.0.113.99" }, T0 + MINUTE))).code,
    ).toBe("too_many_attempts");
    // …the owner does not.
    await expect(throttle.assertAllowed(owner, T0 + MINUTE)).resolves.toBeUndefined();
  });

  it("the owner's known address is not locked by the lockout of the guesser's address", async () => {
    const throttle = createSignInThrottle(store);
    const owner = { email: "ada@example.com", clientKey: "198.51.100.7" };
    await throttle.recordSuccess(owner);
    for (let i = 0; i < 10; i++) await throttle.recordFailure({ email: owner.email, clientKey: "203.0.113.1" }, T0);
    expect(
      (await refusal(throttle.assertAllowed({ email: owner.email, clientKey: "203.0.113.1" }, T0))).retryAfterMs,
    ).toBe(15 * MINUTE);
    await expect(throttle.assertAllowed(owner, T0)).resolves.toBeUndefined();
  });

  it("a success clears the pair's failures but keeps the address's", async () => {
    const throttle = createSignInThrottle(store);
    for (let i = 0; i < 5; i++) await throttle.recordFailure(attempt, T0);
    await throttle.recordSuccess(attempt);
    await expect(throttle.assertAllowed(attempt, T0)).resolves.toBeUndefined();
    for (let i = 0; i < ADDRESS_LOCK_AFTER; i++)
      await throttle.recordFailure({ email: `u${i}@example.com`, clientKey: attempt.clientKey }, T0);
    await throttle.recordSuccess(attempt);
    expect((await refusal(throttle.assertAllowed(attempt, T0))).code).toBe("too_many_attempts");
  });

  it("forget removes the known addresses of a deleted account", async () => {
    const throttle = createSignInThrottle(store);
    await throttle.recordSuccess(attempt);
    expect(await store.query({ collection: "sign_in_known" })).toHaveLength(1);
    await throttle.forget(attempt.email);
    expect(await store.query({ collection: "sign_in_known" })).toHaveLength(0);
  });
});

describe("sign-in throttle: expired lockouts are swept", () => {
  it("deletes the lockouts that have run out and keeps the ones in force, which still refuse", async () => {
    const throttle = createSignInThrottle(store);
    const early = { email: "early@example.com", clientKey: "198.51.100.1" };
    const late = { email: "late@example.com", clientKey: "198.51.100.2" };
    for (let i = 0; i < PAIR_LOCK_AFTER; i++) await throttle.recordFailure(early, T0);
    for (let i = 0; i < PAIR_LOCK_AFTER; i++) await throttle.recordFailure(late, T0 + 10 * MINUTE);
    expect(await store.query({ collection: "sign_in_lockouts" })).toHaveLength(2);

    // Nothing has run out yet: nothing goes.
    expect(await sweepExpiredLockouts(store, T0 + 5 * MINUTE)).toBe(0);
    expect(await store.query({ collection: "sign_in_lockouts" })).toHaveLength(2);

    const afterEarly = T0 + SIGN_IN_WINDOW_MS;
    expect(await sweepExpiredLockouts(store, afterEarly)).toBe(1);
    const left = await store.query<{ lockedUntil: number }>({ collection: "sign_in_lockouts" });
    expect(left.map((doc) => doc.data.lockedUntil)).toEqual([T0 + 10 * MINUTE + SIGN_IN_WINDOW_MS]);
    expect((await refusal(throttle.assertAllowed(late, afterEarly))).code).toBe("too_many_attempts");

    expect(await sweepExpiredLockouts(store, T0 + 10 * MINUTE + SIGN_IN_WINDOW_MS)).toBe(1);
    expect(await store.query({ collection: "sign_in_lockouts" })).toHaveLength(0);
  });
});
