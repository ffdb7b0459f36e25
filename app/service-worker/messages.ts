/** The page asks a waiting service worker to take over with this message (after "Reload"). */
export const SKIP_WAITING = "skillswap:skip-waiting";
