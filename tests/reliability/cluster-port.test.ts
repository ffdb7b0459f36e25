/**
 * cluster.mjs tries its port before it starts a worker (decision 177): a stale server still holding
 * it would otherwise answer the health check, the sign-up and every page while this one's workers
 * load the build, fail to bind and are restarted.
 */
import { execFile } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const run = promisify(execFile);
let holder: net.Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
  holder = undefined;
});

it("exits at once, naming the port, when another process listens on it", async () => {
  holder = net.createServer();
  await new Promise<void>((resolve) => holder!.listen(0, resolve));
  const port = (holder.address() as net.AddressInfo).port;
  const outcome = await run(process.execPath, ["cluster.mjs"], {
    cwd: ROOT,
    // Two workers: with one, cluster.mjs runs server.mjs in its own process, which fails on its own.
    env: { ...process.env, PORT: String(port), WEB_CONCURRENCY: "2", NODE_ENV: "production" },
    timeout: 20_000,
  }).then(
    () => ({ code: 0, stderr: "" }),
    (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? "" }),
  );
  expect(outcome.code).toBe(1);
  expect(outcome.stderr).toContain(`cannot listen on port ${port}`);
  // No worker was forked: forking one loads the build, which takes seconds.
  expect(outcome.stderr).not.toContain("worker");
});
