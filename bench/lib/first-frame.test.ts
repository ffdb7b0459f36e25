import { describe, expect, it } from "vitest";
import { paintPhases } from "./first-frame.mjs";

const PAGE = 200;
const OTHER = 300;
const BROWSER = 100;
const URL = "http://localhost:3399/dashboard";
const FRAME = "F1";

function navigation(ts: number, url = URL, pid = PAGE) {
  return {
    name: "navigationStart",
    pid,
    ts,
    args: { frame: FRAME, data: { documentLoaderURL: url, isLoadingMainFrame: true } },
  };
}
const committed = (ts: number, url = URL) => ({
  name: "FrameCommittedInBrowser",
  pid: BROWSER,
  ts,
  args: { data: { frame: FRAME, url } },
});
const mainFrame = (ts: number, frameId: number, pid = PAGE) => ({
  name: "BeginMainThreadFrame",
  pid,
  ts,
  args: { data: { frameId } },
});
const paint = (ts: number) => ({ name: "Paint", pid: PAGE, ts, args: { data: { frame: FRAME } } });
const activate = (ts: number, frameId: number) => ({ name: "ActivateLayerTree", pid: PAGE, ts, args: { frameId } });
const draw = (ts: number) => ({ name: "DrawFrame", pid: PAGE, ts, args: { frameSeqId: ts } });
const request = (ts: number, requestId: string, renderBlocking: string) => ({
  name: "ResourceSendRequest",
  pid: PAGE,
  ts,
  args: { data: { requestId, renderBlocking, frame: FRAME } },
});
const finish = (ts: number, requestId: string) => ({
  name: "ResourceFinish",
  pid: PAGE,
  ts,
  args: { data: { requestId } },
});

describe("paintPhases", () => {
  it("counts every step from the page's navigation, and the drawn frame is the one its first paint activated", () => {
    const events = [
      navigation(1_000_000),
      committed(1_150_000),
      request(1_200_000, "css", "blocking"),
      request(1_200_000, "js", "non_blocking"),
      finish(1_400_000, "css"),
      finish(1_900_000, "js"),
      mainFrame(1_401_000, 7),
      // Frame 7 painted nothing (no Paint before frame 8 began); frame 8 did.
      mainFrame(1_500_000, 8),
      paint(1_510_000),
      activate(1_450_000, 7),
      draw(1_455_000),
      activate(1_600_000, 8),
      draw(1_620_500),
    ];
    expect(paintPhases(events)).toEqual({
      committed: 150,
      renderBlocking: 400,
      firstFrame: 401,
      activated: 600,
      drawn: 620.5,
    });
  });

  it("leaves out about:blank's frames before the page's document is committed, and other processes' frames", () => {
    const events = [
      navigation(500_000, "about:blank"),
      navigation(1_000_000),
      // Lighthouse's about:blank, in the same renderer, still drawing while the page loads.
      mainFrame(1_050_000, 5),
      paint(1_050_500),
      activate(1_060_000, 5),
      draw(1_070_000),
      mainFrame(1_300_000, 3, OTHER),
      committed(1_200_000),
      mainFrame(1_900_000, 6),
      paint(1_910_000),
      activate(2_000_000, 6),
      draw(2_016_000),
    ];
    expect(paintPhases(events)).toEqual({
      committed: 200,
      renderBlocking: null,
      firstFrame: 900,
      activated: 1000,
      drawn: 1016,
    });
  });

  it("is null where the trace does not show a step", () => {
    const none = { committed: null, renderBlocking: null, firstFrame: null, activated: null, drawn: null };
    expect(paintPhases([mainFrame(1_000_000, 1)])).toEqual(none);
    expect(paintPhases([navigation(1_000_000), mainFrame(1_100_000, 1)])).toEqual(none);
    expect(paintPhases([navigation(1_000_000), committed(1_100_000), mainFrame(1_200_000, 1)])).toEqual({
      ...none,
      committed: 100,
      firstFrame: 200,
    });
  });
});
