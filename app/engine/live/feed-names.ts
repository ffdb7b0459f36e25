/**
 * The names of the live feeds (decision 008): what a browser island asks the stream for. Kept apart
 * from feeds.ts, which builds the feeds from the documents' paths and readers, so that a page
 * naming a feed does not ship the documents' schemas and zod (issue 28).
 */
export const FEED_NAMES = [
  "profile",
  "wallet",
  "transactions",
  "notifications",
  "welcomeBonus",
  "chatUnread",
  "inbox",
  "boardNewest",
] as const;
export type SimpleFeedName = (typeof FEED_NAMES)[number];

/**
 * Parametrised feeds carry their subject in the name: `chatMessages:<chatId>` and
 * `booking:<bookingId>` (the server checks the user takes part before subscribing; Firestore's
 * rules do the same) and `presence:<uid>.<uid>…` (public status docs; "." and not "," because the
 * stream URL lists feeds separated by commas).
 */
export type ChatMessagesFeed = `chatMessages:${string}`;
export type PresenceFeed = `presence:${string}`;
export type BookingFeed = `booking:${string}`;
export type CallFeed = `call:${string}`;
/** A forum thread's posts and counts (`forumThread:<threadId>`), and the newest threads of a space or of all (`forumThreads:<spaceId>|all`). */
export type ForumThreadFeed = `forumThread:${string}`;
export type ForumThreadsFeed = `forumThreads:${string}`;
export type FeedName =
  SimpleFeedName | ChatMessagesFeed | PresenceFeed | BookingFeed | CallFeed | ForumThreadFeed | ForumThreadsFeed;

export const MAX_PRESENCE_UIDS = 50;
const FEED_ID = /^[A-Za-z0-9_-]{1,260}$/;
const UID = /^[A-Za-z0-9_-]{1,128}$/;

export function isFeedName(value: string): value is FeedName {
  if ((FEED_NAMES as readonly string[]).includes(value)) return true;
  const colon = value.indexOf(":");
  if (colon < 0) return false;
  const kind = value.slice(0, colon);
  const param = value.slice(colon + 1);
  if (kind === "chatMessages" || kind === "booking" || kind === "call") return FEED_ID.test(param);
  if (kind === "forumThread" || kind === "forumThreads") return UID.test(param);
  if (kind === "presence") {
    const uids = param.split(".");
    return uids.length >= 1 && uids.length <= MAX_PRESENCE_UIDS && uids.every((u) => UID.test(u));
  }
  return false;
}

export function chatMessagesFeed(chatId: string): ChatMessagesFeed {
  return `chatMessages:${chatId}`;
}

/** Sorted and de-duplicated, so two islands watching the same members share one feed. */
export function presenceFeed(uids: readonly string[]): PresenceFeed | null {
  const list = [...new Set(uids)].sort().slice(0, MAX_PRESENCE_UIDS);
  return list.length ? `presence:${list.join(".")}` : null;
}

export function bookingFeed(bookingId: string): BookingFeed {
  return `booking:${bookingId}`;
}

export function callFeed(bookingId: string): CallFeed {
  return `call:${bookingId}`;
}

export function forumThreadFeed(threadId: string): ForumThreadFeed {
  return `forumThread:${threadId}`;
}

/** `null` for the list across all spaces. */
export function forumThreadsFeed(spaceId: string | null): ForumThreadsFeed {
  return `forumThreads:${spaceId ?? "all"}`;
}

export function feedParam(
  feed: ChatMessagesFeed | PresenceFeed | BookingFeed | CallFeed | ForumThreadFeed | ForumThreadsFeed,
): string {
  return feed.slice(feed.indexOf(":") + 1);
}
