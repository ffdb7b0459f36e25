import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { inboxDependsOn, loadInbox } from "./inbox.server";
import type { InboxEntryPayload } from "~/engine/live/feeds";
import { subscribeFeed } from "./subscribe.server";

describe("inboxDependsOn", () => {
  const mine = inboxDependsOn("alice");

  it("takes the chat documents the member is one of the pair of, and chats under other ids", () => {
    expect(mine("chats/alice_bob")).toBe(true);
    expect(mine("chats/abe_alice")).toBe(true);
    expect(mine("chats/group-1")).toBe(true);
  });

  it("leaves messages (the chat document carries the preview), other pairs and the rest alone", () => {
    expect(mine("chats/alice_bob/messages/m1")).toBe(false);
    expect(mine("chats/bob_carol")).toBe(false);
    expect(mine("chats/alicea_bob")).toBe(false);
    expect(mine("users/alice")).toBe(false);
    expect(mine("wallets/alice")).toBe(false);
  });
});

describe("loadInbox", () => {
  // A store of its own per test: the read cache is kept per store object.
  let dir: string;
  let store: DocStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "inbox-cache-"));
    store = openSqliteStore(path.join(dir, "test.sqlite"));
    for (const [uid, fullName] of [
      ["amy", "Amy"],
      ["bob", "Bob"],
      ["cat", "Cat"],
    ])
      await store.set(`users/${uid}`, { fullName, createdAt: 1 });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The live inbox feed's first value for `uid`, read in `language`. */
  const liveInbox = (uid: string, language = "en") =>
    new Promise<InboxEntryPayload[]>((resolve, reject) => {
      const stop = subscribeFeed(
        store,
        { uid, language },
        "inbox",
        (payload) => {
          resolve(payload);
          queueMicrotask(() => stop());
        },
        reject,
      );
    });

  it("answers what the inbox feed reads, after every message, name change and new conversation", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "Hola Bob", 20);
    const first = await loadInbox(store, "bob", "en");
    expect(first).toEqual(await liveInbox("bob"));
    expect(first.map((e) => [e.other.name, e.lastMessage, e.unread])).toEqual([
      [{ text: "Amy", own: true }, "Hola Bob", 1],
    ]);

    await sendMessage(store, "amy", chatId, "Are you there?", 30);
    expect((await loadInbox(store, "bob", "en")).map((e) => [e.lastMessage, e.unread])).toEqual([
      ["Are you there?", 2],
    ]);

    await store.update("users/amy", { fullName: "Amy Pond" });
    expect((await loadInbox(store, "bob", "en")).map((e) => e.other.name.text)).toEqual(["Amy Pond"]);

    const other = await openChat(store, "cat", "bob", 40);
    await sendMessage(store, "cat", other, "Hi", 50);
    const last = await loadInbox(store, "bob", "en");
    expect(last).toEqual(await liveInbox("bob"));
    expect(last.map((e) => e.other.name.text)).toEqual(["Cat", "Amy Pond"]);
  });

  it("keeps the list while nothing of it changed", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "Hola Bob", 20);
    const first = await loadInbox(store, "bob", "en");
    await store.update("users/cat", { fullName: "Cat Stevens" });
    await openChat(store, "amy", "cat", 30);
    const reads = vi.spyOn(store, "get");
    const again = await loadInbox(store, "bob", "en");
    expect(again).toEqual(first);
    expect(reads).not.toHaveBeenCalledWith("users/amy");
  });

  it("names a deleted member in each reader's language, from the profile kept for all of them", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    await sendMessage(store, "amy", chatId, "Hola Bob", 20);
    await store.update("users/amy", { fullName: "Deleted member", deleted: true });
    const other = async (language: string) => (await loadInbox(store, "bob", language))[0].other.name.text;
    expect((await loadInbox(store, "bob", "fr"))[0].other.name).toEqual({ text: "Membre supprimé", own: false });
    const reads = vi.spyOn(store, "get");
    expect(await other("es")).toBe("Miembro eliminado");
    expect(await other("en")).toBe("Deleted member");
    expect(reads).not.toHaveBeenCalledWith("users/amy");
    expect((await liveInbox("bob", "ar"))[0].other.name).toEqual({ text: "عضو محذوف", own: false });
  });
});
