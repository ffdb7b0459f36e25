import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notificationPath } from "~/documents/notifications";
import type { FeedPayloads } from "~/engine/live/feeds";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore, Unsubscribe } from "~/engine/store/types";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { subscribeFeed, type Reader } from "./subscribe.server";

/** What a reader's live feeds send (decision 101): skills and missing members named in their language of the moment. */
describe("subscribeFeed in the reader's language", () => {
  let dir: string;
  let store: DocStore;
  const stops: Unsubscribe[] = [];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "live-language-"));
    store = openSqliteStore(path.join(dir, "test.sqlite"));
  });
  afterEach(async () => {
    stops.splice(0).forEach((stop) => stop());
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Every value `feed` sends `reader`, newest last. */
  function listen<F extends "notifications" | "inbox">(reader: Reader, feed: F): FeedPayloads[F][] {
    const sent: FeedPayloads[F][] = [];
    stops.push(
      subscribeFeed(
        store,
        reader,
        feed,
        (payload) => sent.push(payload),
        (error) => {
          throw error;
        },
      ),
    );
    return sent;
  }

  const notice = (id: string, skill: string, timestamp: number) =>
    store.set(notificationPath("fleur", id), {
      type: "booking",
      kind: "booking_requested",
      params: { skill, minutes: 60, paid: "no" },
      title: "New session request",
      body: `${skill}, 60 minutes. Accept or decline it on your calendar.`,
      link: "/calendar",
      read: false,
      timestamp,
    });

  const skills = (sent: FeedPayloads["notifications"][]) => sent.at(-1)?.map((n) => n.skill);

  it("sends each notice's built-in skill named for the reader, a member's own tag as written and marked", async () => {
    await notice("n1", "Guitar", 1);
    await notice("n2", "Banjo tuning", 2);
    const sent = listen({ uid: "fleur", language: "fr" }, "notifications");
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(skills(sent)).toEqual([
      { name: "Banjo tuning", own: true },
      { name: "Guitare", own: false },
    ]);
    // What is stored stays the booking's label.
    expect(sent[0]?.map((n) => n.params.skill)).toEqual(["Banjo tuning", "Guitar"]);
  });

  it("names the next notice in the language the member switched to while the stream was open", async () => {
    await notice("n1", "Guitar", 1);
    const reader: Reader = { uid: "fleur", language: "fr" };
    const sent = listen(reader, "notifications");
    await vi.waitFor(() => expect(skills(sent)).toEqual([{ name: "Guitare", own: false }]));
    reader.language = "es";
    await notice("n2", "Chess", 2);
    await vi.waitFor(() =>
      expect(skills(sent)).toEqual([
        { name: "Ajedrez", own: false },
        { name: "Guitarra", own: false },
      ]),
    );
  });

  it("names a deleted member of the inbox in the language the member switched to", async () => {
    await store.set("users/amy", { fullName: "Amy", createdAt: 1 });
    await store.set("users/fleur", { fullName: "Fleur", createdAt: 1 });
    const chatId = await openChat(store, "amy", "fleur", 10);
    await sendMessage(store, "amy", chatId, "Bonjour", 20);
    await store.update("users/amy", { fullName: "Deleted member", deleted: true });
    const reader: Reader = { uid: "fleur", language: "fr" };
    const sent = listen(reader, "inbox");
    const other = () => sent.at(-1)?.[0]?.other.name.text;
    await vi.waitFor(() => expect(other()).toBe("Membre supprimé"));
    reader.language = "es";
    await store.update(`chats/${chatId}`, { updatedAt: 30 });
    await vi.waitFor(() => expect(other()).toBe("Miembro eliminado"));
  });
});
