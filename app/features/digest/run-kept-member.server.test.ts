/**
 * What the digest run keeps of each member while it lasts (decision 133): only the fields a digest
 * reads, not the whole profile; at 10,000 members a profile's bio, rates and availability, held for
 * each, were most of its memory. And only a page of members at a time (decision 141), each still
 * getting one digest, once, whatever page they are on.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { gatherDigest } from "./gather.server";
import { MEMBERS_PER_PAGE, queueDueDigests } from "./run.server";

vi.mock("./gather.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("./gather.server")>();
  return { ...real, gatherDigest: vi.fn(real.gatherDigest) };
});

const DAY = 86_400_000;
// Thursday 26 November 2026, 10:00 UTC: the week of Monday 16 November has ended.
const NOW = Date.UTC(2026, 10, 26, 10);
const dir = mkdtempSync(path.join(tmpdir(), "digest-kept-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const profile = (createdAt: number, teach: string, learn: string) => ({
  fullName: `Teaches ${teach}`,
  bio: "A long introduction that no digest shows. ".repeat(20),
  timezone: "UTC",
  digest: "weekly",
  createdAt,
  skillsOffered: [{ tag: teach, label: teach, level: "expert" }],
  skillsWanted: [{ tag: learn, label: learn, level: "beginner" }],
  teachTags: [teach],
  learnTags: [learn],
});

it("hands each digest only the member's tags and join time, and keeps of newcomers only what a match shows", async () => {
  const store = openSqliteStore(path.join(dir, "store.sqlite"));
  await store.set("users/oldtimer", profile(NOW - 60 * DAY, "guitar", "welsh"));
  await store.set("users/newcomer", profile(Date.UTC(2026, 10, 17, 9), "welsh", "guitar"));

  const report = await queueDueDigests(store, NOW);

  expect(report).toMatchObject({ due: 2, queued: 1, empty: 1 });
  expect((await store.get("digests/oldtimer_weekly_2026-11-16"))?.data).toMatchObject({
    state: "queued",
    facts: { matches: [expect.objectContaining({ name: "Teaches welsh" })] },
  });
  const calls = vi.mocked(gatherDigest).mock.calls;
  expect(calls).toHaveLength(2);
  for (const [, member] of calls)
    expect(Object.keys(member).sort()).toEqual(["createdAt", "frequency", "learnTags", "teachTags", "uid"]);
  const shared = calls[0]![3];
  expect(shared.newcomers).toHaveLength(1);
  expect(shared.newcomers[0]).not.toHaveProperty("bio");
  await store.close();
});

const MEMBERS = 2 * MEMBERS_PER_PAGE + 50;

/** The store, with the size of every answer to a query on the members kept. */
function countingMemberReads(store: DocStore): { store: DocStore; answers: number[] } {
  const answers: number[] = [];
  const counting = new Proxy(store, {
    get(target, key, receiver) {
      if (key !== "query") return Reflect.get(target, key, receiver) as unknown;
      return async (...args: Parameters<DocStore["query"]>) => {
        const docs = await target.query(...args);
        if (args[0].collection === "users") answers.push(docs.length);
        return docs;
      };
    },
  });
  return { store: counting, answers };
}

it("holds at most one page of members and writes each member's digest and mail job once", async () => {
  const store = openSqliteStore(path.join(dir, "pages.sqlite"));
  const uid = (i: number) => `member${String(i).padStart(5, "0")}`;
  await store.transaction(async (tx) => {
    for (let i = 0; i < MEMBERS; i++) tx.set(`users/${uid(i)}`, profile(NOW - 60 * DAY, "guitar", "welsh"));
    // Joined during the week and teaches what everyone wants: a new match in every other digest.
    tx.set("users/newcomer", profile(Date.UTC(2026, 10, 17, 9), "welsh", "guitar"));
  });
  const { store: counting, answers } = countingMemberReads(store);

  const report = await queueDueDigests(counting, NOW);

  expect(Math.max(...answers)).toBeLessThanOrEqual(MEMBERS_PER_PAGE);
  expect(report).toMatchObject({ due: MEMBERS + 1, queued: MEMBERS, empty: 1, done: 0 });
  const digests = await store.query({ collection: "digests" });
  expect(new Set(digests.map((d) => d.id)).size).toBe(MEMBERS + 1);
  const jobs = (await store.query({ collection: "mail_jobs" })).filter((d) => d.id.startsWith("digest_"));
  expect(jobs.map((d) => d.id).sort()).toEqual(
    Array.from({ length: MEMBERS }, (_, i) => `digest_${uid(i)}_weekly_2026-11-16`).sort(),
  );
  // The next run finds every digest written and writes nothing.
  expect(await queueDueDigests(store, NOW + 3_600_000)).toMatchObject({ due: 0, queued: 0, empty: 0 });
  expect((await store.query({ collection: "mail_jobs" })).length).toBe(jobs.length);
  await store.close();
});
