import { useEffect } from "react";

/**
 * The top-up modal lives once, in the layout's chrome (LiveChrome). Pages that offer "Top up"
 * ask it to open with this window event instead of rendering a second copy.
 */
export const OPEN_TOP_UP_EVENT = "skillswap:open-top-up";

export function requestTopUp(): void {
  window.dispatchEvent(new Event(OPEN_TOP_UP_EVENT));
}

/** Calls `open` whenever a page requests the top-up modal. */
export function useTopUpRequests(open: () => void): void {
  useEffect(() => {
    window.addEventListener(OPEN_TOP_UP_EVENT, open);
    return () => window.removeEventListener(OPEN_TOP_UP_EVENT, open);
  }, [open]);
}
