import { describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import {
  addNotification,
  listNotifications,
  markAllRead,
  markRead,
  NotificationNotFoundError,
  prepareNotifications,
} from "./notifications.server";
import type { NotificationInput } from "./types";

const { store } = useTempStore("notifications-");

const input = (title: string, id?: string): NotificationInput => ({
  id,
  type: "system",
  title,
  body: `${title} body`,
  link: "/wallet",
});

async function add(uid: string, notification: NotificationInput, now: number): Promise<void> {
  await store.transaction(async (tx) => addNotification(tx, uid, notification, now));
}

describe("addNotification", () => {
  it("writes an unread notification at the given id", async () => {
    await add("u1", input("Hello", "n1"), 1234);
    expect((await store.get("notifications/u1/messages/n1"))?.data).toEqual({
      type: "system",
      title: "Hello",
      body: "Hello body",
      link: "/wallet",
      read: false,
      timestamp: 1234,
    });
  });

  it("writes a kind with its parameters and keeps its English words beside them (decision 060)", async () => {
    await add(
      "u1",
      {
        id: "k1",
        type: "booking",
        kind: "booking_accepted",
        params: { skill: "Cello", minutes: 45, sp: 0, paid: "no", waits: "no" },
        link: "/session/b1",
      },
      5,
    );
    expect((await store.get("notifications/u1/messages/k1"))?.data).toMatchObject({
      kind: "booking_accepted",
      params: { skill: "Cello", minutes: 45 },
      title: "Session accepted",
      body: "Your request for Cello (45 min) was accepted.",
    });
    expect((await listNotifications(store, "u1"))[0]).toMatchObject({
      kind: "booking_accepted",
      params: { skill: "Cello" },
    });
  });

  it("picks a fresh id when none is given", async () => {
    await add("u1", input("A"), 1);
    await add("u1", input("B"), 2);
    const listed = await listNotifications(store, "u1");
    expect(listed).toHaveLength(2);
    expect(listed[0].id).not.toBe(listed[1].id);
  });
});

describe("listNotifications", () => {
  it("lists the newest 20 first", async () => {
    for (let i = 1; i <= 25; i++) await add("u1", input(`N${i}`, `n${i}`), i * 10);
    await add("u2", input("Other"), 9999);
    const listed = await listNotifications(store, "u1");
    expect(listed).toHaveLength(20);
    expect(listed[0]).toMatchObject({ id: "n25", title: "N25" });
    expect(listed.map((n) => n.timestamp)).toEqual([...listed.map((n) => n.timestamp)].sort((a, b) => b - a));
    expect(await listNotifications(store, "u1", 3)).toHaveLength(3);
  });
});

describe("markRead", () => {
  it("marks one notification read", async () => {
    await add("u1", input("A", "a"), 1);
    await add("u1", input("B", "b"), 2);
    await markRead(store, "u1", "a");
    const byId = Object.fromEntries((await listNotifications(store, "u1")).map((n) => [n.id, n.read]));
    expect(byId).toEqual({ a: true, b: false });
  });

  it("answers not found for an unknown id or another person's notification", async () => {
    await add("u2", input("Theirs", "t"), 1);
    await expect(markRead(store, "u1", "missing")).rejects.toBeInstanceOf(NotificationNotFoundError);
    await expect(markRead(store, "u1", "t")).rejects.toBeInstanceOf(NotificationNotFoundError);
    expect((await store.get("notifications/u2/messages/t"))?.data.read).toBe(false);
  });
});

describe("markAllRead", () => {
  it("marks only that person's notifications read", async () => {
    for (let i = 0; i < 5; i++) await add("u1", input(`N${i}`), i);
    await add("u2", input("Theirs", "t"), 1);
    await expect(markAllRead(store, "u1")).resolves.toBe(5);
    expect((await listNotifications(store, "u1")).every((n) => n.read)).toBe(true);
    expect((await store.get("notifications/u2/messages/t"))?.data.read).toBe(false);
    await expect(markAllRead(store, "u1")).resolves.toBe(0);
  });
});

describe("prepareNotifications", () => {
  it("skips the types a member turned off and always sends money notices", async () => {
    await store.set("users/u1", {
      fullName: "U1",
      notificationPrefs: { messages: false, sessions: true, reminders: false, wallet: false },
    });
    await store.set("users/u2", { fullName: "U2" });
    await store.transaction(async (tx) => {
      const notify = await prepareNotifications(tx, ["u1", "u2"]);
      notify.add("u1", { id: "m", type: "message", title: "M", body: "", link: "/inbox" }, 1);
      notify.add("u1", { id: "r", type: "reminder", title: "R", body: "", link: "/calendar" }, 2);
      notify.add("u1", { id: "b", type: "booking", title: "B", body: "", link: "/calendar" }, 3);
      notify.add("u1", { id: "t", type: "top_up", title: "T", body: "", link: "/wallet" }, 4);
      notify.add("u2", { id: "m", type: "message", title: "M", body: "", link: "/inbox" }, 5);
    });
    expect((await listNotifications(store, "u1")).map((n) => n.id)).toEqual(["t", "b"]);
    expect((await listNotifications(store, "u2")).map((n) => n.id)).toEqual(["m"]);
  });

  it("refuses a recipient it did not read", async () => {
    await expect(
      store.transaction(async (tx) => (await prepareNotifications(tx, ["u1"])).add("u2", input("X"), 1)),
    ).rejects.toThrow(/did not read u2/);
  });
});
