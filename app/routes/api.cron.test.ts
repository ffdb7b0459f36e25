import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SECRET = "s".repeat(40);
let dir: string;
let action: typeof import("./api.cron").action;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "cron-route-"));
  process.env.DATA_DIR = dir;
  process.env.CRON_SECRET = SECRET;
  ({ action } = await import("./api.cron"));
});

afterAll(async () => {
  const { getStore } = await import("~/engine/index.server");
  await (await getStore()).close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (headers: Record<string, string> = {}) =>
  action({ request: new Request("http://localhost/api/cron", { method: "POST", headers }), params: {}, context: {} });

describe("POST /api/cron", () => {
  it("refuses callers without the secret", async () => {
    expect((await call()).status).toBe(403);
    expect((await call({ "X-Cron-Secret": "wrong" })).status).toBe(403);
  });

  it("runs due work for the scheduler", async () => {
    const response = await call({ "X-Cron-Secret": SECRET });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      ok: true,
      reminders: 0,
      expired: 0,
      completed: 0,
      board: { expired: 0, warned: 0 },
      // Members' data archives that wait (issue 32): none here.
      exports: { built: 0, failed: 0 },
      // On Firebase nothing else runs the mail step, so the cron call does (decision 022).
      mail: { sent: 0, batched: 0, skipped: 0, retried: 0, failed: 0, interrupted: 0 },
      // And the push step (decision 046): sessions starting within 10 minutes, then due pushes.
      push: { starting: 0, sent: 0, held: 0, skipped: 0, retried: 0, failed: 0, removed: 0, interrupted: 0 },
      // Board proposals whose time passed unanswered (decision 041).
      lapsedProposals: 0,
      // New board posts told to the members they fit (the first run only sets its cursor).
      boardAlerts: 0,
      // Digests of members whose period ended (decision 047): nobody here.
      digests: { due: 0, queued: 0, empty: 0, done: 0 },
      // The one-off conversion of stored pictures (decision 027): nothing to convert here.
      pictures: 0,
      // The day's retention run (decision 044): nothing is past its period in a new store.
      retention: {
        sentMail: 0,
        expiredSignIns: 0,
        signInLockouts: 0,
        notifications: 0,
        dataArchives: 0,
        digests: 0,
        pushJobs: 0,
      },
    });
    // Once a day: the next call finds today's run done.
    expect((await (await call({ "X-Cron-Secret": SECRET })).json()).retention).toBeNull();
  });
});
