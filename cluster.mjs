// The production start: one worker process per core, each running server.mjs on the same port
// (Node's cluster module hands connections out in turn) over the same data (decision 021).
// WEB_CONCURRENCY sets the number of workers; 1 runs server.mjs in this process, as before.
// Kept apart from server.mjs so that the server itself stays one plain process to read and edit.
import cluster from "node:cluster";
import net from "node:net";
import { availableParallelism } from "node:os";

function workerCount() {
  const raw = process.env.WEB_CONCURRENCY;
  if (raw === undefined || raw === "") return availableParallelism();
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`WEB_CONCURRENCY must be a whole number of at least 1 (it is "${raw}").`);
    process.exit(1);
  }
  return count;
}

const count = cluster.isPrimary ? workerCount() : 1;

if (!cluster.isPrimary || count === 1) {
  await import("./server.mjs");
} else {
  let stopping = false;
  // A worker that keeps dying at start (a bad configuration) must not be restarted in a tight loop.
  const recentDeaths = [];

  // The workers bind only once they have loaded the build (seconds, and tens of seconds under load),
  // and a worker that cannot bind dies and is restarted up to `count * 3` times. Meanwhile whatever
  // already holds the port answers: a script that started this server then signs up and seeds
  // through a stale server while reading this one's DATA_DIR ("No member signed up as …" from
  // bench/seed-member.ts, decision 177). So the port is tried once here, before any worker starts.
  const port = Number(process.env.PORT ?? 3000);
  const taken = await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error) => resolve(error));
    probe.listen(port, process.env.HOST, () => probe.close(() => resolve(null)));
  });
  if (taken) {
    console.error(
      `SkillSwap cannot listen on port ${port}: ${taken.code ?? taken.message}. Is another server still running there?`,
    );
    process.exit(1);
  }

  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();
  console.log(`SkillSwap: ${count} worker processes (WEB_CONCURRENCY=${count} to change).`);

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && recentDeaths[0] < now - 60_000) recentDeaths.shift();
    if (recentDeaths.length > count * 3) {
      console.error("SkillSwap workers keep stopping at start; giving up.");
      process.exit(1);
    }
    console.error(
      `SkillSwap worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another.`,
    );
    fork();
  });

  // A worker that committed tells the others straight away, so they read the change log at once
  // instead of at their next look (app/engine/live/commit-relay.server.ts, decisions 021 and 189).
  // It tells them by UDP on loopback, not through this process: here each worker only says which
  // port it listens on, and every worker is told all of them whenever one starts or stops.
  const relayPorts = new Map();
  const tellPeers = () => {
    const message = { type: "skillswap:relay-peers", ports: [...relayPorts.values()] };
    for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(message);
  };
  cluster.on("message", (from, message) => {
    if (message?.type !== "skillswap:relay-port" || !Number.isInteger(message.port)) return;
    relayPorts.set(from.id, message.port);
    tellPeers();
  });
  cluster.on("exit", (worker) => {
    if (relayPorts.delete(worker.id) && !stopping) tellPeers();
  });

  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      // Workers end their own open streams and exit within 5 s (server.mjs); never hang past that.
      setTimeout(() => process.exit(0), 7_000).unref();
    });
  }
}
