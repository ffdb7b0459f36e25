import { describe, expect, it } from "vitest";
import { blockingByKind, countedByKind, describeFirstTasks, firstTasks, longTasks, threadCpu } from "./long-tasks.mjs";

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

describe("the page's commit and its largest layout (decision 187)", () => {
  const withArgs = (e: ReturnType<typeof event>, args: object) => ({ ...e, args });
  const events = [
    navigation(NAV, "http://localhost:3320/matches"),
    // The commit: 20 ms of CPU, of which the script contexts 9, the first bytes 2 and their preloads 3.
    event("RunTask", NAV + 10_000, 30_000, {}, PAGE, MAIN, 20_000),
    event("DocumentLoader::CommitNavigation", NAV + 10_100, 29_000, {}, PAGE, MAIN, 19_000),
    event("LocalWindowProxy::Initialize", NAV + 10_200, 12_000, {}, PAGE, MAIN, 9_000),
    event("V8.DeserializeContext", NAV + 10_300, 5_000, {}, PAGE, MAIN, 4_000),
    withArgs(event("DocumentLoader::HandleData", NAV + 23_000, 6_000, {}, PAGE, MAIN, 5_000), { length: 2_050 }),
    event("HTMLDocumentParser::MaybeFetchQueuedPreloads", NAV + 24_000, 4_000, {}, PAGE, MAIN, 3_000),
    // A small first layout, then the whole document's: 40 ms of CPU.
    event("RunTask", NAV + 100_000, 5_000, {}, PAGE, MAIN, 5_000),
    withArgs(event("Layout", NAV + 100_100, 4_000), { beginData: { dirtyObjects: 12, totalObjects: 12 } }),
    event("RunTask", NAV + 200_000, 50_000, {}, PAGE, MAIN, 40_000),
    withArgs(event("UpdateLayoutTree", NAV + 200_100, 16_000, {}, PAGE, MAIN, 15_000), { elementCount: 384 }),
    withArgs(event("Layout", NAV + 217_000, 25_000, {}, PAGE, MAIN, 20_000), {
      beginData: { dirtyObjects: 627, totalObjects: 627 },
    }),
    event("Paint", NAV + 243_000, 5_000, {}, PAGE, MAIN, 4_000),
    // The icon sprite's own document, committed later: 80 ms observed, 4 ms of CPU.
    event("RunTask", NAV + 400_000, 80_000, {}, PAGE, MAIN, 4_000),
    event("DocumentLoader::CommitNavigation", NAV + 400_100, 70_000, {}, PAGE, MAIN, 3_000),
  ];

  it("splits each task's CPU by what its events do, each event's own CPU counted once", () => {
    const { navigation: commit, layout } = firstTasks(events);
    expect(commit).toMatchObject({ startMs: 10, cpuMs: 20, bytes: 2_050 });
    const parts = Object.fromEntries(commit!.parts.map((p: { part: string; cpuMs: number }) => [p.part, p.cpuMs]));
    // Initialize 9 ms with its child. The bytes 5 ms, of which 3 the preloads inside them; the commit's own 19 − 9 − 5 = 5; the task's 1.
    expect(parts).toEqual({ "script contexts": 9, "first bytes": 2, preloads: 3, commit: 5, task: 1 });
    expect(commit!.parts.reduce((sum: number, p: { cpuMs: number }) => sum + p.cpuMs, 0)).toBe(20);
    expect(layout).toMatchObject({ startMs: 200, cpuMs: 40, elements: 384, objects: 627 });
    expect(layout!.parts.map((p: { part: string }) => p.part)).toEqual(["layout", "style", "paint", "task"]);
    expect(describeFirstTasks(firstTasks(events))).toBe(
      "navigation task 20.0 ms of CPU with 2050 B of the document (script contexts 9.0, commit 5.0, preloads 3.0, first bytes 2.0); " +
        "largest layout's task 40.0 ms of CPU, 384 elements styled and 627 objects laid out (layout 20.0, style 15.0, paint 4.0, task 1.0)",
    );
  });

  it("names a later document's commit (an SVG image's) apart from the page's navigation", () => {
    expect(longTasks(events).map((t) => [t.startMs, t.kind])).toEqual([
      [10, "navigation"],
      [200, "layout"],
      [400, "image document"],
    ]);
  });

  it("counts by kind only what Lighthouse's simulation puts between its FCP and TTI", () => {
    // Simulated: the commit (30 ms × 4) ends before FCP at 500 ms; the layout (50 ms × 2) starts 30 ms
    // before it, so 70 ms count, 20 over 50; the sprite's document (80 ms × 4) counts 270 ms; a task
    // the trace does not hold is "unmatched".
    const simulated = [
      { startTime: 100, duration: 120 },
      { startTime: 470, duration: 100 },
      { startTime: 900, duration: 320 },
      { startTime: 1300, duration: 60 },
    ];
    expect(countedByKind(longTasks(events), simulated, 500, 2000)).toEqual([
      ["image document", 270],
      ["layout", 20],
      ["unmatched", 10],
    ]);
    // After the simulated TTI nothing counts.
    expect(countedByKind(longTasks(events), simulated, 500, 600)).toEqual([["layout", 20]]);
  });

  it("gives nothing for a trace without the page's navigation", () => {
    expect(firstTasks([event("RunTask", NAV, 100_000)])).toEqual({ navigation: null, layout: null });
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
