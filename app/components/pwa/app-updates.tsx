import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SKIP_WAITING } from "~/service-worker/messages";
// Evaluated with the root, so the browser's install offer is caught even before hydration.
import "./install-event";
import { whenPageIdle } from "./when-page-idle";

/** How often an open tab asks for a new /sw.js when it comes back into view (the browser also does on each page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (production builds only; decision 045) once the page has loaded and
 * the browser is idle (decision 108), and offers a new version when one has been installed: the new
 * worker waits until the person chooses "Reload", so no page runs on a mix of two builds' files. A tab that another tab updated is told so as well.
 */
export function AppUpdates() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  const [outdated, setOutdated] = useState(false);
  const reloadRequested = useRef(false);

  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const container = navigator.serviceWorker;
    // The very first worker takes over a page that had none: nothing to reload then.
    const hadController = Boolean(container.controller);
    let registration: ServiceWorkerRegistration | undefined;
    let lastCheck = Date.now();

    const onControllerChange = () => {
      if (reloadRequested.current) window.location.reload();
      else if (hadController) setOutdated(true);
    };
    const onVisible = () => {
      if (document.visibilityState !== "visible" || !registration || Date.now() - lastCheck < UPDATE_CHECK_MS) return;
      lastCheck = Date.now();
      registration.update().catch(() => {});
    };
    const watch = (worker: ServiceWorker | null) => {
      if (!worker) return;
      const onState = () => {
        if (worker.state === "installed" && container.controller) setWaiting(worker);
      };
      worker.addEventListener("statechange", onState);
      onState();
    };

    const register = () => {
      container
        .register("/sw.js", { scope: "/", updateViaCache: "none" })
        .then((registered) => {
          registration = registered;
          if (registered.waiting && container.controller) setWaiting(registered.waiting);
          watch(registered.installing);
          registered.addEventListener("updatefound", () => watch(registered.installing));
        })
        .catch((error: unknown) => {
          // The app works without it, only not offline.
          console.warn("The service worker could not be registered:", error);
        });
    };

    container.addEventListener("controllerchange", onControllerChange);
    document.addEventListener("visibilitychange", onVisible);
    // After the page's own requests: the worker's precache would compete with them.
    const cancelRegistration = whenPageIdle(() => {
      // Offline (the offline page itself) there is no /sw.js to fetch: register when the network is back.
      if (navigator.onLine) register();
      else window.addEventListener("online", register, { once: true });
    });
    return () => {
      cancelRegistration();
      container.removeEventListener("controllerchange", onControllerChange);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("online", register);
    };
  }, []);

  if (!waiting && !outdated) return null;
  const reload = () => {
    if (waiting && !outdated) {
      reloadRequested.current = true;
      waiting.postMessage({ type: SKIP_WAITING });
    } else {
      window.location.reload();
    }
  };
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="app-update"
      className="fixed inset-x-0 top-20 z-50 flex justify-center px-4 lg:top-6"
    >
      <div className="flex max-w-md items-center gap-4 rounded-lg border border-brand-200 bg-white px-4 py-3 text-slate-900 shadow-lg">
        <p className="text-sm font-semibold">{t("pwa.updateReady")}</p>
        <button type="button" className="btn-primary" onClick={reload}>
          {t("pwa.reload")}
        </button>
      </div>
    </div>
  );
}
