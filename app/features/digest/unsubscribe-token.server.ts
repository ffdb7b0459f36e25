/**
 * The digest's one-click unsubscribe link (RFC 8058, decision 047): a token that names the member
 * and the list and expires, signed with HMAC-SHA256 under a key derived from SESSION_SECRET (from
 * the environment, or generated into DATA_DIR), so it works without signing in and cannot be made
 * for another member. A token that was altered, signed with another key, names another list or has
 * run out is refused; the caller changes nothing then.
 *
 *   v1.{uid}.{list}.{expiresAt in ms, base 36}.{signature, base64url}
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { isUid } from "~/documents/users";

/** The only list there is so far: the digest e-mail. */
export const DIGEST_LIST = "digest";
/** How long a link works after its mail left: long enough for a mail read weeks later. */
export const UNSUBSCRIBE_LINK_DAYS = 90;
const DAY_MS = 24 * 3_600_000;

const keyOf = (secret: string) => createHmac("sha256", secret).update("skillswap:list-unsubscribe:v1").digest();
const sign = (secret: string, body: string) => createHmac("sha256", keyOf(secret)).update(body).digest("base64url");

export function unsubscribeToken(secret: string, uid: string, now: number, list = DIGEST_LIST): string {
  const body = `v1.${uid}.${list}.${(now + UNSUBSCRIBE_LINK_DAYS * DAY_MS).toString(36)}`;
  return `${body}.${sign(secret, body)}`;
}

export type TokenCheck =
  { ok: true; uid: string; list: string } | { ok: false; reason: "malformed" | "forged" | "expired" | "other_list" };

export function checkUnsubscribeToken(secret: string, token: unknown, now: number, list = DIGEST_LIST): TokenCheck {
  if (typeof token !== "string" || token.length > 300) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== "v1") return { ok: false, reason: "malformed" };
  const [, uid, tokenList, expires, signature] = parts as [string, string, string, string, string];
  if (!isUid(uid) || !/^[0-9a-z]{1,12}$/.test(expires)) return { ok: false, reason: "malformed" };
  const expected = Buffer.from(sign(secret, parts.slice(0, 4).join(".")));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "forged" };
  if (tokenList !== list) return { ok: false, reason: "other_list" };
  if (parseInt(expires, 36) <= now) return { ok: false, reason: "expired" };
  return { ok: true, uid, list: tokenList };
}
