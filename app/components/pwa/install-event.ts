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

// Chromium offers installing once per page load, as early as the page's load event, which can be
// before React has hydrated the shell: the event is caught when this module is first evaluated (the
// root imports it) and kept until the shell asks. The browser's own mini-bar is held back; the
// offer comes at SkillSwap's moment instead (decision 045).
if (typeof window !== "undefined") {
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
