// What a Lighthouse run's first paint waited for (issue 28, decisions 100 and 190). Lighthouse's
// observed first paint is when a frame was shown; these are the steps before it, from the run's
// trace, each in milliseconds from the page's navigation start:
//
// - committed: the browser committed the page's document (its response had started);
// - renderBlocking: the last render-blocking request (the stylesheet) finished;
// - firstFrame: the page's renderer began its first frame for the new document;
// - activated: the first frame in which the page painted was rastered and activated by the
//   renderer's compositor;
// - drawn: that frame was drawn and sent to the display, at the compositor's next begin frame (a
//   few ms after the activation, unless viz withheld begin frames from the page: decision 190);
//   between it and the observed paint the display compositor drew and showed it.
//
// Lighthouse first goes to about:blank in the same renderer: frames it begins before the page's
// document is committed are about:blank's, which is why every step counts from the commit.

/** The page's navigation: the last main-frame navigation to an http(s) document. */
function pageNavigation(traceEvents) {
  let navigation = null;
  for (const e of traceEvents)
    if (
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame === true &&
      /^https?:/.test(e.args.data.documentLoaderURL ?? "") &&
      (!navigation || e.ts > navigation.ts)
    )
      navigation = e;
  return navigation;
}

/** The steps of the page's first paint; a step the trace does not show is null. */
export function paintPhases(traceEvents) {
  const none = { committed: null, renderBlocking: null, firstFrame: null, activated: null, drawn: null };
  const navigation = pageNavigation(traceEvents);
  if (!navigation) return none;
  const { pid, ts: start } = navigation;
  const frameId = navigation.args.frame;
  const url = navigation.args.data.documentLoaderURL;
  const ms = (e) => (e ? (e.ts - start) / 1000 : null);
  const byTime = (events) => events.sort((a, b) => a.ts - b.ts);

  const commit = byTime(
    traceEvents.filter(
      (e) =>
        e.name === "FrameCommittedInBrowser" &&
        e.ts >= start &&
        (frameId === undefined || e.args?.data?.frame === frameId) &&
        e.args?.data?.url === url,
    ),
  )[0];

  const blocking = new Set(
    traceEvents
      .filter(
        (e) =>
          e.name === "ResourceSendRequest" &&
          e.pid === pid &&
          e.ts >= start &&
          e.args?.data?.renderBlocking === "blocking" &&
          (frameId === undefined || e.args.data.frame === frameId),
      )
      .map((e) => e.args.data.requestId),
  );
  const blockingDone = traceEvents
    .filter((e) => e.name === "ResourceFinish" && e.pid === pid && blocking.has(e.args?.data?.requestId))
    .reduce((last, e) => (!last || e.ts > last.ts ? e : last), null);

  if (!commit) return { ...none, renderBlocking: ms(blockingDone) };
  const inRenderer = (name) => byTime(traceEvents.filter((e) => e.name === name && e.pid === pid && e.ts >= commit.ts));
  const frames = inRenderer("BeginMainThreadFrame");
  const paints = inRenderer("Paint").filter((e) => frameId === undefined || e.args?.data?.frame === frameId);
  // The main-thread frame in which the page first painted, then the compositor's activation of
  // that frame's tree (same frameId) and the first draw after it.
  const painted = paints.length ? frames.filter((e) => e.ts <= paints[0].ts).at(-1) : undefined;
  const activation =
    painted &&
    inRenderer("ActivateLayerTree").find((e) => e.ts >= painted.ts && e.args?.frameId === painted.args?.data?.frameId);
  const drawn = activation && inRenderer("DrawFrame").find((e) => e.ts >= activation.ts);
  return {
    committed: ms(commit),
    renderBlocking: ms(blockingDone),
    firstFrame: ms(frames[0]),
    activated: ms(activation),
    drawn: ms(drawn),
  };
}
