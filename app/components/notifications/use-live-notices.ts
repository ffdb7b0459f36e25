import type { NotificationPayload } from "~/engine/live/feeds";
import { useLiveFeed } from "../live/use-live-feed";

/**
 * The member's latest notices, live from what the page loaded, each with its skill named for the
 * reader by the server's stream on both engines (decisions 101 and 111), in the tab's language.
 */
export function useLiveNotices(initial: NotificationPayload[]): NotificationPayload[] {
  return useLiveFeed("notifications", initial, { worded: true });
}
