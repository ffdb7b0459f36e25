// When Chromium started drawing the page in a Lighthouse run (issue 28, decision 100). Lighthouse's
// observed first paint is when a frame was shown; this is when the renderer began its first frame
// for the page (its first `BeginMainThreadFrame`). On this machine's headless Chromium the first
// frame is sometimes held for about 1.2 s after the navigation whatever the page does (the whole
// document parsed, every stylesheet loaded, the main thread idle), and a frame drawn is sometimes
// shown only about a second later; either makes Lighthouse's simulated LCP count every script.
// Printing both tells a page that paints late from a browser that drew late.

/** Milliseconds from the page's navigation start to its renderer's first frame; null when none is in the trace. */
export function firstFrameMs(traceEvents) {
  const navigations = traceEvents.filter(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame === true &&
      /^https?:/.test(e.args.data.documentLoaderURL ?? ""),
  );
  if (navigations.length === 0) return null;
  // Lighthouse first goes to about:blank; the page is the last document the main frame loaded.
  const navigation = navigations.reduce((last, e) => (e.ts > last.ts ? e : last));
  const frames = traceEvents.filter(
    (e) => e.name === "BeginMainThreadFrame" && e.pid === navigation.pid && e.ts >= navigation.ts,
  );
  if (frames.length === 0) return null;
  return (Math.min(...frames.map((e) => e.ts)) - navigation.ts) / 1000;
}
