import { describe, expect, it } from "vitest";
import { blockingByKind, longTasks, threadCpu } from "./long-tasks.mjs";

const PAGE = 200;
const MAIN = 1;
const NAV = 1_000_000;

function navigation(ts: number, url: string, pid = PAGE) {
  return {
    name: "navigationStart",
    ph: "R",
    pid,
    tid: MAIN,
    ts,
    args: { data: { documentLoaderURL: url, isLoadingMainFrame: true } },
  };
}
function event(name: string, ts: number, dur: number, data: object = {}, pid = PAGE, tid = MAIN, tdur = dur) {
  return { name, ph: "X", pid, tid, ts, dur, tdur, args: { data } };
}

describe("longTasks", () => {
  it("lists the page's tasks that reach 50 ms when multiplied by four, with what they ran", () => {
    const events = [
      navigation(NAV, "http://localhost:3320/matches"),
      // 30 ms observed, 120 ms simulated: a module graph's evaluation.
      event("RunTask", NAV + 100_000, 30_000),
      event("v8.evaluateModule", NAV + 100_500, 29_000, { url: "http://localhost:3320/build/_shared/chunk-A.js" }),
      // 12 ms observed, 48 ms simulated: not long.
      event("RunTask", NAV + 200_000, 12_000),
      event("FunctionCall", NAV + 200_100, 11_900, { functionName: "x" }),
      // 20 ms observed, 80 ms simulated: a callback, with a garbage collection inside it.
      event("RunTask", NAV + 300_000, 20_000),
      event("FunctionCall", NAV + 300_100, 19_800, {
        functionName: "performWorkUntilDeadline",
        url: "http://localhost:3320/build/_shared/chunk-B.js",
        lineNumber: 1,
        columnNumber: 4321,
      }),
      event("MinorGC", NAV + 301_000, 2_000),
    ];
    const tasks = longTasks(events);
    expect(tasks).toHaveLength(2);
    expect(tasks[0]).toMatchObject({
      startMs: 100,
      observedMs: 30,
      simulatedMs: 120,
      blockingMs: 70,
      kind: "evaluate",
    });
    expect(tasks[0].events[0]).toEqual({ name: "v8.evaluateModule", what: "/build/_shared/chunk-A.js", ms: 29 });
    expect(tasks[1]).toMatchObject({ startMs: 300, simulatedMs: 80, blockingMs: 30, kind: "call" });
    expect(tasks[1].events.map((e) => e.what)).toEqual([
      "performWorkUntilDeadline /build/_shared/chunk-B.js:1:4321",
      "",
    ]);
    expect(blockingByKind(tasks)).toEqual([
      ["evaluate", 70],
      ["call", 30],
    ]);
  });

  it("gives each task's CPU time beside its wall time: a task that waited for a core is not long on an idle host", () => {
    const events = [
      navigation(NAV, "http://localhost:3320/matches"),
      // 200 ms on the wall, of which the thread ran 30 ms: 120 ms simulated from its CPU time.
      event("RunTask", NAV + 100_000, 200_000, {}, PAGE, MAIN, 30_000),
      event("v8.evaluateModule", NAV + 100_500, 199_000, {}, PAGE, MAIN, 29_000),
      // 100 ms on the wall, 10 ms of CPU: long by wall time only.
      event("RunTask", NAV + 400_000, 100_000, {}, PAGE, MAIN, 10_000),
      event("FunctionCall", NAV + 400_100, 99_000, { functionName: "x" }, PAGE, MAIN, 9_900),
    ];
    const tasks = longTasks(events);
    expect(tasks.map((t) => [t.blockingMs, t.cpuMs, t.cpuBlockingMs])).toEqual([
      [750, 30, 70],
      [350, 10, 0],
    ]);
    expect(blockingByKind(tasks, "cpuBlockingMs")).toEqual([["evaluate", 70]]);
  });

  it("multiplies a task that performed layout by two, as Lighthouse's simulation does", () => {
    const events = [
      navigation(NAV, "http://localhost:3320/auth"),
      event("RunTask", NAV + 10_000, 30_000),
      event("Layout", NAV + 11_000, 25_000),
    ];
    expect(longTasks(events)).toMatchObject([{ simulatedMs: 60, blockingMs: 10, kind: "layout" }]);
  });

  it("leaves out about:blank, other threads and processes, and tasks before the page's navigation", () => {
    const events = [
      navigation(500_000, "about:blank"),
      event("RunTask", 600_000, 100_000),
      navigation(NAV, "http://localhost:3320/dashboard"),
      event("RunTask", NAV + 10_000, 100_000, {}, PAGE, 2),
      event("RunTask", NAV + 10_000, 100_000, {}, 300),
    ];
    expect(longTasks(events)).toEqual([]);
    expect(longTasks([event("RunTask", NAV, 100_000)])).toEqual([]);
  });
});

describe("threadCpu", () => {
  it("sums the page's main-thread tasks once each and the streaming compile off that thread, not its nested events", () => {
    const events = [
      navigation(500_000, "about:blank"),
      event("RunTask", 600_000, 100_000),
      navigation(NAV, "http://localhost:3320/auth"),
      event("RunTask", NAV + 10_000, 40_000, {}, PAGE, MAIN, 30_000),
      // A task nested in the one before: counted with it.
      event("ThreadControllerImpl::RunTask", NAV + 11_000, 10_000, {}, PAGE, MAIN, 9_000),
      event("RunTask", NAV + 100_000, 5_000, {}, PAGE, MAIN, 4_000),
      event("v8.parseOnBackground", NAV + 5_000, 20_000, {}, PAGE, 7, 18_000),
      event("v8.parseOnBackgroundParsing", NAV + 5_100, 19_000, {}, PAGE, 7, 17_500),
      // Another process's compile is not the page's.
      event("v8.parseOnBackground", NAV + 5_000, 20_000, {}, 300, 7, 18_000),
    ];
    expect(threadCpu(events)).toEqual({ mainMs: 34, streamingCompileMs: 18 });
  });
});
