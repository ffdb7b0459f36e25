/**
 * `users/{uid}.digestDueAt` (decision 157): the hourly run reads only the members whose digest is
 * due, every change of what the due time follows writes it exactly, members from before it get
 * theirs once, and the digests sent are the ones the run that read every member sent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AuthProvider } from "~/engine/auth/types";
import type { FileStore } from "~/engine/files/types";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { reinstateMember, suspendMember } from "~/features/admin/members.server";
import { deleteAccount } from "~/features/members/delete-account.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { updateProfile } from "~/features/profile/profile.server";
import { setSkills } from "~/features/skills/skills.server";
import { countingReads } from "../../../tests/support/counting-reads";
import { DUE_BACKFILL, fillMissingDueTimes } from "./due-backfill.server";
import { lastCompletedPeriod } from "./period";
import { setDigestFrequency } from "./preference.server";
import { HOUR_MS, queueDueDigests } from "./run.server";

// Thursday 26 November 2026, 10:00 UTC: the week of Monday 16 November and the day of the 25th have ended.
const NOW = Date.UTC(2026, 10, 26, 10);
const JOINED = Date.UTC(2026, 0, 1);

const dir = mkdtempSync(path.join(tmpdir(), "digest-due-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let opened = 0;
const openStore = () => openSqliteStore(path.join(dir, `store-${++opened}.sqlite`));

const dueAt = async (store: DocStore, uid: string) => (await store.get(`users/${uid}`))!.data.digestDueAt;
const digestIds = async (store: DocStore) => (await store.query({ collection: "digests" })).map((d) => d.id).sort();

const member = (extra: Record<string, unknown> = {}) => ({
  fullName: "A Member",
  timezone: "UTC",
  createdAt: JOINED,
  xp: 0,
  ...extra,
});

describe("the hourly run", () => {
  it("reads only the members who are due: none in an hour when no period ended", async () => {
    const store = openStore();
    try {
      await store.transaction(async (tx) => {
        for (let i = 0; i < 1_050; i++) tx.set(`users/member${String(i).padStart(5, "0")}`, member());
        tx.set("users/dora", member({ digest: "daily" }));
      });
      // The first run gives every member a due time and writes last week's (and yesterday's) digests.
      expect(await queueDueDigests(store, NOW)).toMatchObject({ due: 1_051 });

      const nextHour = countingReads(store);
      expect(await queueDueDigests(nextHour.store, NOW + HOUR_MS)).toEqual({ due: 0, queued: 0, empty: 0, done: 0 });
      // The backfill's marker, and nothing else: no member, no digest record.
      expect(Object.fromEntries(nextHour.reads)).toEqual({ digest_runs: 1 });

      // Friday 00:00 UTC: Dora's day has ended, nobody's week: she is the one member read (by the
      // query for who is due, and by her digest's transaction).
      const midnight = countingReads(store);
      expect(await queueDueDigests(midnight.store, Date.UTC(2026, 10, 27, 0, 5))).toMatchObject({ due: 1 });
      expect(midnight.reads.get("users")).toBe(2);
      expect(midnight.reads.get("digests")).toBeUndefined();
      expect(await dueAt(store, "dora")).toBe(Date.UTC(2026, 10, 28));
      expect(await dueAt(store, "member00000")).toBe(Date.UTC(2026, 10, 30));
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe("every change of what the due time follows writes it", () => {
  const auth = { revokeSessions: async () => {}, deleteAccount: async () => {} } as unknown as AuthProvider;
  const files = { delete: async () => {} } as unknown as FileStore;

  it("sign-up, the digest choice, a digest sent, a time zone, profile setup, suspension and deletion", async () => {
    const store = openStore();
    try {
      // Joined now: this week's digest is the first (Monday 30 November, 00:00 UTC).
      await ensureProfile(store, "nina", NOW);
      expect(await dueAt(store, "nina")).toBe(Date.UTC(2026, 10, 30));
      // An older member: last week's digest has not been written, so it is due now.
      await ensureProfile(store, "olga", JOINED);
      expect(await dueAt(store, "olga")).toBe(Date.UTC(2026, 0, 5));
      await setDigestFrequency(store, "olga", "daily", NOW);
      expect(await dueAt(store, "olga")).toBe(Date.UTC(2026, 10, 26));

      // The run writes yesterday's digest and moves her to today's end.
      expect(await queueDueDigests(store, NOW)).toMatchObject({ due: 1 });
      expect(await digestIds(store)).toEqual(["olga_daily_2026-11-25"]);
      expect(await dueAt(store, "olga")).toBe(Date.UTC(2026, 10, 27));

      // Off: none will come; weekly again: last week's has not been written, due at once.
      await setDigestFrequency(store, "olga", "off", NOW);
      expect(await dueAt(store, "olga")).toBeNull();
      await setDigestFrequency(store, "olga", "weekly", NOW);
      expect(await dueAt(store, "olga")).toBe(Date.UTC(2026, 10, 23));
      await setDigestFrequency(store, "olga", "daily", NOW);

      // Her zone, from Settings: in Kiritimati (UTC+14) the 26th has ended at 10:00 UTC, and is due.
      await updateProfile(store, "olga", { timezone: "Pacific/Kiritimati" }, NOW);
      expect(await dueAt(store, "olga")).toBe(NOW);

      // Profile setup sets a zone too: in Tokyo (UTC+9) the 25th is written and the 26th runs until 15:00 UTC.
      await setSkills(store, "olga", [], [], { fullName: "Olga", bio: "", timezone: "Asia/Tokyo" }, NOW);
      expect(await dueAt(store, "olga")).toBe(Date.UTC(2026, 10, 26, 15));
      // Changing anything else leaves it.
      await updateProfile(store, "olga", { bio: "Hello" }, NOW);
      await setSkills(store, "olga", [], [], { fullName: "Olga O." }, NOW);
      expect(await dueAt(store, "olga")).toBe(Date.UTC(2026, 10, 26, 15));

      await suspendMember({ store, auth }, "admin", "olga", "Spam", NOW);
      expect(await dueAt(store, "olga")).toBeNull();
      await reinstateMember(store, "admin", "olga", "Cleared", NOW);
      expect(await dueAt(store, "olga")).toBe(Date.UTC(2026, 10, 26, 15));

      await deleteAccount({ store, auth, files }, "olga", NOW);
      expect(await dueAt(store, "olga")).toBeNull();
    } finally {
      await store.close();
    }
  });

  it("a zone change mid-period: the period that ended in the new zone once, none written twice", async () => {
    const store = openStore();
    try {
      await store.set("users/zoe", member({ digest: "daily" }));
      await queueDueDigests(store, NOW);
      expect(await digestIds(store)).toEqual(["zoe_daily_2026-11-25"]);

      // To Kiritimati (UTC+14): its 26th has just ended, and the next run writes it.
      await updateProfile(store, "zoe", { timezone: "Pacific/Kiritimati" }, NOW);
      expect(await queueDueDigests(store, NOW + 60_000)).toMatchObject({ due: 1 });
      expect(await dueAt(store, "zoe")).toBe(Date.UTC(2026, 10, 27, 10));

      // Then to Los Angeles (UTC-8): its 25th and 26th are written, so the 27th is next, ending 28 November 08:00 UTC.
      await updateProfile(store, "zoe", { timezone: "America/Los_Angeles" }, NOW + HOUR_MS);
      expect(await dueAt(store, "zoe")).toBe(Date.UTC(2026, 10, 28, 8));
      expect(await queueDueDigests(store, Date.UTC(2026, 10, 27, 8, 5))).toMatchObject({ due: 0 });
      expect(await queueDueDigests(store, Date.UTC(2026, 10, 28, 8, 5))).toMatchObject({ due: 1 });
      expect(await digestIds(store)).toEqual(["zoe_daily_2026-11-25", "zoe_daily_2026-11-26", "zoe_daily_2026-11-27"]);
    } finally {
      await store.close();
    }
  });
});

describe("members from before the due time", () => {
  it("get theirs once, the same from two workers at once; later runs read only the marker", async () => {
    const file = path.join(dir, `store-${++opened}.sqlite`);
    const [a, b] = [openSqliteStore(file), openSqliteStore(file)];
    try {
      await a.set("users/weekly", member());
      await a.set("users/tokyo", member({ timezone: "Asia/Tokyo", digest: "daily" }));
      await a.set("users/off", member({ digest: "off" }));
      await a.set("users/gone", member({ deleted: true }));
      await a.set("users/newbie", member({ createdAt: Date.UTC(2026, 10, 24) }));
      await a.set("users/set", member({ digestDueAt: 123 }));
      await a.set("digests/weekly_weekly_2026-11-16", { uid: "weekly", period: "weekly_2026-11-16", createdAt: NOW });

      const filled = await Promise.all([fillMissingDueTimes(a, NOW), fillMissingDueTimes(b, NOW)]);
      expect(filled[0] + filled[1]).toBe(5);
      expect(await dueAt(a, "weekly")).toBe(Date.UTC(2026, 10, 30));
      expect(await dueAt(a, "tokyo")).toBe(Date.UTC(2026, 10, 25, 15));
      expect(await dueAt(a, "off")).toBeNull();
      expect(await dueAt(a, "gone")).toBeNull();
      expect(await dueAt(a, "newbie")).toBe(Date.UTC(2026, 10, 30));
      expect(await dueAt(a, "set")).toBe(123);
      expect((await a.get(`digest_runs/${DUE_BACKFILL}`))!.data.finishedAt).toBeGreaterThan(0);

      await a.set("users/late", member());
      const counted = countingReads(a);
      expect(await fillMissingDueTimes(counted.store, NOW + HOUR_MS)).toBe(0);
      expect(Object.fromEntries(counted.reads)).toEqual({ digest_runs: 1 });
    } finally {
      await a.close();
      await b.close();
    }
  });
});

/**
 * The digests decision 047's run wrote: at each hour, for every member, the period that ended last
 * in their choice and zone, once, if they were a member during it and not off, suspended or deleted.
 */
function everyMemberRun(members: Map<string, Record<string, unknown>>, hour: number, written: Set<string>) {
  for (const [uid, m] of members) {
    if (m.digest === "off" || m.suspension || m.deleted) continue;
    const period = lastCompletedPeriod((m.digest ?? "weekly") as "daily" | "weekly", hour, m.timezone as string);
    if ((m.createdAt as number) < period.to) written.add(`${uid}_${period.key}`);
  }
}

describe("the same digests as the run that read every member", () => {
  it("hour by hour for nine days, with choices and zones changed mid-period and a suspension", async () => {
    const store = openStore();
    const auth = { revokeSessions: async () => {} } as unknown as AuthProvider;
    const start = Date.UTC(2026, 10, 20, 0, 1);
    const zones = ["UTC", "Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kolkata", "Europe/Berlin", "Pacific/Niue"];
    const model = new Map<string, Record<string, unknown>>();
    try {
      for (const [i, timezone] of zones.entries())
        for (const digest of ["daily", "weekly"]) {
          const profile = member({ timezone, digest, createdAt: i % 2 ? JOINED : start + i * 7 * HOUR_MS });
          model.set(`${digest}${i}`, profile);
          await store.set(`users/${digest}${i}`, profile);
        }
      // Changes made through the app's own paths, at these hours after the start, mirrored in the model.
      const changes: Record<number, [string, Record<string, unknown>][]> = {
        30: [
          ["daily0", { timezone: "Pacific/Kiritimati" }],
          ["weekly1", { digest: "daily" }],
        ],
        61: [
          ["daily1", { timezone: "America/Los_Angeles" }],
          ["weekly2", { suspension: { reason: "x" } }],
        ],
        77: [
          ["daily3", { digest: "weekly" }],
          ["weekly4", { timezone: "Pacific/Niue" }],
        ],
        100: [
          ["weekly2", { suspension: null }],
          ["daily0", { digest: "off" }],
        ],
        130: [
          ["daily0", { digest: "daily" }],
          ["weekly5", { timezone: "Pacific/Kiritimati" }],
        ],
        150: [
          ["daily2", { timezone: "Asia/Kolkata" }],
          ["daily1", { timezone: "Pacific/Kiritimati" }],
        ],
      };
      const expected = new Set<string>();
      for (let h = 0; h < 9 * 24; h++) {
        const now = start + h * HOUR_MS;
        for (const [uid, fields] of changes[h] ?? []) {
          if ("timezone" in fields) await updateProfile(store, uid, { timezone: fields.timezone as string }, now);
          if ("digest" in fields) await setDigestFrequency(store, uid, fields.digest as "daily", now);
          if (fields.suspension) await suspendMember({ store, auth }, "admin", uid, "x", now);
          if (fields.suspension === null) await reinstateMember(store, "admin", uid, "x", now);
          model.set(uid, { ...model.get(uid), ...fields });
        }
        everyMemberRun(model, now, expected);
        await queueDueDigests(store, now);
      }
      expect(await digestIds(store)).toEqual([...expected].sort());
      expect(expected.size).toBeGreaterThan(60);
    } finally {
      await store.close();
    }
  }, 120_000);
});
