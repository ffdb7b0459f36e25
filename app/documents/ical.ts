/**
 * Private calendar feeds (features/bookings/ical.server.ts). Only the server writes and reads them.
 * Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   ical_feeds/{uid}      the member's current feed: the hash of its token, so it can be revoked or replaced
 *   ical_tokens/{hash}    a feed token's SHA-256 hash → its member (the token itself is never stored,
 *                         so a leaked database does not leak feed URLs)
 */
import { z } from "zod/v4";
import { count, getParsed, optionalText, optionalTime, type DocReader } from "./fields";

export const ICAL_FEEDS = "ical_feeds";
export const icalFeedPath = (uid: string) => `${ICAL_FEEDS}/${uid}`;
export const ICAL_TOKENS = "ical_tokens";
export const icalTokenPath = (hash: string) => `${ICAL_TOKENS}/${hash}`;

export const icalFeedSchema = z.object({
  /** The current token's hash; null when unreadable (then no token document is known to delete). */
  hash: optionalText,
  /** When the feed link was made; null when unreadable. */
  createdAt: optionalTime,
});
/** `ical_feeds/{uid}` */
export type IcalFeedDoc = z.output<typeof icalFeedSchema>;
export const readIcalFeed = (data: Record<string, unknown>): IcalFeedDoc => icalFeedSchema.parse(data);
export const getIcalFeed = (reader: DocReader, uid: string) => getParsed(reader, icalFeedPath(uid), readIcalFeed);

export const icalTokenSchema = z.object({
  /** The member whose sessions the feed shows; null when unreadable (the token then opens nothing). */
  uid: optionalText,
  createdAt: count(),
});
/** `ical_tokens/{hash}` */
export type IcalTokenDoc = z.output<typeof icalTokenSchema>;
export const readIcalToken = (data: Record<string, unknown>): IcalTokenDoc => icalTokenSchema.parse(data);
export const getIcalToken = (reader: DocReader, hash: string) => getParsed(reader, icalTokenPath(hash), readIcalToken);
