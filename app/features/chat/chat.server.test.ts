import { beforeEach, describe, expect, it, vi } from "vitest";
import { subscribeFeed } from "~/features/live/subscribe.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { THREAD_MESSAGES } from "~/engine/live/feeds";
import { ChatError, loadThread, markSeen, openChat, requireChat, sendMessage } from "./chat.server";
import { messageId } from "./pair";
import { CHAT_PUSH_DELAY_MS } from "~/features/push/queue.server";

const { store } = useTempStore("chat-");

beforeEach(async () => {
  for (const [uid, fullName] of [
    ["amy", "Amy"],
    ["bob", "Bob"],
    ["cat", "Cat"],
  ])
    await store.set(`users/${uid}`, { fullName, createdAt: 1 });
});

describe("openChat", () => {
  it("creates one conversation per pair even when both start it at once", async () => {
    const ids = await Promise.all([
      openChat(store, "amy", "bob", 10),
      openChat(store, "bob", "amy", 10),
      openChat(store, "amy", "bob", 11),
    ]);
    expect(new Set(ids)).toEqual(new Set(["amy_bob"]));
    const chats = await store.query({ collection: "chats" });
    expect(chats).toHaveLength(1);
    expect(chats[0].data.participants).toEqual(["amy", "bob"]);
  });
});

describe("sendMessage", () => {
  it("stores the message, moves the chat's preview and notifies on the first message only", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "  Hola Bob  ", 20);
    await sendMessage(store, "amy", chatId, "Are you there?", 30);
    const messages = await store.query({ collection: `chats/${chatId}/messages`, orderBy: [["timestamp", "asc"]] });
    expect(messages.map((m) => m.data)).toEqual([
      { sender: "amy", text: "Hola Bob", seen: false, timestamp: 20 },
      { sender: "amy", text: "Are you there?", seen: false, timestamp: 30 },
    ]);
    const chat = await requireChat(store, "bob", chatId);
    expect(chat).toMatchObject({
      lastMessage: "Are you there?",
      updatedAt: 30,
      messageCount: 2,
      unread: { amy: 0, bob: 2 },
    });
    const notes = await store.query({ collection: "notifications/bob/messages" });
    expect(notes).toHaveLength(1);
    expect(notes[0].data).toMatchObject({ link: `/inbox/${chatId}`, title: "New message from \u2068Amy\u2069" });
  });

  it("queues a push only for a member with a device for push (decision 155)", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "Anyone there?", 20);
    expect(await store.query({ collection: "push_jobs" })).toEqual([]);
    expect((await requireChat(store, "bob", chatId)).unread).toEqual({ amy: 0, bob: 1 });
    expect(await store.get(`mail_chat/${chatId}_bob`)).toMatchObject({ data: { pending: true, dueAt: 20 + 60_000 } });

    await store.set("push_subscriptions/bob-phone", {
      uid: "bob",
      endpoint: "https://push.example/bob",
      createdAt: 25,
    });
    await sendMessage(store, "amy", chatId, "Now your phone will hear it", 30);
    const jobs = await store.query({ collection: "push_jobs" });
    expect(jobs.map((j) => [j.id, j.data.uid, j.data.kind, j.data.state, j.data.nextAttemptAt])).toEqual([
      [`chat_${chatId}_bob`, "bob", "chat", "pending", 30 + CHAT_PUSH_DELAY_MS],
    ]);
  });

  it("asks for the recipient's devices once until a device is written (decision 174)", async () => {
    // A sender of its own: the send limiter counts each sender in this process's memory.
    await store.set("users/dan", { fullName: "Dan", createdAt: 1 });
    const chatId = await openChat(store, "dan", "bob", 10);
    // Every query of either kind (a transaction's or the store's) runs through runQuery.
    const runs = vi.spyOn(store as unknown as { runQuery(compiled: { params: unknown[] }): unknown[] }, "runQuery");
    const deviceReads = () =>
      runs.mock.calls.filter(([compiled]) => compiled.params[0] === "push_subscriptions").length;
    const at = (s: number) => 20 + s * 1_000;
    for (const s of [1, 2, 3]) await sendMessage(store, "dan", chatId, `Message ${s}`, at(s));
    expect(deviceReads()).toBe(1);
    expect(await store.query({ collection: "push_jobs" })).toEqual([]);

    await store.set("push_subscriptions/bob-phone", { uid: "bob", endpoint: "https://push.example/bob", createdAt: 1 });
    for (const s of [4, 5]) await sendMessage(store, "dan", chatId, `Message ${s}`, at(s));
    expect(deviceReads()).toBe(2);
    const job = async () => (await store.get(`push_jobs/chat_${chatId}_bob`))?.data.nextAttemptAt;
    expect(await job()).toBe(at(5) + CHAT_PUSH_DELAY_MS);

    await store.delete("push_subscriptions/bob-phone");
    await sendMessage(store, "dan", chatId, "Message 6", at(6));
    expect(deviceReads()).toBe(3);
    expect(await job()).toBe(at(5) + CHAT_PUSH_DELAY_MS);
  });

  it("refuses outsiders and over-long messages, storing nothing", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await expect(sendMessage(store, "cat", chatId, "hi", 20)).rejects.toMatchObject({ status: 404 });
    await expect(sendMessage(store, "amy", chatId, "x".repeat(2001), 20)).rejects.toMatchObject({ status: 400 });
    await expect(requireChat(store, "cat", chatId)).rejects.toBeInstanceOf(ChatError);
    expect(await store.query({ collection: `chats/${chatId}/messages` })).toHaveLength(0);
  });

  it("refuses a message to a member who left or whose profile is gone (409), storing nothing", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "Still there?", 20);
    // A stored `deleted` other than true is no deletion, as the profile's schema reads it.
    await store.update("users/bob", { deleted: "yes" });
    await sendMessage(store, "amy", chatId, "Hello again", 30);
    await store.update("users/bob", { deleted: true });
    await expect(sendMessage(store, "amy", chatId, "Are you gone?", 40)).rejects.toMatchObject({
      status: 409,
      key: "left",
    });
    await store.delete("users/bob");
    await expect(sendMessage(store, "amy", chatId, "Anyone?", 50)).rejects.toMatchObject({ status: 409, key: "left" });
    const messages = await store.query({ collection: `chats/${chatId}/messages`, orderBy: [["timestamp", "asc"]] });
    expect(messages.map((m) => m.data.text)).toEqual(["Still there?", "Hello again"]);
    expect((await requireChat(store, "amy", chatId)).unread).toEqual({ amy: 0, bob: 2 });
  });

  it("slows down a sender who posts too fast", async () => {
    const chatId = await openChat(store, "bob", "cat", 10);
    const now = 5_000_000;
    for (let i = 0; i < 8; i++) await sendMessage(store, "cat", chatId, `m${i}`, now + i);
    await expect(sendMessage(store, "cat", chatId, "one more", now + 9)).rejects.toThrow(/too fast/);
  });

  it("counts only messages sent: a refused send gives its place back", async () => {
    const theirs = await openChat(store, "bob", "cat", 10);
    const mine = await openChat(store, "amy", "bob", 10);
    const now = 9_000_000;
    for (let i = 0; i < 10; i++)
      await expect(sendMessage(store, "amy", theirs, `m${i}`, now + i)).rejects.toMatchObject({ status: 404 });
    await sendMessage(store, "amy", mine, "still allowed", now + 10);
    expect(await store.query({ collection: `chats/${mine}/messages` })).toHaveLength(1);
  });
});

describe("quoting a board post", () => {
  it("stores the post's kind and title with the message, and refuses a hidden post, storing nothing", async () => {
    const post = { type: "need", authorUid: "bob", title: "Guitar basics, please", status: "active" };
    await store.set("board_posts/p1", post);
    await store.set("board_posts/p2", { ...post, status: "hidden" });
    const chatId = await openChat(store, "amy", "bob", 10);
    await expect(sendMessage(store, "amy", chatId, "Is this still open?", 15, "p2")).rejects.toMatchObject({
      status: 404,
    });
    await sendMessage(store, "amy", chatId, "Is this still open?", 20, "p1");
    const { messages } = await loadThread(store, "bob", chatId);
    expect(messages.map((m) => [m.text, m.quote])).toEqual([
      ["Is this still open?", { postId: "p1", postType: "need", title: "Guitar basics, please" }],
    ]);
  });
});

describe("markSeen", () => {
  it("marks only the other member's messages, and the live thread shows it", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "hi", 20);
    await sendMessage(store, "bob", chatId, "hello", 30);
    const seen: boolean[][] = [];
    const stop = subscribeFeed(
      store,
      { uid: "amy", language: "en" },
      `chatMessages:${chatId}`,
      (messages) => seen.push(messages.map((m) => m.seen)),
      () => {},
    );
    await new Promise((r) => setTimeout(r, 5));
    expect(await markSeen(store, "bob", chatId)).toBe(1);
    await new Promise((r) => setTimeout(r, 5));
    stop();
    expect(seen[0]).toEqual([false, false]);
    expect(seen.at(-1)).toEqual([true, false]);
    expect((await requireChat(store, "bob", chatId)).unread).toEqual({ amy: 1, bob: 0 });
    await expect(markSeen(store, "cat", chatId)).rejects.toMatchObject({ status: 404 });
  });
});

describe("loadThread", () => {
  /** Stored as sendMessage stores them, without its rate limit; `times` are the timestamps in order. */
  async function seed(chatId: string, times: number[]) {
    for (const [i, timestamp] of times.entries()) {
      const id = messageId(timestamp, i.toString().padStart(4, "0"));
      await store.set(`chats/${chatId}/messages/${id}`, {
        sender: i % 2 ? "amy" : "bob",
        text: `m${i}`,
        seen: false,
        timestamp,
      });
    }
  }

  async function allPages(chatId: string) {
    const pages: string[][] = [];
    let page = await loadThread(store, "amy", chatId);
    pages.push(page.messages.map((m) => m.text));
    while (page.earlierBefore !== null) {
      page = await loadThread(store, "amy", chatId, { before: page.earlierBefore });
      pages.push(page.messages.map((m) => m.text));
    }
    return pages;
  }

  it("opens on the latest messages and pages back to the first, oldest first within each page", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await seed(
      chatId,
      Array.from({ length: 120 }, (_, i) => 1_000 + i),
    );
    const pages = await allPages(chatId);
    expect(pages.map((p) => p.length)).toEqual([THREAD_MESSAGES, THREAD_MESSAGES, 20]);
    expect(pages[0][0]).toBe("m70");
    expect(pages[0].at(-1)).toBe("m119");
    expect(pages.reverse().flat()).toEqual(Array.from({ length: 120 }, (_, i) => `m${i}`));
  });

  it("keeps messages of the same millisecond together, so paging skips and repeats none", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    // m0–m9 at their own times, then m10–m14 in one millisecond, across where the first page ends.
    const times = [
      ...Array.from({ length: 10 }, (_, i) => 1_000 + i),
      ...Array(5).fill(2_000),
      ...Array.from({ length: 47 }, (_, i) => 3_000 + i),
    ];
    await seed(chatId, times);
    const [latest, ...earlier] = await allPages(chatId);
    expect(latest.slice(0, 5)).toEqual(["m10", "m11", "m12", "m13", "m14"]);
    expect(latest).toHaveLength(52);
    expect(earlier).toEqual([Array.from({ length: 10 }, (_, i) => `m${i}`)]);
  });

  it("answers a short conversation in one page and refuses outsiders and broken cursors", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await seed(chatId, [1_000, 2_000]);
    expect(await loadThread(store, "bob", chatId)).toMatchObject({
      earlierBefore: null,
      messages: [{ text: "m0" }, { text: "m1" }],
    });
    expect((await loadThread(store, "bob", chatId, { before: 2_000 })).messages.map((m) => m.text)).toEqual(["m0"]);
    await expect(loadThread(store, "cat", chatId)).rejects.toMatchObject({ status: 404 });
    await expect(loadThread(store, "amy", chatId, { before: Number.NaN })).rejects.toMatchObject({ status: 400 });
  });
  it("reads the chat document once while nobody writes it, and refuses at once a member it no longer names", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await seed(chatId, [1_000]);
    const first = await loadThread(store, "bob", chatId);
    const get = vi.spyOn(store, "get");
    try {
      expect(await loadThread(store, "bob", chatId)).toEqual(first);
      expect(get).not.toHaveBeenCalled();
      // The document rewritten (here without bob): the next view reads it, and bob is an outsider.
      await store.update(`chats/${chatId}`, { participants: ["amy", "cat"] });
      await expect(loadThread(store, "bob", chatId)).rejects.toMatchObject({ status: 404 });
      expect((await loadThread(store, "cat", chatId)).chat.participants).toEqual(["amy", "cat"]);
    } finally {
      get.mockRestore();
    }
  });

  it("opens on what the store holds after every message sent, seen or hidden (the kept latest page)", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "Hola", 20);
    const texts = async () => (await loadThread(store, "bob", chatId)).messages.map((m) => [m.text, m.seen]);
    expect(await texts()).toEqual([["Hola", false]]);
    expect(await loadThread(store, "bob", chatId)).toEqual(await loadThread(store, "bob", chatId));
    await sendMessage(store, "amy", chatId, "Are you there?", 30);
    expect(await texts()).toEqual([
      ["Hola", false],
      ["Are you there?", false],
    ]);
    await markSeen(store, "bob", chatId);
    expect(await texts()).toEqual([
      ["Hola", true],
      ["Are you there?", true],
    ]);
    const [first] = await store.query({ collection: `chats/${chatId}/messages`, orderBy: [["timestamp", "asc"]] });
    await store.update(first.path, { hidden: true });
    expect((await loadThread(store, "bob", chatId)).messages.map((m) => [m.text, m.hidden])).toEqual([
      ["", true],
      ["Are you there?", false],
    ]);
  });
});
