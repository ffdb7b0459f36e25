import { beforeEach, describe, expect, it, vi } from "vitest";
import { chatMessagesFeed, THREAD_MESSAGES } from "~/engine/live/feeds";
import { applyThreadEvent, type ThreadEvent, type ThreadState } from "~/engine/live/thread-events";
import { markSeen, openChat, sendMessage } from "~/features/chat/chat.server";
import { messageId } from "~/features/chat/pair";
import { useTempStore } from "../../../tests/support/temp-store";
import { readFeed } from "./subscribe.server";
import { streamFeed } from "./stream-feed.server";

const { store } = useTempStore("stream-feed-");

beforeEach(async () => {
  await store.set("users/amy", { fullName: "Amy", createdAt: 1 });
  await store.set("users/bob", { fullName: "Bob", createdAt: 1 });
});

/** Every event the live stream sends `uid` on the chat's thread, as the route serialises them. */
function listen(uid: string, chatId: string) {
  const sent: string[] = [];
  const stop = streamFeed(
    store,
    { uid, language: "en" },
    chatMessagesFeed(chatId),
    (event) => sent.push(JSON.stringify(event)),
    (error) => {
      throw error;
    },
  );
  return { sent, events: () => sent.map((data) => JSON.parse(data) as ThreadEvent), stop };
}

describe("a chat's thread on the live stream (decision 154)", () => {
  it("sends the thread whole once, then only each new or changed message, and two tabs end with the exact thread", async () => {
    const chatId = await openChat(store, "amy", "bob", 10);
    for (let i = 0; i < 60; i++) {
      const id = messageId(100 + i, i.toString().padStart(4, "0"));
      await store.set(`chats/${chatId}/messages/${id}`, {
        sender: "bob",
        text: `m${i}`,
        seen: false,
        timestamp: 100 + i,
      });
    }
    const [first, second] = [listen("amy", chatId), listen("amy", chatId)];
    await vi.waitFor(() => expect(first.sent).toHaveLength(1));
    const whole = first.events()[0];
    expect("messages" in whole && whole.messages).toHaveLength(THREAD_MESSAGES);

    await sendMessage(store, "amy", chatId, "A new one", 1_000);
    await vi.waitFor(() => expect(first.sent).toHaveLength(2));
    // Only the new message, and the oldest one it pushed out of the window: not the 50 again.
    const event = first.events()[1];
    expect("changed" in event && event.changed.map((m) => m.text)).toEqual(["A new one"]);
    expect("removed" in event && event.removed).toHaveLength(1);
    expect(first.sent[1].length).toBeLessThan(first.sent[0].length / 20);

    expect(await markSeen(store, "amy", chatId)).toBeGreaterThan(0);
    await vi.waitFor(() => expect(first.sent).toHaveLength(3));
    const seen = first.events()[2];
    expect("changed" in seen && seen.changed.every((m) => m.seen && m.sender === "bob")).toBe(true);

    const exact = await readFeed(store, "amy", chatMessagesFeed(chatId));
    for (const tab of [first, second]) {
      await vi.waitFor(() => expect(tab.sent).toHaveLength(3));
      let known: ThreadState | undefined;
      for (const e of tab.events()) known = applyThreadEvent(known, e) ?? undefined;
      expect(known?.messages).toEqual(exact);
      tab.stop();
    }
  });
});
