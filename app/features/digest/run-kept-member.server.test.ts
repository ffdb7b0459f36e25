/**
 * What the digest run keeps of each member while it lasts (decision 133): only the fields a digest
 * reads, not the whole profile. The run holds every member until it ends, so at 10,000 members a
 * profile's bio, rates and availability, held for each, were most of its memory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import { gatherDigest } from "./gather.server";
import { queueDueDigests } from "./run.server";

vi.mock("./gather.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("./gather.server")>();
  return { ...real, gatherDigest: vi.fn(real.gatherDigest) };
});

const DAY = 86_400_000;
// Thursday 26 November 2026, 10:00 UTC: the week of Monday 16 November has ended.
const NOW = Date.UTC(2026, 10, 26, 10);
const dir = mkdtempSync(path.join(tmpdir(), "digest-kept-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("hands each digest only the member's tags and join time, and keeps of newcomers only what a match shows", async () => {
  const store = openSqliteStore(path.join(dir, "store.sqlite"));
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
