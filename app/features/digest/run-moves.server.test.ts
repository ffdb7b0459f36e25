/**
 * Members read as due whose digest the run does not write (found written, or off since their due
 * time was set) get their due times moved in one transaction per 100 of them, not one each
 * (decision 171).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { DIGEST_DUE_AT } from "~/documents/digest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { MEMBERS_PER_PAGE, queueDueDigests } from "./run.server";

const DAY = 86_400_000;
// Thursday 26 November 2026, 10:00 UTC: the week of Monday 16 November has ended.
const NOW = Date.UTC(2026, 10, 26, 10);
const WEEK_KEY = "weekly_2026-11-16";
const dir = mkdtempSync(path.join(tmpdir(), "digest-moves-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OFF = MEMBERS_PER_PAGE + 20;
const WRITTEN = 10;

function countingTransactions(store: DocStore): { store: DocStore; count: () => number } {
  let transactions = 0;
  const counting = new Proxy(store, {
    get(target, key, receiver) {
      if (key !== "transaction") return Reflect.get(target, key, receiver) as unknown;
      return (...args: Parameters<DocStore["transaction"]>) => {
        transactions++;
        return target.transaction(...args);
      };
    },
  });
  return { store: counting, count: () => transactions };
}

it("moves the due times of members it writes no digest for in one transaction per 100 of them", async () => {
  const store = openSqliteStore(path.join(dir, "store.sqlite"));
  const member = (digest: string) => ({
    fullName: "Member",
    timezone: "UTC",
    digest,
    createdAt: NOW - 60 * DAY,
    [DIGEST_DUE_AT]: NOW - DAY,
  });
  await store.transaction(async (tx) => {
    for (let i = 0; i < OFF; i++) tx.set(`users/off${String(i).padStart(4, "0")}`, member("off"));
    for (let i = 0; i < WRITTEN; i++) {
      tx.set(`users/done${i}`, member("weekly"));
      tx.set(`digests/done${i}_${WEEK_KEY}`, { uid: `done${i}`, period: WEEK_KEY, state: "empty", createdAt: NOW });
    }
  });
  const { store: counting, count } = countingTransactions(store);

  const report = await queueDueDigests(counting, NOW);

  expect(report).toMatchObject({ due: 0, queued: 0, empty: 0 });
  // The backfill writes no member (every one has a due time). The first page's 500 members move in
  // five transactions, the second page's 30 in one: 6, where one each made 530.
  expect(count()).toBe(6);
  const users = await store.query({ collection: "users" });
  expect(users).toHaveLength(OFF + WRITTEN);
  for (const u of users)
    // Off: no digest will come. Written: the next one is the week that ends on Monday 30 November.
    expect(u.data[DIGEST_DUE_AT]).toBe(u.id.startsWith("off") ? null : Date.UTC(2026, 10, 30));
  expect(await queueDueDigests(counting, NOW + 3_600_000)).toMatchObject({ due: 0 });
  expect(count()).toBe(6);
  await store.close();
});
