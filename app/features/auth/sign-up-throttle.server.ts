/**
 * Sign-up throttle (issue 11, finding 4; issue 25, item 2): sign-ups per client address, so one
 * client can neither farm welcome bonuses by the dozen nor learn by the thousand which addresses
 * have an account. Every sign-up that passes the form's checks counts, whether it creates an
 * account or finds the address taken (decision 024). Ten an hour lets a few colleagues behind one
 * office address join on the same morning (SIGN_UPS_PER_HOUR changes it).
 */
import { getServerEnv } from "~/utils/env.server";
import { createRateLimiter } from "~/utils/rate-limit.server";

const signUps = createRateLimiter({
  name: "sign_up_address",
  windowMs: 60 * 60_000,
  max: getServerEnv().SIGN_UPS_PER_HOUR,
});

/**
 * Counts one sign-up of this client and answers null, or, past the limit, counts nothing and
 * answers how long to wait (ms; the form words it in the reader's language, errors.tooMany.signUp).
 * Checked and counted in one synchronous step, so a burst of parallel sign-ups cannot all pass the
 * check before the first is counted.
 */
export function takeSignUp(clientKey: string, now = Date.now()): { retryAfterMs: number } | null {
  // Unknown client (no socket, no trusted proxy header): one shared bucket would let anyone block everyone.
  if (!clientKey) return null;
  const decision = signUps.check(clientKey, now);
  if (!decision.allowed) return { retryAfterMs: decision.retryAfterMs };
  signUps.hit(clientKey, now);
  return null;
}
