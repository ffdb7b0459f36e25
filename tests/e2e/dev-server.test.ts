/**
 * `npm run dev` answers a busy store as the production server does (decision 102): `remix dev`
 * starts the app server command of package.json's `dev` script (remix-serve when it names none)
 * with the environment it gives it, and waits until that server says it serves the build. Here the
 * test stands in for `remix dev` (it answers the server's ping), holds the embedded store's write
 * lock and posts a sign-up: the answer says, in the reader's language, that nothing was changed (503).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { freePort, stopServer, waitForHealthy, withoutShellOverrides } from "../../scripts/lib/server.mjs";
import { PASSWORD, uniqueEmail } from "./support/fixtures";
import { expect, test } from "./support/test";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The app server `remix dev` runs: its `-c` command, else remix-serve on the server build. */
function devAppServerCommand(): string[] {
  const script: string = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.dev;
  const command = /(?:-c|--command)\s+"([^"]+)"/.exec(script)?.[1] ?? "remix-serve build/index.js";
  return command.split(/\s+/);
}

test("the dev server answers a busy store with a 503 in the reader's language, not a 500", async () => {
  test.slow();
  const pings: string[] = [];
  const devServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/ping") pings.push(body);
      res.end();
    });
  });
  const devPort = await freePort();
  await new Promise<void>((resolve) => devServer.listen(devPort, resolve));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dev-server-"));
  const [program, ...args] = devAppServerCommand();
  const app: ChildProcess = spawn(program, args, {
    cwd: ROOT,
    stdio: "ignore",
    env: {
      ...withoutShellOverrides(process.env),
      // What `remix dev` gives its app server.
      NODE_ENV: "development",
      REMIX_DEV_ORIGIN: `http://localhost:${devPort}/`,
      PATH: `${path.join(ROOT, "node_modules", ".bin")}:${process.env.PATH}`,
      BACKEND: "embedded",
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: origin,
      PAYMENTS: "off",
    },
  });
  let lock: Database.Database | undefined;
  try {
    await (waitForHealthy as (url: string, options: { child: ChildProcess }) => Promise<void>)(`${origin}/healthz`, {
      child: app,
    });
    // `remix dev` waits for this before it reloads the browser.
    await expect.poll(() => pings.length).toBeGreaterThan(0);
    expect(JSON.parse(pings[0])).toHaveProperty("buildHash");

    lock = new Database(path.join(dataDir, "skillswap.sqlite"));
    lock.exec("BEGIN IMMEDIATE");
    // As the sign-up form posts it once its scripts run (single fetch's `.data` path).
    const answer = await fetch(`${origin}/signup.data`, {
      method: "POST",
      headers: { Origin: origin, "Accept-Language": "es" },
      body: new URLSearchParams({ email: uniqueEmail("dev-busy"), password: PASSWORD }),
    });
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain("SkillSwap está muy ocupado");
  } finally {
    lock?.exec("ROLLBACK");
    lock?.close();
    await stopServer(app);
    devServer.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
