/**
 * The sign-in policy on top of the shared rate limiter (app/utils/rate-limit.server.ts).
 */
import { type RateLimiterOptions, createRateLimiter, waitText } from "~/utils/rate-limit.server";
import { AuthError } from "./types";

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures after which each further attempt waits (5 s, then doubling). */
export const SIGN_IN_SLOW_AFTER = 5;
/** Failures after which sign-in is refused for SIGN_IN_WINDOW_MS. */
export const SIGN_IN_LOCK_AFTER = 10;
// Gentle enough that the lockout below is reached within its window (5+10+20+40+80 s) rather
// than the backoff alone stretching guesses out just past it forever.
const SIGN_IN_BACKOFF_BASE_MS = 5_000;

export interface SignInAttempt {
  email: string;
  /** Who is asking (e.g. the client address); empty when unknown, then only the email is limited. */
  clientKey: string;
}

export interface SignInThrottle {
  /** Throws AuthError("too_many_attempts") when this attempt must not be checked now. */
  assertAllowed(attempt: SignInAttempt, now: number): void;
  recordFailure(attempt: SignInAttempt, now: number): void;
  /**
   * Clears the email's failures. The client's are kept on purpose: otherwise someone
   * guessing other people's passwords could reset their own counter by signing in to
   * their own account in between.
   */
  recordSuccess(attempt: SignInAttempt): void;
}

/**
 * Sign-in policy: per email and per client, after 5 failures in 15 minutes each further
 * attempt waits 5 s, 10 s, 20 s, …; after 10 failures sign-in is refused for 15 minutes.
 * Attempts are refused rather than held open, so a flood of guesses cannot tie up
 * connections or the password-hashing threads.
 */
export function createSignInThrottle(options: { maxKeys?: number } = {}): SignInThrottle {
  const limiterOptions: Omit<RateLimiterOptions, "name"> = {
    windowMs: SIGN_IN_WINDOW_MS,
    max: SIGN_IN_LOCK_AFTER,
    lockoutMs: SIGN_IN_WINDOW_MS,
    backoff: { after: SIGN_IN_SLOW_AFTER, baseMs: SIGN_IN_BACKOFF_BASE_MS },
    maxKeys: options.maxKeys,
  };
  const byEmail = createRateLimiter({ name: "sign_in_email", ...limiterOptions });
  const byClient = createRateLimiter({ name: "sign_in_client", ...limiterOptions });

  return {
    assertAllowed({ email, clientKey }, now) {
      const decisions = [byEmail.check(email, now)];
      if (clientKey) decisions.push(byClient.check(clientKey, now));
      const retryAfterMs = Math.max(0, ...decisions.filter((d) => !d.allowed).map((d) => d.retryAfterMs));
      if (retryAfterMs > 0) {
        throw new AuthError(
          "too_many_attempts",
          `Too many sign-in attempts. Try again in ${waitText(retryAfterMs)}.`,
          retryAfterMs,
        );
      }
    },
    recordFailure({ email, clientKey }, now) {
      byEmail.hit(email, now);
      if (clientKey) byClient.hit(clientKey, now);
    },
    recordSuccess({ email }) {
      byEmail.reset(email);
    },
  };
}
