import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import { DIGESTS } from "~/documents/digest";
import { MAIL_JOBS } from "~/documents/mail";
import { queueDueDigests } from "~/features/digest/run.server";

const ROOT = path.resolve(__dirname, "..");
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("bench/growth-seed.ts", () => {
  // bench:growth measures pages: a server composing and mailing every member's digest as it starts
  // would be measured with them (decision 106).
  it("leaves no digest for the server to compose: the period that just ended is done for every member", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "skillswap-growth-seed-test-"));
    dirs.push(dir);
    const seeded = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["bench/growth-seed.ts", "12", "20"], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: dir,
        SESSION_SECRET: "growth-seed-test-secret-0123456789",
        PUBLIC_URL: "http://localhost:3000",
      },
      encoding: "utf8",
    });
    expect(seeded.stderr).toBe("");
    expect(seeded.status).toBe(0);
    const last = JSON.parse(seeded.stdout.trim().split("\n").pop()!);
    expect(last).toMatchObject({ members: 12, posts: 20 });

    const store = openSqliteStore(path.join(dir, "skillswap.sqlite"));
    try {
      expect(await queueDueDigests(store, Date.now())).toEqual({ due: 0, queued: 0, empty: 0, done: 0 });
      expect(await store.query({ collection: MAIL_JOBS })).toEqual([]);
      // Every seeded member's (not the viewer's: they joined today) period is recorded as done.
      expect((await store.query({ collection: DIGESTS })).length).toBe(12);
    } finally {
      await store.close();
    }
  }, 120_000);
});
