/**
 * The retention job deletes exactly what is past its period (issue 32, decision 044), on the
 * embedded store and on Firestore (Google's emulator, when this machine has it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FileStore } from "~/engine/files/types";
import { connectFirestore, openFirestoreStore } from "~/engine/store/firestore.server";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  type RunningCloudFirestoreEmulator,
} from "../../../tests/setup/cloud-firestore-emulator";
import { DAY_MS, runDailyRetention, runRetention, type RetentionContext, type Sweeper } from "./retention.server";

// The engine's settings are read from the environment; none of them may write into the repository.
process.env.SESSION_SECRET ??= "retention-test-secret-".padEnd(40, "x");

const NOW = 1_000 * DAY_MS;
const PERIODS = { sentMailDays: 30, readNotificationDays: 180 };
const deletedFiles: string[] = [];
const files = { delete: async (key: string) => void deletedFiles.push(key) } as unknown as FileStore;

const found = findCloudFirestoreEmulator();
let emulator: RunningCloudFirestoreEmulator | undefined;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "retention-"));
  if (found.found) emulator = await startCloudFirestoreEmulator(found);
}, 60_000);

afterAll(async () => {
  await emulator?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let opened = 0;
const engines: [string, () => DocStore][] = [
  ["embedded", () => openSqliteStore(path.join(dir, `store-${++opened}.sqlite`))],
  [
    "firestore",
    // A project of its own for every test, so each starts empty.
    () =>
      openFirestoreStore(connectFirestore({ projectId: `demo-retention-${++opened}`, emulatorHost: emulator!.host })),
  ],
];

/** Every document the sweepers look at, on both sides of each period's edge. */
async function fill(store: DocStore) {
  const mail = (createdAt: number) => ({ to: "ada@example.com", subject: "Hello", createdAt });
  await store.set("outbox/old", mail(NOW - 31 * DAY_MS));
  await store.set("outbox/edge", mail(NOW - 30 * DAY_MS));
  await store.set("outbox/new", mail(NOW - DAY_MS));
  await store.set("mail/old", mail(NOW - 400 * DAY_MS));
  await store.set("mail/new", mail(NOW - 29 * DAY_MS));
  for (const collection of ["sessions", "reset_codes", "verify_codes"]) {
    await store.set(`${collection}/expired`, { uid: "u1", createdAt: 0, expiresAt: NOW - 1 });
    await store.set(`${collection}/ends-now`, { uid: "u1", createdAt: 0, expiresAt: NOW });
    await store.set(`${collection}/live`, { uid: "u1", createdAt: 0, expiresAt: NOW + 1 });
  }
  await store.set("sign_in_lockouts/over", { lockedUntil: NOW - 1 });
  await store.set("sign_in_lockouts/held", { lockedUntil: NOW + 60_000 });
  for (const uid of ["u1", "u2"]) await store.set(`users/${uid}`, { fullName: uid, createdAt: 0 });
  const note = (read: boolean, age: number) => ({ type: "x", title: "t", body: "b", read, timestamp: NOW - age });
  await store.set("notifications/u1/messages/read-old", note(true, 181 * DAY_MS));
  await store.set("notifications/u1/messages/read-edge", note(true, 180 * DAY_MS));
  await store.set("notifications/u1/messages/read-recent", note(true, 10 * DAY_MS));
  await store.set("notifications/u1/messages/unread-old", note(false, 400 * DAY_MS));
  await store.set("notifications/u2/messages/read-old", note(true, 500 * DAY_MS));
  // Data archives: one whose link ran out, one still downloadable, one being built.
  const archive = (archiveId: string, state: string, expiresAt: number | null) => ({
    uid: "x",
    archiveId,
    state,
    requestedAt: 0,
    attempts: 1,
    claimedUntil: 0,
    readyAt: expiresAt === null ? null : 0,
    expiresAt,
    size: 10,
    reason: null,
  });
  await store.set("data_exports/u1", archive("a1", "ready", NOW - 1));
  await store.set("data_exports/u2", archive("a2", "ready", NOW + DAY_MS));
  await store.set("data_exports/u3", archive("a3", "building", null));
  // Digest records (decision 047): kept 30 days, well past any period's idempotency.
  const digest = (age: number) => ({ uid: "u1", period: "x", state: "empty", createdAt: NOW - age });
  await store.set("digests/u1_old", digest(30 * DAY_MS + 1));
  await store.set("digests/u1_recent", digest(29 * DAY_MS));
  // Push jobs (decision 055): finished ones kept 7 days after their last change; pending and
  // sending ones are still to go, however old.
  const push = (state: string, age: number) => ({
    uid: "u1",
    kind: "notification",
    ref: "n1",
    type: "top_up",
    state,
    attempts: 1,
    nextAttemptAt: 0,
    devices: [],
    createdAt: NOW - 30 * DAY_MS,
    updatedAt: NOW - age,
  });
  for (const state of ["sent", "failed", "skipped", "interrupted"]) {
    await store.set(`push_jobs/${state}-old`, push(state, 7 * DAY_MS + 1));
    await store.set(`push_jobs/${state}-edge`, push(state, 7 * DAY_MS));
  }
  await store.set("push_jobs/pending-old", push("pending", 30 * DAY_MS));
  await store.set("push_jobs/sending-old", push("sending", 30 * DAY_MS));
}

async function ids(store: DocStore, collection: string): Promise<string[]> {
  return (await store.query({ collection })).map((doc) => doc.id).sort();
}

for (const [engine, open] of engines) {
  describe.skipIf(engine === "firestore" && !found.found)(`retention on ${engine}`, () => {
    const context = (store: DocStore, now = NOW): RetentionContext => ({ store, files, now, periods: PERIODS });

    it("deletes exactly what is past its period, and nothing else", async () => {
      const store = open();
      deletedFiles.length = 0;
      try {
        await fill(store);
        const deleted = await runRetention(context(store));
        expect(deleted).toEqual({
          sentMail: 2,
          expiredSignIns: 6,
          signInLockouts: 1,
          notifications: 2,
          dataArchives: 1,
          digests: 1,
          pushJobs: 4,
        });
        expect(await ids(store, "outbox")).toEqual(["edge", "new"]);
        expect(await ids(store, "mail")).toEqual(["new"]);
        for (const collection of ["sessions", "reset_codes", "verify_codes"])
          expect(await ids(store, collection), collection).toEqual(["live"]);
        expect(await ids(store, "sign_in_lockouts")).toEqual(["held"]);
        expect(await ids(store, "notifications/u1/messages")).toEqual(["read-edge", "read-recent", "unread-old"]);
        expect(await ids(store, "notifications/u2/messages")).toEqual([]);
        // A second run finds nothing more.
        expect(await runRetention(context(store))).toEqual({
          sentMail: 0,
          expiredSignIns: 0,
          signInLockouts: 0,
          notifications: 0,
          dataArchives: 0,
          digests: 0,
          pushJobs: 0,
        });
        expect(await ids(store, "data_exports")).toEqual(["u2", "u3"]);
        expect(await ids(store, "digests")).toEqual(["u1_recent"]);
        expect(await ids(store, "push_jobs")).toEqual([
          "failed-edge",
          "interrupted-edge",
          "pending-old",
          "sending-old",
          "sent-edge",
          "skipped-edge",
        ]);
        expect(deletedFiles).toEqual(["exports/u1/a1.zip"]);
      } finally {
        await store.close();
      }
    });

    it("deletes more than one batch", async () => {
      const store = open();
      try {
        for (let i = 0; i < 205; i++) await store.set(`outbox/m${i}`, { to: "x", createdAt: NOW - 40 * DAY_MS });
        expect((await runRetention(context(store)))["sentMail"]).toBe(205);
        expect(await ids(store, "outbox")).toEqual([]);
      } finally {
        await store.close();
      }
    }, 60_000);

    it("runs once a day, whoever asks and however often", async () => {
      const store = open();
      try {
        const sweep = vi.fn(async () => 1);
        const sweepers: Sweeper[] = [{ name: "archives", sweep }];
        const [first, second] = await Promise.all([
          runDailyRetention(context(store), sweepers),
          runDailyRetention(context(store), sweepers),
        ]);
        expect([first, second].filter((run) => run !== null)).toEqual([{ archives: 1 }]);
        expect(await runDailyRetention(context(store, NOW + DAY_MS - 1), sweepers)).toBeNull();
        expect(await runDailyRetention(context(store, NOW + DAY_MS), sweepers)).toEqual({ archives: 1 });
        expect(sweep).toHaveBeenCalledTimes(2);
        expect((await store.get("retention_runs/daily"))?.data).toMatchObject({
          startedAt: NOW + DAY_MS,
          deleted: { archives: 1 },
        });
      } finally {
        await store.close();
      }
    });
  });
}

describe("the sweepers", () => {
  it("a failing sweeper is reported and the others still run", async () => {
    const store = openSqliteStore(path.join(dir, "failing.sqlite"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const deleted = await runRetention({ store, files, now: NOW, periods: PERIODS }, [
        { name: "broken", sweep: async () => Promise.reject(new Error("disk full")) },
        { name: "fine", sweep: async () => 3 },
      ]);
      expect(deleted).toEqual({ fine: 3 });
      expect(logged).toHaveBeenCalledWith(
        "Retention: the broken sweep failed; the next run tries again.",
        expect.any(Error),
      );
    } finally {
      logged.mockRestore();
      await store.close();
    }
  });
});
