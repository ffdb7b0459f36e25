/**
 * Google's official Cloud Firestore emulator (the one `firebase emulators:start` runs: security
 * rules, and the WebChannel endpoint the browser SDK uses), found on this machine, started on a
 * free port of 127.0.0.1 with firebase/firestore.rules, and stopped with every process it started.
 *
 * Where it comes from, first found wins (decision 032):
 * 1. FIRESTORE_EMULATOR_BINARY_PATH, the variable firebase-tools honours too: a `.jar` is run with
 *    `java -jar` (firebase-tools' download), anything else is run as the Cloud SDK's
 *    `cloud_firestore_emulator` script. An explicit choice wins over what happens to be installed.
 * 2. `gcloud` on the PATH: `gcloud emulators firestore start` (Debian's
 *    google-cloud-cli-firestore-emulator, preinstalled on this project's machine image).
 * 3. The Cloud SDK's jar, `platform/cloud-firestore-emulator/` under CLOUDSDK_ROOT_DIR or a usual
 *    install place, when `gcloud` itself is not on the PATH.
 * 4. firebase-tools' cached jar (`npx firebase setup:emulators:firestore` downloads it) in
 *    FIREBASE_EMULATORS_PATH or ~/.cache/firebase/emulators.
 * Every way needs Java (11 or later; 17 here) on the PATH or in JAVA_HOME.
 *
 * Nothing is left running: the emulator runs under a small `sh` guard that kills its process groups
 * (java included: killing only `gcloud` leaves java running, TOOLCHAIN.md) when the test process
 * closes the guard's stdin, on stop, or when that process ends in any way, even killed: the kernel
 * closes the pipe then.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, realpathSync } from "node:fs";
import { freePort } from "../support/free-port";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FIRESTORE_RULES = fileURLToPath(new URL("../../firebase/firestore.rules", import.meta.url));

/** The one line a skipped stage shows when the emulator cannot be found. */
export const HOW_TO_GET_IT =
  "Google's Cloud Firestore emulator and Java 11+ not found: install the Cloud SDK component (apt-get install google-cloud-cli-firestore-emulator, or gcloud components install cloud-firestore-emulator) or run `npx firebase setup:emulators:firestore`, or set FIRESTORE_EMULATOR_BINARY_PATH";

// A cold JVM on a busy 2-core machine: ~6 s when the load is 12, so a generous bound.
const START_TIMEOUT_MS = 120_000;
const SDK_JAR = path.join("platform", "cloud-firestore-emulator", "cloud-firestore-emulator.jar");
const SDK_MAIN_CLASS = "com.google.cloud.datastore.emulator.firestore.CloudFirestore";

export interface FoundFirestoreEmulator {
  found: true;
  /** Where it was found, for logs and the report. */
  source: string;
  command: string;
  args: (port: number, rules: string) => string[];
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function java(): string | undefined {
  const fromHome = process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, "bin", "java");
  return fromHome && existsSync(fromHome) ? fromHome : onPath("java");
}

const sdkJarArgs = (jar: string) => (port: number, rules: string) => [
  "-Duser.language=en",
  "-cp",
  jar,
  SDK_MAIN_CLASS,
  "start",
  ...hostArgs(port, rules),
];

const hostArgs = (port: number, rules: string) => ["--host", "127.0.0.1", "--port", String(port), "--rules", rules];

/** firebase-tools' jars carry a main class and take the same options as the SDK's. */
const firebaseJarArgs = (jar: string) => (port: number, rules: string) => [
  "-Duser.language=en",
  "-jar",
  jar,
  ...hostArgs(port, rules),
];

function sdkRoots(): string[] {
  const roots = [
    process.env.CLOUDSDK_ROOT_DIR,
    "/usr/lib/google-cloud-sdk",
    "/usr/share/google-cloud-sdk",
    "/opt/google-cloud-sdk",
    path.join(os.homedir(), "google-cloud-sdk"),
  ];
  return roots.filter((root): root is string => Boolean(root));
}

function newestFirebaseJar(): string | undefined {
  const dir = process.env.FIREBASE_EMULATORS_PATH || path.join(os.homedir(), ".cache", "firebase", "emulators");
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  const version = (name: string) => (/v(\d+)\.(\d+)\.(\d+)\.jar$/.exec(name) ?? []).slice(1).map(Number);
  const newest = names
    .filter((name) => /^cloud-firestore-emulator-v[\d.]+\.jar$/.test(name))
    .sort((a, b) => {
      const [x, y] = [version(a), version(b)];
      return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
    })
    .at(-1);
  return newest && path.join(dir, newest);
}

/** Where the official emulator is on this machine, or the one line saying how to get it. */
export function findCloudFirestoreEmulator(): FoundFirestoreEmulator | { found: false; reason: string } {
  const javaBin = java();
  if (!javaBin) return { found: false, reason: HOW_TO_GET_IT };

  const override = process.env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (override) {
    if (!existsSync(override))
      return { found: false, reason: `FIRESTORE_EMULATOR_BINARY_PATH names ${override}, which does not exist` };
    return override.endsWith(".jar")
      ? { found: true, source: override, command: javaBin, args: firebaseJarArgs(override) }
      : {
          found: true,
          source: override,
          command: override,
          args: (port, rules) => ["start", ...hostArgs(port, rules)],
        };
  }

  const gcloud = onPath("gcloud");
  if (gcloud) {
    // Only when its emulator component is installed: otherwise gcloud would offer to install it.
    const root = path.dirname(path.dirname(realpathSync(gcloud)));
    if (existsSync(path.join(root, SDK_JAR)))
      return {
        found: true,
        source: `${gcloud} emulators firestore start`,
        command: gcloud,
        args: (port, rules) => ["emulators", "firestore", "start", `--host-port=127.0.0.1:${port}`, `--rules=${rules}`],
      };
  }

  for (const root of sdkRoots()) {
    const jar = path.join(root, SDK_JAR);
    if (existsSync(jar)) return { found: true, source: jar, command: javaBin, args: sdkJarArgs(jar) };
  }

  const cached = newestFirebaseJar();
  if (cached) return { found: true, source: cached, command: javaBin, args: firebaseJarArgs(cached) };

  return { found: false, reason: HOW_TO_GET_IT };
}

export interface RunningCloudFirestoreEmulator {
  /** host:port, as FIRESTORE_EMULATOR_HOST wants it. */
  host: string;
  port: number;
  source: string;
  /** How long it took to answer, in ms. */
  startedInMs: number;
  /** The emulator's last output lines: what it said about a request that failed. */
  logTail: (lines?: number) => string;
  stop: () => Promise<void>;
}

/**
 * The guard: runs the emulator in the background, then blocks reading its stdin, a pipe from this
 * process. The read ends when we close the pipe or when this process dies however it dies; then it
 * kills the emulator's process group (`gcloud` makes one of its own for itself, its shell script and
 * java) and its own (java, when it is started directly). If the emulator exits by itself, the guard
 * cleans up and exits with it.
 */
const GUARD = [
  'exec 3<&0; "$@" & pid=$!',
  '{ read -r _ <&3; kill -9 -"$pid" 2>/dev/null; kill -9 0; } &',
  'wait "$pid"; status=$?; kill -9 -"$pid" 2>/dev/null; kill -9 0; exit "$status"',
].join("\n");

function killGroup(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
}

export async function startCloudFirestoreEmulator(
  found: FoundFirestoreEmulator,
  rules = FIRESTORE_RULES,
): Promise<RunningCloudFirestoreEmulator> {
  const port = await freePort();
  const started = Date.now();
  const child = spawn("/bin/sh", ["-c", GUARD, "sh", found.command, ...found.args(port, rules)], {
    detached: true, // a process group of its own, so that one kill reaches java too
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, CLOUDSDK_CORE_DISABLE_PROMPTS: "1", CLOUDSDK_CORE_DISABLE_USAGE_REPORTING: "true" },
  });
  let log = "";
  child.stdout?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (log += chunk.toString()));
  let ended = false;
  const exited = new Promise<void>((resolve) => {
    const end = () => {
      ended = true;
      resolve();
    };
    child.once("exit", end);
    child.once("error", (error) => {
      log += String(error);
      end();
    });
  });

  // Closing the guard's stdin makes it kill everything; so does this process's exit.
  const stop = async () => {
    if (ended) return;
    child.stdin?.end();
    const forced = setTimeout(() => killGroup(child), 10_000);
    await exited;
    clearTimeout(forced);
  };

  const host = `127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (ended) throw new Error(`The Cloud Firestore emulator (${found.source}) exited before answering:\n${log}`);
      if (Date.now() > deadline)
        throw new Error(`The Cloud Firestore emulator did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
      const ok = await fetch(`http://${host}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const logTail = (lines = 40) => log.split("\n").slice(-lines).join("\n");
  return { host, port, source: found.source, startedInMs: Date.now() - started, logTail, stop };
}
