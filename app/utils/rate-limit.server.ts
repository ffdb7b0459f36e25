/**
 * Attempt limiting (sign-in failures, reset mails, chat messages, booking requests, call signals).
 *
 * The rules live here once; where the counts live is a storage chosen by the engine:
 * - by default each limiter keeps its own counts in this process's memory (unit tests, Firebase
 *   mode on Cloud Run, where each instance counts its own requests: see decision 021);
 * - the embedded engine shares one storage across all its worker processes (a SQLite table in the
 *   same database file), so a limit holds however many workers serve the requests.
 *
 * Every call is synchronous on purpose: the shared storage is better-sqlite3, whose read-modify-
 * write of one row under an IMMEDIATE transaction is atomic across processes and costs tens of
 * microseconds, and callers need no await to ask "may this happen now?".
 */

export interface RateLimiterOptions {
  /**
   * The limiter's name in shared storage: two limiters with the same name share their counts.
   * Required so that every worker process's copy of a limiter counts into the same rows.
   */
  name: string;
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
  /**
   * Check and hit as one atomic step: records a hit at `now` only when it is allowed, and answers
   * the check's decision. One read-modify-write instead of a read then a read-modify-write (for
   * the shared storage, one transaction instead of a query and a transaction), and two concurrent
   * attempts cannot both pass the last free place. Undo it with `release` if the attempt failed.
   */
  take(key: string, now: number): RateLimitDecision;
  /**
   * Gives back the hit `take` recorded at `at`, for an attempt that did not happen after all. A
   * lockout that hit started stays (no limiter that uses `take` has one).
   */
  release(key: string, at: number): void;
  /** Forgets a key, e.g. after a successful sign-in. */
  reset(key: string): void;
  /** Keys currently remembered. */
  readonly size: number;
}

/** What is remembered for one key. */
export interface LimitEntry {
  /** Hit times in ascending order, at most `max` of them (older ones cannot change a decision). */
  hits: number[];
  lockedUntil: number;
}

/** Where one limiter's entries live. Every method is atomic on its own. */
export interface LimitStorage {
  get(key: string): LimitEntry | undefined;
  /**
   * Reads the entry, hands it to `change` and stores what it returns, as one atomic step (across
   * processes for a shared storage). `expiresAt` is when the new entry stops mattering.
   */
  update(key: string, change: (entry: LimitEntry | undefined) => { entry: LimitEntry; expiresAt: number }): LimitEntry;
  delete(key: string): void;
  /** Forgets entries expired at `now`, then the least recently updated beyond `maxKeys`. */
  sweep(now: number, maxKeys: number): void;
  readonly size: number;
}

/** A storage shared by every limiter of the process, each under its own name. */
export interface SharedLimitBackend {
  storage(name: string): LimitStorage;
}

const globalForLimits = globalThis as typeof globalThis & { __skillswapLimitBackend?: SharedLimitBackend };

/**
 * Called by the engine when it opens: from then on every limiter counts in this backend. Storage is
 * looked up on each call rather than bound at creation, because features create their limiters when
 * their module loads, before any engine is open.
 */
export function shareRateLimits(backend: SharedLimitBackend | undefined): void {
  globalForLimits.__skillswapLimitBackend = backend;
}

const DEFAULT_MAX_KEYS = 10_000;
/** A full sweep of stale keys at most this often (in hits), so pruning stays amortised O(1). */
const SWEEP_EVERY = 1_000;

/** One process's memory: a Map whose insertion order is kept least-recently-updated first. */
export function createMemoryLimitStorage(): LimitStorage {
  const entries = new Map<string, { entry: LimitEntry; expiresAt: number }>();
  return {
    get(key) {
      return entries.get(key)?.entry;
    },
    update(key, change) {
      const previous = entries.get(key);
      const next = change(
        previous ? { hits: [...previous.entry.hits], lockedUntil: previous.entry.lockedUntil } : undefined,
      );
      entries.delete(key);
      entries.set(key, next);
      return next.entry;
    },
    delete(key) {
      entries.delete(key);
    },
    sweep(now, maxKeys) {
      for (const [key, { expiresAt }] of entries) if (expiresAt <= now) entries.delete(key);
      // Still too many live keys (a flood of distinct keys): forget the least recently hit.
      for (const key of entries.keys()) {
        if (entries.size <= maxKeys) break;
        entries.delete(key);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { name, windowMs, max, lockoutMs, backoff } = options;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  if (!name || !(windowMs > 0) || !(max >= 1) || !Number.isInteger(max)) {
    throw new Error("createRateLimiter needs a name, windowMs > 0 and a whole max >= 1");
  }
  const ownMemory = createMemoryLimitStorage();
  let hitsSinceSweep = 0;

  function storage(): LimitStorage {
    return globalForLimits.__skillswapLimitBackend?.storage(name) ?? ownMemory;
  }

  function liveHits(entry: LimitEntry, now: number): number[] {
    const from = now - windowMs;
    let i = 0;
    while (i < entry.hits.length && entry.hits[i] <= from) i++;
    return i > 0 ? entry.hits.slice(i) : entry.hits;
  }

  function decide(entry: LimitEntry | undefined, now: number): RateLimitDecision {
    if (!entry) return { allowed: true, retryAfterMs: 0, count: 0 };
    const hits = liveHits(entry, now);
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

  function withHit(entry: LimitEntry | undefined, now: number): { entry: LimitEntry; expiresAt: number } {
    const hits = entry ? liveHits(entry, now) : [];
    hits.push(now);
    if (hits.length > max) hits.splice(0, hits.length - max);
    let lockedUntil = entry?.lockedUntil ?? 0;
    if (lockoutMs !== undefined && hits.length >= max && lockedUntil <= now) lockedUntil = now + lockoutMs;
    return { entry: { hits, lockedUntil }, expiresAt: Math.max(now + windowMs, lockedUntil) };
  }

  /** An entry stored with no new hit: it matters until its latest hit leaves the window or its lockout ends. */
  const kept = (entry: LimitEntry, now: number) => ({
    entry,
    expiresAt: Math.max((entry.hits.at(-1) ?? now) + windowMs, entry.lockedUntil),
  });

  function afterHit(store: LimitStorage, now: number): void {
    // Counting a shared table's rows on every hit would cost more than the hit: it is swept on schedule only.
    if (++hitsSinceSweep >= SWEEP_EVERY || (store === ownMemory && store.size > maxKeys)) {
      hitsSinceSweep = 0;
      store.sweep(now, maxKeys);
    }
  }

  return {
    check(key, now) {
      return decide(storage().get(key), now);
    },
    hit(key, now) {
      const store = storage();
      const entry = store.update(key, (previous) => withHit(previous, now));
      afterHit(store, now);
      return decide(entry, now);
    },
    take(key, now) {
      const store = storage();
      let decision: RateLimitDecision | undefined;
      store.update(key, (previous) => {
        decision = decide(previous, now);
        if (decision.allowed) return withHit(previous, now);
        // A refusal leaves the hits as they were (the update must still store an entry; decide
        // refuses only an existing one).
        return kept(previous!, now);
      });
      if (decision!.allowed) afterHit(store, now);
      return decision!;
    },
    release(key, at) {
      storage().update(key, (previous) => {
        const entry = previous ?? { hits: [], lockedUntil: 0 };
        const i = entry.hits.lastIndexOf(at);
        const hits = i < 0 ? entry.hits : [...entry.hits.slice(0, i), ...entry.hits.slice(i + 1)];
        return kept({ hits, lockedUntil: entry.lockedUntil }, at);
      });
    },
    reset(key) {
      storage().delete(key);
    },
    get size() {
      return storage().size;
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
