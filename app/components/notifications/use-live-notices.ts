import type { NotificationPayload } from "~/engine/live/feeds";
import { keepSkillNames } from "~/features/notifications/text";
import { useLiveFeed } from "../live/use-live-feed";

/**
 * The member's latest notices, live from what the page loaded, each with its skill named for the
 * reader: the live stream sends them named (decision 101); a listener that reads the store itself
 * keeps the names the page loaded with.
 */
export function useLiveNotices(initial: NotificationPayload[], quiet = false): NotificationPayload[] {
  const live = useLiveFeed("notifications", initial, quiet ? { onError: () => {} } : {});
  return keepSkillNames(live, initial);
}
