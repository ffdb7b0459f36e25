/**
 * In-memory attempt limiting. It lives in the server process on purpose: the embedded
 * engine runs as one process, and a limiter that needs no store write per attempt keeps
 * a password-guessing burst from turning into a write load on the database.
 */
import { AuthError } from "./types";

export interface RateLimiterOptions {
  /** Hits older than this are forgotten. */
  windowMs: number;
  /** Hits allowed within the window; once reached, further attempts are refused. */
  max: number;
  /**
   * Once `max` is reached, refuse for this long after the hit that reached it. Without it
   * the refusal lasts until the oldest hit leaves the window (a plain sliding window).
   */
  lockoutMs?: number;
  /**
   * After `after` hits in the window, each further attempt must wait `baseMs`, doubled for
   * every hit beyond `after`, since the latest hit. Slows guessing down well before the
   * lockout while a person who mistyped twice more barely notices.
   */
  backoff?: { after: number; baseMs: number };
  /** Keys kept at most; beyond it the least recently hit are forgotten. */
  maxKeys?: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** 0 when allowed; otherwise how long until the next attempt may be made. */
  retryAfterMs: number;
  /** Hits currently counted in the window. */
  count: number;
}

export interface RateLimiter {
  /** Whether an attempt may be made now; records nothing. */
  check(key: string, now: number): RateLimitDecision;
  /** Records one hit (a failure, a sent message…) and answers the state after it. */
  hit(key: string, now: number): RateLimitDecision;
  /** Forgets a key, e.g. after a successful sign-in. */
  reset(key: string): void;
  /** Keys currently remembered. */
  readonly size: number;
}

interface Entry {
  /** Hit times in ascending order, at most `max` of them (older ones cannot change a decision). */
  hits: number[];
  lockedUntil: number;
}

const DEFAULT_MAX_KEYS = 10_000;
/** A full sweep of stale keys at most this often (in hits), so pruning stays amortised O(1). */
const SWEEP_EVERY = 1_000;

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { windowMs, max, lockoutMs, backoff } = options;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  if (!(windowMs > 0) || !(max >= 1) || !Number.isInteger(max)) {
    throw new Error("createRateLimiter needs windowMs > 0 and a whole max >= 1");
  }
  // A Map iterates in insertion order; re-inserting on every hit makes that order
  // least-recently-hit first, which is what eviction wants.
  const entries = new Map<string, Entry>();
  let hitsSinceSweep = 0;

  function live(entry: Entry, now: number): number[] {
    const from = now - windowMs;
    let i = 0;
    while (i < entry.hits.length && entry.hits[i] <= from) i++;
    if (i > 0) entry.hits.splice(0, i);
    return entry.hits;
  }

  function isStale(entry: Entry, now: number): boolean {
    return entry.lockedUntil <= now && live(entry, now).length === 0;
  }

  function decide(entry: Entry | undefined, now: number): RateLimitDecision {
    if (!entry) return { allowed: true, retryAfterMs: 0, count: 0 };
    const hits = live(entry, now);
    const count = hits.length;
    if (entry.lockedUntil > now) {
      return { allowed: false, retryAfterMs: entry.lockedUntil - now, count };
    }
    if (count >= max) {
      // Without a lockout the key frees up as soon as its oldest hit leaves the window.
      return { allowed: false, retryAfterMs: hits[0] + windowMs - now, count };
    }
    if (backoff && count >= backoff.after) {
      const waitMs = backoff.baseMs * 2 ** (count - backoff.after);
      const readyAt = hits[count - 1] + waitMs;
      if (readyAt > now) return { allowed: false, retryAfterMs: readyAt - now, count };
    }
    return { allowed: true, retryAfterMs: 0, count };
  }

  function sweep(now: number) {
    for (const [key, entry] of entries) {
      if (isStale(entry, now)) entries.delete(key);
    }
    // Still too many live keys (a flood of distinct keys): forget the least recently hit.
    for (const key of entries.keys()) {
      if (entries.size <= maxKeys) break;
      entries.delete(key);
    }
  }

  return {
    check(key, now) {
      const entry = entries.get(key);
      if (entry && isStale(entry, now)) {
        entries.delete(key);
        return decide(undefined, now);
      }
      return decide(entry, now);
    },
    hit(key, now) {
      let entry = entries.get(key);
      if (entry) entries.delete(key);
      else entry = { hits: [], lockedUntil: 0 };
      const hits = live(entry, now);
      hits.push(now);
      if (hits.length > max) hits.splice(0, hits.length - max);
      if (lockoutMs !== undefined && hits.length >= max && entry.lockedUntil <= now) {
        entry.lockedUntil = now + lockoutMs;
      }
      entries.set(key, entry);
      if (entries.size > maxKeys || ++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        sweep(now);
      }
      return decide(entry, now);
    },
    reset(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}

/** How long a wait is, for "Try again in …": seconds under a minute, else whole minutes rounded up. */
export function waitText(ms: number): string {
  if (ms < 60_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1_000));
    return seconds === 1 ? "1 second" : `${seconds} seconds`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

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
  const limiterOptions: RateLimiterOptions = {
    windowMs: SIGN_IN_WINDOW_MS,
    max: SIGN_IN_LOCK_AFTER,
    lockoutMs: SIGN_IN_WINDOW_MS,
    backoff: { after: SIGN_IN_SLOW_AFTER, baseMs: SIGN_IN_BACKOFF_BASE_MS },
    maxKeys: options.maxKeys,
  };
  const byEmail = createRateLimiter(limiterOptions);
  const byClient = createRateLimiter(limiterOptions);

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
