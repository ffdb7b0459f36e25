/** Chromium's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<(event: BeforeInstallPromptEvent | null) => void>();

function announce(event: BeforeInstallPromptEvent | null) {
  deferred = event;
  for (const listener of listeners) listener(event);
}

/** Where the document's inline script keeps an offer that came before this module was evaluated. */
const EARLY_OFFER = "__skillswapInstallOffer";

/**
 * Chromium offers installing once per page load, as early as the page's load event. The app's
 * modules are imported one after another after the document (decision 183), which the load event
 * does not wait for, so the offer can come before this module is evaluated: the document catches
 * it first with this inline script (the root renders it before the modules), and the module takes
 * it over below. The browser's own mini-bar is held back; the offer comes at SkillSwap's moment
 * instead (decision 045).
 */
export const CATCH_EARLY_INSTALL_OFFER = `addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.${EARLY_OFFER}=e})`;

if (typeof window !== "undefined") {
  const early = (window as unknown as Record<string, BeforeInstallPromptEvent | undefined>)[EARLY_OFFER];
  if (early) deferred = early;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    announce(event as BeforeInstallPromptEvent);
  });
  window.addEventListener("appinstalled", () => announce(null));
}

/** Calls `listener` with the browser's install offer now and whenever it changes; returns the unsubscribe. */
export function onInstallOffer(listener: (event: BeforeInstallPromptEvent | null) => void): () => void {
  listeners.add(listener);
  listener(deferred);
  return () => listeners.delete(listener);
}

/** An offer can be shown once: it is forgotten as it is used. */
export function takeInstallOffer(): BeforeInstallPromptEvent | null {
  const event = deferred;
  announce(null);
  return event;
}
