import { useLiveFeed } from "~/components/live/use-live-feed";
import { presenceFeed } from "~/engine/live/feed-names";
import type { PresencePayload } from "~/engine/live/feeds";

/** Live presence of the members on screen, starting from what the loader read. */
export function usePresence(initial: PresencePayload): PresencePayload {
  const feed = presenceFeed(Object.keys(initial)) ?? "presence:none";
  const live = useLiveFeed(feed, initial, { enabled: Object.keys(initial).length > 0, onError: () => {} });
  return { ...initial, ...live };
}
