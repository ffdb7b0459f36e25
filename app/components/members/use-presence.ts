import { useLiveFeed } from "~/components/live/use-live-feed";
import { presenceFeed } from "~/engine/live/feed-names";
import type { PresencePayload } from "~/engine/live/feeds";
import { sameValue } from "~/utils/same-value";

/**
 * Live presence of the members on screen, starting from what the loader read. A member's entry
 * stays the loader's object while it reads the same, so only the card of a member whose presence
 * changed is drawn again (decision 120).
 */
export function usePresence(initial: PresencePayload): PresencePayload {
  const feed = presenceFeed(Object.keys(initial)) ?? "presence:none";
  const live = useLiveFeed(feed, initial, { enabled: Object.keys(initial).length > 0, onError: () => {} });
  const current: PresencePayload = { ...initial, ...live };
  for (const uid of Object.keys(current)) if (sameValue(current[uid], initial[uid])) current[uid] = initial[uid];
  return current;
}
