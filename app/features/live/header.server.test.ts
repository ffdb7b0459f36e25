import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationPath } from "~/documents/notifications";
import { NOTIFICATIONS_FETCHED } from "~/engine/live/feeds";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { markRead } from "~/features/notifications/notifications.server";
import { unreadCount } from "./header";
import { headerDependsOn, loadHeaderSnapshot, loadLatestNotifications } from "./header.server";
import { readFeed } from "./subscribe.server";

describe("headerDependsOn", () => {
  const mine = headerDependsOn("alice");

  it("takes the member's wallet, its entries, their notifications and their chats", () => {
    expect(mine("wallets/alice")).toBe(true);
    expect(mine("wallets/alice/transactions/hold_b1")).toBe(true);
    expect(mine("notifications/alice/messages/n1")).toBe(true);
    expect(mine("chats/alice_bob")).toBe(true);
    expect(mine("chats/alice_bob/messages/m1")).toBe(true);
    expect(mine("chats/abe_alice/messages/m1")).toBe(true);
  });

  it("takes a chat whose id is no pair of uids, as its members cannot be read from the path", () => {
    expect(mine("chats/group-1/messages/m1")).toBe(true);
  });

  it("leaves other members' documents and the rest of the store alone", () => {
    expect(mine("wallets/alicea")).toBe(false);
    expect(mine("wallets/bob/transactions/t1")).toBe(false);
    expect(mine("notifications/bob/messages/n1")).toBe(false);
    expect(mine("chats/bob_carol/messages/m1")).toBe(false);
    expect(mine("chats/alicea_bob")).toBe(false);
    expect(mine("users/alice")).toBe(false);
    expect(mine("community/forum/threads/t1/reads/alice")).toBe(false);
  });
});

describe("the header's first paint and the latest notices", () => {
  // A store of its own per test: the read cache is kept per store object.
  let dir: string;
  let store: DocStore;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "header-snapshot-"));
    store = openSqliteStore(path.join(dir, "test.sqlite"));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const notice = (id: string, read: boolean, timestamp: number) =>
    store.set(notificationPath("alice", id), { type: "system", title: id, body: "", link: "/", read, timestamp });

  it("sends the bell's unread count, not the notices, and follows every write", async () => {
    for (let i = 1; i <= 12; i++) await notice(`n${i}`, i % 4 === 0, i);
    const snapshot = await loadHeaderSnapshot(store, "alice");
    expect(snapshot).not.toHaveProperty("notifications");
    // The wallet menu's entries come from the live feed when it is opened (decision 169).
    expect(snapshot).not.toHaveProperty("transactions");
    expect(snapshot.unreadNotifications).toBe(9);
    expect(snapshot.unreadNotifications).toBe(unreadCount(await readFeed(store, "alice", "notifications")));

    await markRead(store, "alice", "n1");
    expect((await loadHeaderSnapshot(store, "alice")).unreadNotifications).toBe(8);
  });

  it("counts only among the notices the bell fetches, as the live feed does", async () => {
    for (let i = 1; i <= NOTIFICATIONS_FETCHED + 5; i++) await notice(`n${i}`, i > 5, i);
    // The five unread are the oldest, beyond the latest 20.
    expect((await loadHeaderSnapshot(store, "alice")).unreadNotifications).toBe(0);
  });

  it("gives the latest notices, newest first, as many as asked, and a new one at once", async () => {
    for (let i = 1; i <= 7; i++) await notice(`n${i}`, false, i);
    expect((await loadLatestNotifications(store, "alice", 5, "en")).map((n) => n.id)).toEqual([
      "n7",
      "n6",
      "n5",
      "n4",
      "n3",
    ]);
    await notice("n8", false, 8);
    expect((await loadLatestNotifications(store, "alice", 2, "en")).map((n) => n.id)).toEqual(["n8", "n7"]);
  });

  it("names the notices' skills in each reader's language from the one kept read (decision 101)", async () => {
    const session = (id: string, skill: string, timestamp: number) =>
      store.set(notificationPath("alice", id), {
        type: "booking",
        kind: "booking_requested",
        params: { skill, minutes: 60 },
        title: "New session request",
        body: "",
        link: "/calendar",
        read: false,
        timestamp,
      });
    await session("n1", "Guitar", 1);
    await session("n2", "Kora tuning", 2);
    const skills = async (language: string) =>
      (await loadLatestNotifications(store, "alice", 5, language)).map((n) => n.skill);
    expect(await skills("fr")).toEqual([
      { name: "Kora tuning", own: true },
      { name: "Guitare", own: false },
    ]);
    const reads = vi.spyOn(store, "query");
    expect(await skills("es")).toEqual([
      { name: "Kora tuning", own: true },
      { name: "Guitarra", own: false },
    ]);
    expect(reads).not.toHaveBeenCalled();
  });
});
