/** How long a busy page waits at most before the work runs anyway. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * Runs `work` once the page has loaded and the browser is next idle (decision 108). The service
 * worker's registration starts its precache, about twenty build files fetched at once; registered at
 * hydration they competed with the page's own requests on a phone's first visit, and Lighthouse
 * counted them into the page's largest paint. Returns a function that cancels what has not run.
 */
export function whenPageIdle(work: () => void): () => void {
  let idle: number | undefined;
  const schedule = () => {
    // Safari has no requestIdleCallback: a timer after the load event is the closest it offers.
    idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(work, 0);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}
