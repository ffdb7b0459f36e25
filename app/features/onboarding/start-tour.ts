/**
 * Starting the tour from anywhere in the app. Browser-safe: nothing touches `window` at import time.
 */

/** SPEC.md §4: the browser event that (re)starts the tour. */
export const START_TOUR_EVENT = "skillswap:start-tour";
/** Tells the app the tour ended (finished or skipped), so the welcome bonus can follow without a reload. */
export const TOUR_COMPLETED_EVENT = "skillswap:tour-completed";

export const TOUR_HOME = "/dashboard";
/** `/dashboard?tour=1` asks the dashboard to start the tour once it has loaded. */
export const TOUR_PARAM = "tour";

export function isTourHome(pathname: string): boolean {
  return pathname === TOUR_HOME || pathname === `${TOUR_HOME}/`;
}

export function tourRequested(search: string): boolean {
  return new URLSearchParams(search).get(TOUR_PARAM) === "1";
}

/** The query string without the tour request, other parameters (such as `wb`) kept in order. */
export function withoutTourParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(TOUR_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

/**
 * The tour lives on the dashboard: there the running island hears the event; elsewhere we go to the
 * dashboard and let it start the tour on arrival.
 */
export function startTour(pathname: string, navigate: (to: string) => void): void {
  if (isTourHome(pathname)) {
    window.dispatchEvent(new Event(START_TOUR_EVENT));
  } else {
    navigate(`${TOUR_HOME}?${TOUR_PARAM}=1`);
  }
}
