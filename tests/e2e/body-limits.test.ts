import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { rawRequest } from "./support/raw-request";
import { e2eStore } from "./support/store";
import { noisyPng } from "../support/pictures";

/**
 * Issue 25, finding 3: the large body limit belongs to the routes that take uploads, and only for a
 * signed-in member. Before, any multipart post of up to 3 MB was read on any route, signed out
 * included: 400 of them drove a worker to about 615 MB, and it stayed near 500 MB.
 */

const FORM_LIMIT = 64 * 1024;

/** Resident memory (KB) of each of the server's worker processes, found by the run's data directory in /proc. */
function workerRssKb(): Map<number, number> {
  const dataDir = `DATA_DIR=${process.env.E2E_DATA_DIR}`;
  const servers: Array<{ pid: number; worker: boolean }> = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const env = readFileSync(`/proc/${name}/environ`, "utf8").split("\0");
      const cmdline = readFileSync(`/proc/${name}/cmdline`, "utf8");
      if (!env.includes(dataDir) || !cmdline.includes("cluster.mjs")) continue;
      servers.push({ pid: Number(name), worker: env.some((entry) => entry.startsWith("NODE_UNIQUE_ID=")) });
    } catch {
      // a process that ended while we looked, or someone else's
    }
  }
  // Several workers under a primary, or (WEB_CONCURRENCY=1) the one process that serves.
  const serving = servers.some((s) => s.worker) ? servers.filter((s) => s.worker) : servers;
  const rss = new Map<number, number>();
  for (const { pid } of serving) {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    rss.set(pid, Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
  }
  return rss;
}

/** A multipart body with one file part of `bytes` bytes, as a form with a picture is sent. */
function multipartBody(bytes: number): { body: Buffer; contentType: string } {
  const boundary = "----skillswap-limit-test";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(bytes - head.length - tail.length, 0x61);
  return { body: Buffer.concat([head, filler, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * One post on its own connection. The server may answer and close before the body is all written;
 * when the close reaches this client before the answer does, the post was refused all the same:
 * status 0.
 */
function post(baseURL: string, path: string, body: Buffer, headers: Record<string, string>) {
  return rawRequest(baseURL, {
    method: "POST",
    path,
    body,
    agent: false,
    headers: { ...headers, "Content-Length": String(body.length) },
  });
}

test("400 signed-out posts of 3 MB leave the server's memory where it was", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const before = workerRssKb();
  expect(before.size).toBeGreaterThan(0);
  const { body, contentType } = multipartBody(3 * 1024 * 1024 - 1024);
  // Routes whose actions read a form, and one that takes uploads: all of them signed out.
  const routes = ["/auth", "/reset-password", "/signup", "/profile", "/api/chat/open", "/api/reports"];
  const total = 400;
  const concurrency = 8;
  let next = 0;
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const answer = await post(baseURL!, routes[i % routes.length]!, body, {
          "Content-Type": contentType,
          Origin: baseURL!,
        });
        statuses.push(answer.status);
      }
    }),
  );
  expect(statuses).toHaveLength(total);
  // Refused, each of them: a 413, or the connection closed before the answer was read.
  expect(statuses.filter((status) => status !== 413 && status !== 0)).toEqual([]);

  // Each worker comes back within 50 MB of where it started (a garbage collection may take a moment).
  await expect
    .poll(
      () => {
        const after = workerRssKb();
        return Math.max(...[...before].map(([pid, kb]) => ((after.get(pid) ?? kb) - kb) / 1024));
      },
      { timeout: 30_000, message: "growth of the most grown worker, in MB" },
    )
    .toBeLessThan(50);
});

test("a signed-out multipart post over the form limit is refused with 413 before it is read", async ({ baseURL }) => {
  const { body, contentType } = multipartBody(FORM_LIMIT + 1024);
  for (const path of ["/profile", "/profile.data", "/auth"]) {
    const answer = await post(baseURL!, path, body, { "Content-Type": contentType, Origin: baseURL! });
    expect(answer.status, path).toBe(413);
    expect(answer.headers.connection, path).toBe("close");
    expect(answer.body, path).toContain("too large");
  }
  // Within the form limit a signed-out upload is simply sent to sign in.
  const small = multipartBody(16 * 1024);
  const answer = await post(baseURL!, "/profile", small.body, { "Content-Type": small.contentType, Origin: baseURL! });
  expect(answer.status).toBe(302);
});

test("a signed-in member's picture over the form limit is still uploaded", async ({ browser, baseURL }) => {
  const user = await createUser({ fullName: "Ulla Upload" });
  const page = await openAs(browser, user, baseURL!, { path: "/profile" });
  const picture = noisyPng(400);
  expect(picture.length).toBeGreaterThan(FORM_LIMIT);
  const response = await page.request.post("/profile.data", {
    headers: { Origin: baseURL! },
    multipart: { avatar: { name: "me.png", mimeType: "image/png", buffer: picture } },
  });
  expect(response.status()).toBe(200);
  const stored = (await e2eStore().get(`users/${user.uid}`))?.data.profilePicture;
  expect(stored).toMatch(new RegExp(`^/avatars/${user.uid}/`));
  // Elsewhere the same member's multipart post gets only the form limit.
  const elsewhere = await page.request.post("/settings", {
    headers: { Origin: baseURL! },
    multipart: { avatar: { name: "me.png", mimeType: "image/png", buffer: picture } },
  });
  expect(elsewhere.status()).toBe(413);
});
