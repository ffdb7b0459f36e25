import { useTranslation } from "react-i18next";
import { lastSeenIn, type Presence } from "~/features/members/presence";

/** "Online", "Offline", "Last seen 5 min ago" in the reader's language (namespace "members": a route using it names it). */
export function useLastSeen(): (presence: Presence, now: number) => string {
  const { t } = useTranslation("members");
  return (presence, now) => lastSeenIn((key, values) => t(key, values), presence, now);
}
