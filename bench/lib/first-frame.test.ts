import { describe, expect, it } from "vitest";
import { firstFrameMs } from "./first-frame.mjs";

const PAGE = 200;
const OTHER = 300;

function navigation(ts: number, url: string, pid = PAGE) {
  return { name: "navigationStart", pid, ts, args: { data: { documentLoaderURL: url, isLoadingMainFrame: true } } };
}
function frame(ts: number, pid = PAGE) {
  return { name: "BeginMainThreadFrame", pid, ts, args: { data: { frameId: 1 } } };
}

describe("firstFrameMs", () => {
  it("is the time from the page's navigation to its renderer's first frame", () => {
    const events = [navigation(1_000_000, "http://localhost:3399/auth"), frame(2_250_000), frame(1_185_500)];
    expect(firstFrameMs(events)).toBe(185.5);
  });

  it("ignores about:blank, frames before the page's navigation and other processes' frames", () => {
    const events = [
      navigation(500_000, "about:blank"),
      frame(600_000),
      navigation(1_000_000, "http://localhost:3399/dashboard"),
      frame(1_100_000, OTHER),
      frame(2_300_000),
    ];
    expect(firstFrameMs(events)).toBe(1300);
  });

  it("is null when the page drew no frame or was never navigated to", () => {
    expect(firstFrameMs([navigation(1_000_000, "http://localhost:3399/matches")])).toBeNull();
    expect(firstFrameMs([frame(1_000_000)])).toBeNull();
  });
});
