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

// Chromium offers installing once per page load, as early as the page's load event, which comes
// before the page's scripts since they start after the first paint (decision 076): the document's
// head catches the event with an inline script (EARLY_INSTALL_CATCH, in root.tsx) and keeps it on
// window; this module takes it from there when it is evaluated and listens itself from then on. The
// browser's own mini-bar is held back; the offer comes at SkillSwap's moment instead (decision 045).
export const EARLY_INSTALL_OFFER = "__skillswapInstallOffer";

/** The head's inline script: holds the browser's offer until this module is evaluated. */
export const EARLY_INSTALL_CATCH =
  `addEventListener("beforeinstallprompt",function(e){e.preventDefault();window.${EARLY_INSTALL_OFFER}=e});` +
  `addEventListener("appinstalled",function(){window.${EARLY_INSTALL_OFFER}=null});`;

if (typeof window !== "undefined") {
  const early = (window as unknown as Record<string, BeforeInstallPromptEvent | null | undefined>)[EARLY_INSTALL_OFFER];
  if (early) announce(early);
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
