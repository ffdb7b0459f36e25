/**
 * When the shell offers installing SkillSwap (decision 045): never on a member's first visit on a
 * device, only from the second (a visit is a browser session: a new tab or window after the last
 * one closed), never once it was dismissed on this device, and never inside the installed app.
 * Within a visit, only once the member has used the page (decision 084): the offer never arrives
 * while the page is still loading.
 * What this device remembers sits in localStorage under these keys; the helpers are pure.
 */

export const VISITS_KEY = "skillswap:signed-in-visits";
export const DISMISSED_KEY = "skillswap:install-dismissed";
/** Set for the length of a browser session once its visit is counted. */
export const SESSION_COUNTED_KEY = "skillswap:visit-counted";

export interface InstallMomentState {
  /** Signed-in visits on this device, this one included. */
  visits: number;
  dismissed: boolean;
  /** Already running as the installed app (display-mode: standalone). */
  standalone: boolean;
  /** The browser said it can install (beforeinstallprompt arrived). */
  installable: boolean;
  /** The member has used this page: a tap, a click, a key or a scroll since it loaded. */
  engaged: boolean;
}

export function shouldOfferInstall({
  visits,
  dismissed,
  standalone,
  installable,
  engaged,
}: InstallMomentState): boolean {
  return installable && engaged && !standalone && !dismissed && visits >= 2;
}

/** A stored count read back: anything that is not a whole positive number counts as none. */
export function parseVisits(stored: string | null): number {
  const visits = Number(stored);
  return Number.isSafeInteger(visits) && visits > 0 ? visits : 0;
}

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Counts this browser session once; answers the count including it. */
export function countVisit(local: KeyValueStore, session: KeyValueStore): number {
  const visits = parseVisits(local.getItem(VISITS_KEY));
  if (session.getItem(SESSION_COUNTED_KEY)) return visits;
  session.setItem(SESSION_COUNTED_KEY, "1");
  local.setItem(VISITS_KEY, String(visits + 1));
  return visits + 1;
}
