/**
 * The embedded engine served by several worker processes over one SQLite file (decision 021): real
 * child processes, each opening the file as a worker does, prove that what is shared is shared.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { Doc, DocStore } from "~/engine/store/types";

const ROOT = path.resolve(__dirname, "../..");
const WORKER = path.join(__dirname, "support/worker-process.ts");
const run = promisify(execFile);

let dir: string;
let file: string;
let store: DocStore | undefined;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "workers-"));
  file = path.join(dir, "skillswap.sqlite");
  store = openSqliteStore(file);
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function worker(...args: string[]) {
  return run(process.execPath, ["--import", "tsx", WORKER, ...args], { cwd: ROOT });
}

/** Starts a long-running worker and resolves with its process and the first line it prints. */
function startWorker(...args: string[]): Promise<{ child: ChildProcess; firstLine: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve({ child, firstLine: out.split("\n")[0] });
    });
    child.once("exit", (code) => reject(new Error(`worker exited early (${code})`)));
  });
}

describe("several worker processes over one SQLite file", () => {
  it("delivers a commit made in another process to this process's watchers", async () => {
    const docs: (Doc | null)[] = [];
    const lists: Doc[][] = [];
    store!.watchDoc("chats/c1", (doc) => docs.push(doc));
    store!.watchQuery({ collection: "chats/c1/messages" }, (list) => lists.push(list));
    await vi.waitFor(() => expect(docs).toEqual([null]));

    await worker("commit", file, "chats/c1", JSON.stringify({ lastMessage: "hello from the other worker" }));
    await worker("commit", file, "chats/c1/messages/m1", JSON.stringify({ text: "hi" }));

    await vi.waitFor(() => expect(docs.at(-1)?.data).toEqual({ lastMessage: "hello from the other worker" }), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(lists.at(-1)?.map((doc) => doc.data.text)).toEqual(["hi"]), { timeout: 10_000 });
  });

  it("keeps one rate limit across processes: concurrent hits from two workers are all counted", async () => {
    const [a, b] = await Promise.all([
      worker("hit", file, "booking_request", "learner-1", "150"),
      worker("hit", file, "booking_request", "learner-1", "150"),
    ]);
    expect(Number(a.stdout) + Number(b.stdout)).toBe(300);
    const { openSqliteLimitBackend } = await import("~/engine/limits/sqlite.server");
    const backend = openSqliteLimitBackend(file);
    // No hit lost to a race: the row holds all 300 (a lost update would leave fewer).
    expect(backend.storage("booking_request").get("learner-1")?.hits).toHaveLength(300);
    backend.close();
  });

  it("runs timed work in exactly one of two workers, and in the other once the leader is killed", async () => {
    const first = await startWorker("lead", file, "100", "2000");
    const second = await startWorker("lead", file, "100", "2000");
    const ids = new Set([first.firstLine, second.firstLine]);
    const runs = () => store!.query<{ holder: string; at: number }>({ collection: "job_runs" });

    await vi.waitFor(async () => expect((await runs()).length).toBeGreaterThanOrEqual(10), { timeout: 15_000 });
    const holders = new Set((await runs()).map((doc) => doc.data.holder));
    expect(holders.size).toBe(1);
    const [leaderId] = holders;
    expect(ids.has(leaderId)).toBe(true);

    const leader = leaderId === first.firstLine ? first.child : second.child;
    const killedAt = Date.now();
    leader.kill("SIGKILL");
    await new Promise((resolve) => leader.once("exit", resolve));

    const survivor = leaderId === first.firstLine ? second.firstLine : first.firstLine;
    await vi.waitFor(async () => expect((await runs()).some((doc) => doc.data.holder === survivor)).toBe(true), {
      timeout: 15_000,
    });
    // Never both: every run of the survivor comes after the leader was killed.
    for (const doc of await runs())
      if (doc.data.holder === survivor) expect(doc.data.at).toBeGreaterThanOrEqual(killedAt);
  }, 40_000);
});
