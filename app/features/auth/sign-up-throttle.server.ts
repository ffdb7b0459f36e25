/**
 * Sign-up throttle (issue 11, finding 4): new accounts per client address, so one client cannot
 * farm welcome bonuses by the dozen. Ten an hour lets a few colleagues behind one office address
 * join on the same morning (SIGN_UPS_PER_HOUR changes it); only accounts actually created count.
 */
import { getServerEnv } from "~/utils/env.server";
import { createRateLimiter, waitText } from "~/utils/rate-limit.server";

const signUps = createRateLimiter({
  name: "sign_up_address",
  windowMs: 60 * 60_000,
  max: getServerEnv().SIGN_UPS_PER_HOUR,
});

/** The message to show when this client may not create another account now; null when it may. */
export function signUpRefusal(clientKey: string, now = Date.now()): string | null {
  // Unknown client (no socket, no trusted proxy header): one shared bucket would let anyone block everyone.
  if (!clientKey) return null;
  const decision = signUps.check(clientKey, now);
  if (decision.allowed) return null;
  return `Too many new accounts were created from your network. Try again in ${waitText(decision.retryAfterMs)}.`;
}

export function recordSignUp(clientKey: string, now = Date.now()): void {
  if (clientKey) signUps.hit(clientKey, now);
}
