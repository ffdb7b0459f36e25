// What each long task of a Lighthouse run is (issue 28, decision 170). Lighthouse's simulated TBT
// takes every top-level task of the page's main thread from the unthrottled trace, multiplies its
// duration by the CPU slowdown (4; 2 for a task that performed layout) and counts what exceeds
// 50 ms between its simulated FCP and TTI. Its own long-tasks audit names a script and task groups
// (script evaluation, style and layout…), which cannot tell a module graph's evaluation from a
// callback such as React's work loop; the trace's events inside each task can. On a shared machine
// a task's wall time includes the time its renderer waited for a core, so each task also carries
// its thread's CPU time (the trace's `tdur`): the same task on an idle host, nearly.

const TASK_NAMES = new Set([
  "RunTask",
  "ThreadControllerImpl::RunTask",
  "ThreadControllerImpl::DoWork",
  "TaskQueueManager::ProcessTaskFromWorkQueue",
]);
const BLOCKING_MS = 50;

/** What a task's largest piece of work is, from the name of an event inside it. */
const KINDS = {
  // The new document's commit, with about:blank's unload: before any paint, so outside TBT.
  "DocumentLoader::CommitNavigation": "navigation",
  EvaluateScript: "evaluate",
  "v8.evaluateModule": "evaluate",
  "v8.compileModule": "compile",
  "v8.compile": "compile",
  "v8.parseOnBackground": "compile",
  FunctionCall: "call",
  RunMicrotasks: "microtasks",
  TimerFire: "timer",
  FireAnimationFrame: "animation frame",
  EventDispatch: "event",
  ParseHTML: "parse HTML",
  Layout: "layout",
  UpdateLayoutTree: "style",
  Paint: "paint",
  MajorGC: "GC",
  MinorGC: "GC",
  "V8.GCScavenger": "GC",
  "V8.GCFinalizeMC": "GC",
};

const shortUrl = (url) => String(url ?? "").replace(/^https?:\/\/[^/]+/, "");

function describe(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  if (event.name === "FunctionCall") {
    const where = data.url ? ` ${shortUrl(data.url)}:${data.lineNumber ?? "?"}:${data.columnNumber ?? "?"}` : "";
    return `${data.functionName || "(anonymous)"}${where}`;
  }
  if (event.name === "EventDispatch") return data.type ?? "";
  if (data.url) return shortUrl(data.url);
  return "";
}

/** The trace's last navigation of the main frame to the page (about:blank's comes first). */
function pageNavigation(traceEvents) {
  const navigations = traceEvents.filter(
    (e) =>
      e.name === "navigationStart" &&
      e.args?.data?.isLoadingMainFrame === true &&
      /^https?:/.test(e.args.data.documentLoaderURL ?? ""),
  );
  return navigations.length ? navigations.reduce((last, e) => (e.ts > last.ts ? e : last)) : undefined;
}

/**
 * The page's top-level main-thread tasks that Lighthouse's simulation makes 50 ms or longer, each
 * with its observed and simulated duration, the blocking time it adds (simulated − 50 ms), the
 * same two figures from its thread CPU time (`cpuMs`, `cpuBlockingMs`: 0 when the task ran under
 * 50 ms of simulated CPU), its kind (the kind of its longest event, see KINDS) and its longest
 * events, largest first. Times are milliseconds from the page's navigation start. Tasks before the
 * simulated FCP or after the simulated TTI do not count in Lighthouse's TBT, so the sum can exceed it.
 */
export function longTasks(traceEvents, { cpuSlowdown = 4, layoutSlowdown = cpuSlowdown / 2 } = {}) {
  const navigation = pageNavigation(traceEvents);
  if (!navigation) return [];
  const thread = traceEvents
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === "X" && e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const tasks = [];
  for (let i = 0; i < thread.length; i++) {
    const task = thread[i];
    if (!TASK_NAMES.has(task.name) || !task.dur) continue;
    const inside = [];
    const end = task.ts + task.dur;
    for (let j = i + 1; j < thread.length && thread[j].ts < end; j++) {
      if (TASK_NAMES.has(thread[j].name)) break;
      inside.push(thread[j]);
    }
    const observed = task.dur / 1000;
    const slowdown = inside.some((e) => e.name === "Layout") ? layoutSlowdown : cpuSlowdown;
    const simulated = observed * slowdown;
    if (simulated < BLOCKING_MS) continue;
    const cpu = (task.tdur ?? task.dur) / 1000;
    const known = inside.filter((e) => KINDS[e.name] && e.dur);
    const longest = [...known].sort((a, b) => b.dur - a.dur);
    let kind = longest.length ? KINDS[longest[0].name] : "other";
    // An SVG image (the icon sprite) is a document of its own, committed in a later task: not the
    // page's navigation, which is the first commit after navigationStart (decision 187).
    if (kind === "navigation" && !isPageCommit(task, thread, navigation)) kind = "image document";
    tasks.push({
      startMs: (task.ts - navigation.ts) / 1000,
      observedMs: observed,
      simulatedMs: simulated,
      blockingMs: simulated - BLOCKING_MS,
      cpuMs: cpu,
      cpuBlockingMs: Math.max(0, cpu * slowdown - BLOCKING_MS),
      kind,
      events: longest.slice(0, 3).map((e) => ({ name: e.name, what: describe(e), ms: e.dur / 1000 })),
    });
  }
  return tasks;
}

/** Whether `task` holds the page's own commit: the first DocumentLoader::CommitNavigation after its navigation start. */
function isPageCommit(task, thread, navigation) {
  const first = thread.find((e) => e.name === "DocumentLoader::CommitNavigation" && e.ts >= navigation.ts);
  return Boolean(first) && first.ts >= task.ts && first.ts < task.ts + task.dur;
}

/** Blocking time per kind of task, largest first: from wall time (`blockingMs`) or CPU time (`cpuBlockingMs`). */
export function blockingByKind(tasks, figure = "blockingMs") {
  const byKind = new Map();
  for (const task of tasks) if (task[figure] > 0) byKind.set(task.kind, (byKind.get(task.kind) ?? 0) + task[figure]);
  return [...byKind].sort((a, b) => b[1] - a[1]);
}

/**
 * The page's module evaluation, task by task (decision 178): every top-level task of the page's main
 * thread that evaluates a module, with its thread CPU time. `count` tasks, the `largestCpuMs` of them
 * and their `totalCpuMs`; one task holding the whole graph, or one a module.
 */
export function moduleEvaluation(traceEvents) {
  const navigation = pageNavigation(traceEvents);
  if (!navigation) return { count: 0, largestCpuMs: 0, totalCpuMs: 0 };
  const thread = traceEvents
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === "X" && e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts);
  const cpus = [];
  let task;
  for (const event of thread) {
    if (TASK_NAMES.has(event.name) && event.dur && (!task || event.ts >= task.ts + task.dur)) task = event;
    else if (event.name === "v8.evaluateModule" && task && event.ts < task.ts + task.dur && !task.counted) {
      task.counted = true;
      cpus.push((task.tdur ?? task.dur) / 1000);
    }
  }
  return {
    count: cpus.length,
    largestCpuMs: Math.max(0, ...cpus),
    totalCpuMs: cpus.reduce((sum, cpu) => sum + cpu, 0),
  };
}

/**
 * Where the page's script CPU went, from its thread times (decision 183): `mainMs`, every top-level
 * task of the page's main thread (a task inside another counted once), and `streamingCompileMs`, the
 * renderer's parse and compile of scripts as they stream in, off the main thread (each
 * `v8.parseOnBackground`, not the Parsing and Waiting events nested in it). A compile hint moves
 * work from the first to the second.
 */
export function threadCpu(traceEvents) {
  const navigation = pageNavigation(traceEvents);
  if (!navigation) return { mainMs: 0, streamingCompileMs: 0 };
  const own = traceEvents.filter((e) => e.pid === navigation.pid && e.ph === "X" && e.ts >= navigation.ts && e.dur);
  let mainMs = 0;
  let end = 0;
  for (const task of own
    .filter((e) => e.tid === navigation.tid && TASK_NAMES.has(e.name))
    .sort((a, b) => a.ts - b.ts)) {
    if (task.ts < end) continue;
    mainMs += (task.tdur ?? task.dur) / 1000;
    end = task.ts + task.dur;
  }
  const streamingCompileMs = own
    .filter((e) => e.tid !== navigation.tid && e.name === "v8.parseOnBackground")
    .reduce((sum, e) => sum + (e.tdur ?? e.dur) / 1000, 0);
  return { mainMs, streamingCompileMs };
}

/** What the events of the first two tasks are, by name: Chromium's names grouped into what they do. */
const PARTS = [
  [
    /^(LocalWindowProxy::|V8\.DeserializeContext|InstallConditionalFeatures|ContextCreatedNotification|v8\.newInstance)/,
    "script contexts",
  ],
  [/^HTMLDocumentParser::MaybeFetchQueuedPreloads/, "preloads"],
  [
    /^(DocumentLoader::(BodyDataReceivedImpl|HandleData|CommitData)|DecodedDataDocumentParser::|NavigationBodyLoader::)/,
    "first bytes",
  ],
  [/^(DocumentLoader::|CommitLoad|EventDispatch|BackForwardCache)/, "commit"],
  [/^(RunTask|ThreadControllerImpl::|TaskQueueManager::)/, "task"],
  [/^UpdateLayoutTree$/, "style"],
  [/^Layout$/, "layout"],
  [/^(Paint|PrePaint|PaintImage|Layerize|Commit|UpdateLayer)$/, "paint"],
];
const partOf = (name) => PARTS.find(([pattern]) => pattern.test(name))?.[1] ?? name;

/** The CPU of a task's events by part, each event's own (its children's taken out), largest first. */
function partsOf(task, inside) {
  const own = new Map([task, ...inside].map((e) => [e, e.tdur ?? 0]));
  const open = [];
  for (const e of [task, ...inside]) {
    while (open.length && e.ts >= open.at(-1).ts + open.at(-1).dur) open.pop();
    if (open.length) own.set(open.at(-1), own.get(open.at(-1)) - (e.tdur ?? 0));
    open.push(e);
  }
  const parts = new Map();
  for (const [e, cpu] of own) parts.set(partOf(e.name), (parts.get(partOf(e.name)) ?? 0) + cpu / 1000);
  return [...parts].map(([part, cpuMs]) => ({ part, cpuMs })).sort((a, b) => b.cpuMs - a.cpuMs);
}

/**
 * The two tasks every page pays before it is drawn (decision 187), each with its thread CPU and its
 * parts (see PARTS), or null when the trace has none: `navigation`, the task that commits the new
 * document (its window and script contexts, the first bytes handed to the parser: `bytes`, and the
 * preloads the scanner found in them), and `layout`, the task of the page's largest layout (the
 * first that lays the whole document out): `elements` styled and `objects` laid out in it.
 */
export function firstTasks(traceEvents) {
  const navigation = pageNavigation(traceEvents);
  if (!navigation) return { navigation: null, layout: null };
  const thread = traceEvents
    .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === "X" && e.ts >= navigation.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const taskOf = (event) => {
    if (!event) return null;
    const task = thread
      .filter((e) => TASK_NAMES.has(e.name) && e.ts <= event.ts && e.ts + e.dur >= event.ts + event.dur)
      .reduce((outer, e) => (!outer || e.dur > outer.dur ? e : outer), null);
    if (!task) return null;
    const inside = thread.filter((e) => e !== task && e.ts >= task.ts && e.ts < task.ts + task.dur);
    return {
      task,
      inside,
      startMs: (task.ts - navigation.ts) / 1000,
      cpuMs: (task.tdur ?? 0) / 1000,
      parts: partsOf(task, inside),
    };
  };
  const nav = taskOf(thread.find((e) => e.name === "DocumentLoader::CommitNavigation"));
  const largest = thread
    .filter((e) => e.name === "Layout")
    .reduce((a, e) => (!a || objectsOf(e) > objectsOf(a) ? e : a), null);
  const layout = taskOf(largest);
  return {
    navigation: nav && {
      startMs: nav.startMs,
      cpuMs: nav.cpuMs,
      parts: nav.parts,
      bytes: nav.inside
        .filter((e) => e.name === "DocumentLoader::HandleData")
        .reduce((sum, e) => sum + (e.args?.data?.length ?? e.args?.length ?? 0), 0),
    },
    layout: layout && {
      startMs: layout.startMs,
      cpuMs: layout.cpuMs,
      parts: layout.parts,
      elements: Math.max(
        0,
        ...layout.inside.filter((e) => e.name === "UpdateLayoutTree").map((e) => e.args?.elementCount ?? 0),
      ),
      objects: objectsOf(largest),
    },
  };
}

const objectsOf = (layout) => layout.args?.beginData?.dirtyObjects ?? 0;

/** firstTasks in one line: each task's CPU and its four largest parts. */
export function describeFirstTasks({ navigation, layout }) {
  const parts = (t) =>
    t.parts
      .slice(0, 4)
      .map((p) => `${p.part} ${p.cpuMs.toFixed(1)}`)
      .join(", ");
  return [
    navigation &&
      `navigation task ${navigation.cpuMs.toFixed(1)} ms of CPU with ${navigation.bytes} B of the document (${parts(navigation)})`,
    layout &&
      `largest layout's task ${layout.cpuMs.toFixed(1)} ms of CPU, ${layout.elements} elements styled and ${layout.objects} objects laid out (${parts(layout)})`,
  ]
    .filter(Boolean)
    .join("; ");
}

/**
 * The blocking time Lighthouse counted, by kind of task (decision 187): the long-tasks audit's
 * simulated tasks (`details.debugData.tasks`: simulated start and duration), each clipped to the
 * window TBT counts (from the simulated FCP to the simulated TTI) less 50 ms, named by the trace's
 * task of the same simulated duration (`longTasks`), "unmatched" when none is. A task that ends before
 * the simulated FCP counts nothing, however long: on these pages the document's commit does. TBT
 * itself averages two simulations with their own FCP and TTI, so the sum is near it, not equal.
 */
export function countedByKind(tasks, simulatedTasks, fcpMs, ttiMs) {
  const left = [...tasks];
  const byKind = new Map();
  for (const simulated of simulatedTasks) {
    const i = left.findIndex((task) => Math.abs(task.simulatedMs - simulated.duration) < 1);
    const kind = i >= 0 ? left.splice(i, 1)[0].kind : "unmatched";
    const clipped = Math.min(simulated.startTime + simulated.duration, ttiMs) - Math.max(simulated.startTime, fcpMs);
    if (clipped > BLOCKING_MS) byKind.set(kind, (byKind.get(kind) ?? 0) + clipped - BLOCKING_MS);
  }
  return [...byKind].sort((a, b) => b[1] - a[1]);
}
