/**
 * The Firebase Auth emulator from firebase-tools (pure Node, runs offline), started for one test
 * file on 127.0.0.1 with a free port of its own, so that several runs on one machine never collide.
 * auth-emulator-server.mjs runs it without the firebase CLI and says when it answers (decision 095).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const SERVER = fileURLToPath(new URL("./auth-emulator-server.mjs", import.meta.url));
// A guard, not a wait: the start announces itself (about 10 s at load 19; decision 095).
const START_TIMEOUT_MS = 120_000;

export interface RunningAuthEmulator {
  host: string;
  projectId: string;
  stop: () => Promise<void>;
}

/** The port the server announces once it answers requests; rejects if it exits or stays silent. */
function announcedPort(child: ChildProcess, output: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The Auth emulator did not start within ${START_TIMEOUT_MS / 1000} s:\n${output()}`)),
      START_TIMEOUT_MS,
    );
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`The Auth emulator exited with ${code}:\n${output()}`));
    };
    child.once("exit", onExit);
    let pending = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const line = /^\{"listening":(\d+)\}$/m.exec(pending);
      if (!line) return;
      clearTimeout(timer);
      child.off("exit", onExit);
      resolve(Number(line[1]));
    });
  });
}

export async function startAuthEmulator(projectId = "demo-skillswap-test"): Promise<RunningAuthEmulator> {
  const child = spawn(process.execPath, [SERVER, projectId], {
    // No Google metadata-server probing: tests talk to 127.0.0.1 only.
    env: { ...process.env, METADATA_SERVER_DETECTION: "none" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(forced);
  };
  try {
    const port = await announcedPort(child, () => log);
    return { host: `127.0.0.1:${port}`, projectId, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
