/**
 * One-click unsubscribe from the digest (RFC 8058, decision 047): the signed token is the whole
 * authority, so it works signed out, and it does one thing, turn the member's digest off.
 * Idempotent: a second POST finds it off and answers the same.
 */
import type { DocStore } from "~/engine/store/types";
import { setDigestFrequency } from "./preference.server";
import { checkUnsubscribeToken } from "./unsubscribe-token.server";

export const UNSUBSCRIBED =
  "You will get no more digest e-mails. You can turn the digest back on in Settings whenever you like.";

/** What a refused link says: nothing was changed, and what to do instead. */
export const REFUSED = {
  invalid:
    "This unsubscribe link is not valid, so nothing was changed. Copy the whole link from the e-mail, or sign in and change your digest in Settings.",
  expired:
    "This unsubscribe link has expired, so nothing was changed. Use the link in a newer digest, or sign in and change your digest in Settings.",
  gone: "This unsubscribe link is for an account that no longer exists. Nothing was changed.",
} as const;

export type LinkCheck = { ok: true; uid: string } | { ok: false; message: string };

export function checkDigestLink(secret: string, token: unknown, now = Date.now()): LinkCheck {
  const check = checkUnsubscribeToken(secret, token, now);
  if (check.ok) return { ok: true, uid: check.uid };
  return { ok: false, message: check.reason === "expired" ? REFUSED.expired : REFUSED.invalid };
}

/** Turns the token's member's digest off; a refused token changes nothing. */
export async function unsubscribeFromDigest(
  store: DocStore,
  secret: string,
  token: unknown,
  now = Date.now(),
): Promise<LinkCheck> {
  const check = checkDigestLink(secret, token, now);
  if (!check.ok) return check;
  if (!(await setDigestFrequency(store, check.uid, "off"))) return { ok: false, message: REFUSED.gone };
  return check;
}
