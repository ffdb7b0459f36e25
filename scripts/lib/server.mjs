// Starting and stopping the production server (cluster.mjs: server.mjs in one worker per core,
// WEB_CONCURRENCY to change) from scripts.
import { spawn } from "node:child_process";
import net from "node:net";
import { ROOT } from "./build.mjs";

/** A TCP port that is free right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** True when something already listens on the port (on either loopback address). */
export async function isPortInUse(port) {
  const probe = (host) =>
    new Promise((resolve) => {
      const socket = net.connect(port, host);
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
  const [v4, v6] = await Promise.all([probe("127.0.0.1"), probe("::1")]);
  return v4 || v6;
}

/** Environment variables that would switch engines or payments on from the caller's shell. */
export function withoutShellOverrides(env) {
  const copy = { ...env };
  for (const key of Object.keys(copy)) {
    if (key.startsWith("STRIPE_") || key === "SESSION_SECRET" || key === "PUBLIC_URL") delete copy[key];
  }
  return copy;
}

/**
 * The environment of a production server a script starts for itself: the embedded store in
 * `dataDir`, listening on `port`, without the caller's shell overrides; `settings` add or replace.
 * @param {number} port
 * @param {string} dataDir
 * @param {Record<string, string | undefined>} [settings]
 * @returns {NodeJS.ProcessEnv}
 */
export function productionEnv(port, dataDir, settings = {}) {
  return {
    ...withoutShellOverrides(process.env),
    NODE_ENV: "production",
    BACKEND: "embedded",
    DATA_DIR: dataDir,
    PORT: String(port),
    ...settings,
  };
}

/**
 * Starts the production server on the production build; `nodeArgs` go to node (e.g. --cpu-prof).
 * @param {{ env: Record<string, string | undefined>, stdio?: import("node:child_process").StdioOptions, nodeArgs?: string[] }} options
 */
export function startServer({ env, stdio = "inherit", nodeArgs = [] }) {
  // Production requires PUBLIC_URL; a server a script starts on this machine is reached on localhost.
  if (!env.PUBLIC_URL && env.PORT) env = { ...env, PUBLIC_URL: `http://localhost:${env.PORT}` };
  return spawn(process.execPath, [...nodeArgs, "cluster.mjs"], { cwd: ROOT, env, stdio });
}

/**
 * Resolves once GET url answers 200; rejects if the server exits first or the time runs out.
 */
export async function waitForHealthy(url, { child, timeoutMs = 60_000 } = {}) {
  let exited;
  const onExit = (code, signal) => (exited = signal ?? `exit code ${code}`);
  child?.once("exit", onExit);
  try {
    const deadline = Date.now() + timeoutMs;
    let lastProblem = "no answer";
    while (Date.now() < deadline) {
      if (exited) throw new Error(`the server stopped before it was ready (${exited})`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        if (response.status === 200) return;
        lastProblem = `status ${response.status}`;
      } catch (error) {
        lastProblem = error?.cause?.code ?? error?.message ?? String(error);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${url} did not answer 200 within ${Math.round(timeoutMs / 1000)} s (last: ${lastProblem})`);
  } finally {
    child?.off("exit", onExit);
  }
}

/** Sends SIGTERM, then SIGKILL after a grace period; resolves when the process has exited. */
export function stopServer(child, graceMs = 5_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
