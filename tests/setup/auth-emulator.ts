/**
 * The Firebase Auth emulator from firebase-tools (pure Node, runs offline), started for one test
 * file on 127.0.0.1 with free ports of its own, so that several runs on one machine never collide.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { freePort } from "../support/free-port";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const FIREBASE_CLI = fileURLToPath(new URL("../../node_modules/firebase-tools/lib/bin/firebase.js", import.meta.url));
// Cold start on a busy 2-core machine is the slow part (loading firebase-tools takes seconds).
const START_TIMEOUT_MS = 120_000;

export interface RunningAuthEmulator {
  host: string;
  projectId: string;
  stop: () => Promise<void>;
}

async function waitUntilAnswering(host: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://${host}/`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Auth emulator did not answer within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export async function startAuthEmulator(projectId = "demo-skillswap-test"): Promise<RunningAuthEmulator> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "skillswap-auth-emulator-"));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  await writeFile(
    path.join(dir, "firebase.json"),
    JSON.stringify({
      emulators: {
        auth: { host: "127.0.0.1", port: auth },
        hub: { host: "127.0.0.1", port: hub },
        logging: { host: "127.0.0.1", port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [
      FIREBASE_CLI,
      "emulators:start",
      "--only",
      "auth",
      "--project",
      projectId,
      "--config",
      path.join(dir, "firebase.json"),
    ],
    {
      cwd: dir,
      // No Google metadata-server probing: tests talk to 127.0.0.1 only.
      env: { ...process.env, CI: "true", NO_UPDATE_NOTIFIER: "1", METADATA_SERVER_DETECTION: "none" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const host = `127.0.0.1:${auth}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(forced);
    }
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(host, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { host, projectId, stop };
}
