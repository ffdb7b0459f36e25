/**
 * One-click unsubscribe from the digest (RFC 8058, decision 047): the signed token is the whole
 * authority, so it works signed out, and it does one thing, turn the member's digest off.
 * Idempotent: a second POST finds it off and answers the same.
 */
import type { DocStore } from "~/engine/store/types";
import { setDigestFrequency } from "./preference.server";
import { checkUnsubscribeToken } from "./unsubscribe-token.server";

/**
 * Why a link is refused, and so what its page says (namespace "digest", `unsubscribe.<refusal>`):
 * nothing was changed, and what to do instead.
 */
export type Refusal = "invalid" | "expired" | "gone";

export type LinkCheck = { ok: true; uid: string } | { ok: false; refusal: Refusal };

export function checkDigestLink(secret: string, token: unknown, now = Date.now()): LinkCheck {
  const check = checkUnsubscribeToken(secret, token, now);
  if (check.ok) return { ok: true, uid: check.uid };
  return { ok: false, refusal: check.reason === "expired" ? "expired" : "invalid" };
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
  if (!(await setDigestFrequency(store, check.uid, "off"))) return { ok: false, refusal: "gone" };
  return check;
}
