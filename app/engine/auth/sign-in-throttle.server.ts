/**
 * Sign-in throttling for accounts whose passwords this server checks (issue 11, finding 5).
 *
 * Three keys, each answering a different attacker:
 * - one account from one address: after 5 failures each further guess waits (5 s, doubling);
 *   after 10 the pair is locked for 15 minutes;
 * - one address, any accounts: after 100 failures in 15 minutes the address is locked for
 *   15 minutes (high enough that an office behind one address, or a test suite signing everyone
 *   in from 127.0.0.1, never reaches it by mistyping);
 * - one account, any addresses (a guesser with many addresses): after 10 failures each further
 *   attempt waits, but only from addresses that have never signed in to the account. The owner
 *   signing in from a known address is slowed by nobody else's guesses, so no amount of wrong
 *   guesses locks the real owner out.
 *
 * Counting uses the shared rate limiter; lockouts and known addresses are kept in the store, so
 * they survive a restart, hold in every worker process, and no flood of other keys evicts them.
 * Keys are stored as SHA-256 hashes: the store never holds who tried from where.
 */
import { createHash } from "node:crypto";
import type { DocStore } from "../store/types";
import { createRateLimiter, waitText } from "~/utils/rate-limit.server";
import { AuthError } from "./types";

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address before each further guess waits. */
export const PAIR_SLOW_AFTER = 5;
/** Failures of one account from one address that lock the pair for SIGN_IN_WINDOW_MS. */
export const PAIR_LOCK_AFTER = 10;
/** Failures from one address, any accounts, that lock the address for SIGN_IN_WINDOW_MS. */
export const ADDRESS_LOCK_AFTER = 100;
/** Failures of one account, any addresses, before unknown addresses wait between attempts. */
export const ACCOUNT_SLOW_AFTER = 10;
// Gentle enough that the pair's lockout is reached within its window (5+10+20+40+80 s) rather
// than the backoff alone stretching guesses out just past it forever.
const BACKOFF_BASE_MS = 5_000;
/** Addresses remembered per account as known (most recent first). */
const KNOWN_ADDRESSES_KEPT = 10;

export interface SignInAttempt {
  /** Normalised email. */
  email: string;
  /** Who is asking (see utils/client-key.server); empty when unknown. */
  clientKey: string;
}

interface LockoutDoc extends Record<string, unknown> {
  lockedUntil: number;
}

interface KnownAddressesDoc extends Record<string, unknown> {
  /** SHA-256 of the addresses that signed in successfully, most recent first. */
  addresses: string[];
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const pairKey = ({ email, clientKey }: SignInAttempt) => `pair:${email}|${clientKey}`;
const addressKey = (clientKey: string) => `address:${clientKey}`;
const lockoutPath = (key: string) => `sign_in_lockouts/${sha256(key)}`;
const knownPath = (email: string) => `sign_in_known/${sha256(email)}`;

/** Expired lockouts deleted per sweep; the next sweep takes the rest. */
export const LOCKOUT_SWEEP_BATCH = 500;

/**
 * Deletes lockouts that have run out, so `sign_in_lockouts` holds only the ones in force rather
 * than one document for every pair and address ever locked. A lockout is only read for its
 * lockedUntil, so deleting an expired one changes no answer. Run by the leader among the worker
 * processes (decision 021); returns how many it deleted.
 */
export async function sweepExpiredLockouts(store: DocStore, now: number): Promise<number> {
  const expired = await store.query<LockoutDoc>({
    collection: "sign_in_lockouts",
    where: [["lockedUntil", "<=", now]],
    limit: LOCKOUT_SWEEP_BATCH,
  });
  if (expired.length === 0) return 0;
  // One transaction that re-reads each: a pair locked again since the query keeps its new lockout.
  return store.transaction(async (tx) => {
    const fresh = await Promise.all(expired.map((doc) => tx.get<LockoutDoc>(doc.path)));
    let deleted = 0;
    for (const doc of fresh) {
      if (doc && doc.data.lockedUntil <= now) {
        tx.delete(doc.path);
        deleted++;
      }
    }
    return deleted;
  });
}

export interface SignInThrottle {
  /** Throws AuthError("too_many_attempts") when this attempt must not be checked now. */
  assertAllowed(attempt: SignInAttempt, now: number): Promise<void>;
  recordFailure(attempt: SignInAttempt, now: number): Promise<void>;
  /**
   * Clears this pair's failures and remembers the address as known for the account. The
   * address's own failures are kept on purpose: otherwise someone guessing other people's
   * passwords could reset their counter by signing in to their own account in between.
   */
  recordSuccess(attempt: SignInAttempt): Promise<void>;
  /** Forgets what is kept for an email (account deletion). */
  forget(email: string): Promise<void>;
}

export function createSignInThrottle(store: DocStore): SignInThrottle {
  const byPair = createRateLimiter({
    name: "sign_in_pair",
    windowMs: SIGN_IN_WINDOW_MS,
    max: PAIR_LOCK_AFTER,
    backoff: { after: PAIR_SLOW_AFTER, baseMs: BACKOFF_BASE_MS },
  });
  const byAddress = createRateLimiter({
    name: "sign_in_address",
    windowMs: SIGN_IN_WINDOW_MS,
    max: ADDRESS_LOCK_AFTER,
  });
  // No max that refuses: only the backoff, so the account is slowed down, never locked.
  const byAccount = createRateLimiter({
    name: "sign_in_account",
    windowMs: SIGN_IN_WINDOW_MS,
    max: Number.MAX_SAFE_INTEGER,
    backoff: { after: ACCOUNT_SLOW_AFTER, baseMs: BACKOFF_BASE_MS },
  });

  async function lockedFor(key: string, now: number): Promise<number> {
    const lockout = await store.get<LockoutDoc>(lockoutPath(key));
    return lockout && lockout.data.lockedUntil > now ? lockout.data.lockedUntil - now : 0;
  }

  async function isKnown({ email, clientKey }: SignInAttempt): Promise<boolean> {
    if (!clientKey) return false;
    const known = await store.get<KnownAddressesDoc>(knownPath(email));
    return Boolean(known?.data.addresses.includes(sha256(clientKey)));
  }

  async function lock(key: string, now: number): Promise<void> {
    await store.set(lockoutPath(key), { lockedUntil: now + SIGN_IN_WINDOW_MS } satisfies LockoutDoc);
  }

  return {
    async assertAllowed(attempt, now) {
      const waits = await Promise.all([
        lockedFor(pairKey(attempt), now),
        attempt.clientKey ? lockedFor(addressKey(attempt.clientKey), now) : 0,
        (async () => {
          const pair = await byPair.check(pairKey(attempt), now);
          return pair.allowed ? 0 : pair.retryAfterMs;
        })(),
        (async () => {
          const account = await byAccount.check(attempt.email, now);
          if (account.allowed || (await isKnown(attempt))) return 0;
          return account.retryAfterMs;
        })(),
      ]);
      const retryAfterMs = Math.max(...waits);
      if (retryAfterMs > 0) {
        throw new AuthError(
          "too_many_attempts",
          `Too many sign-in attempts. Try again in ${waitText(retryAfterMs)}.`,
          retryAfterMs,
        );
      }
    },

    async recordFailure(attempt, now) {
      const pair = await byPair.hit(pairKey(attempt), now);
      if (pair.count >= PAIR_LOCK_AFTER) await lock(pairKey(attempt), now);
      await byAccount.hit(attempt.email, now);
      if (attempt.clientKey) {
        const address = await byAddress.hit(addressKey(attempt.clientKey), now);
        if (address.count >= ADDRESS_LOCK_AFTER) await lock(addressKey(attempt.clientKey), now);
      }
    },

    async recordSuccess(attempt) {
      await byPair.reset(pairKey(attempt));
      if (!attempt.clientKey) return;
      const hash = sha256(attempt.clientKey);
      await store.transaction(async (tx) => {
        const known = await tx.get<KnownAddressesDoc>(knownPath(attempt.email));
        const addresses = known?.data.addresses ?? [];
        if (addresses[0] === hash) return;
        tx.set(knownPath(attempt.email), {
          addresses: [hash, ...addresses.filter((a) => a !== hash)].slice(0, KNOWN_ADDRESSES_KEPT),
        } satisfies KnownAddressesDoc);
      });
    },

    async forget(email) {
      await store.delete(knownPath(email));
    },
  };
}
