import { describe, expect, it } from "vitest";
import type { DocData, Query } from "../store/types";
import { composeChatUnread, type WatchQuery } from "./chat-unread";

/** A hand-driven stand-in for a transport's query listener. */
function fakeWatch() {
  const listeners = new Map<
    string,
    { onDocs: (docs: { id: string; data: DocData }[]) => void; onError: (e: Error) => void }
  >();
  const watch: WatchQuery = (query: Query, onDocs, onError) => {
    listeners.set(query.collection, { onDocs, onError });
    return () => listeners.delete(query.collection);
  };
  return { watch, listeners };
}

describe("composeChatUnread", () => {
  it("counts others' unseen messages only after every chat has answered", () => {
    const { watch, listeners } = fakeWatch();
    const counts: number[] = [];
    composeChatUnread(watch, "me", ({ count }) => counts.push(count));
    listeners.get("chats")!.onDocs([
      { id: "c1", data: {} },
      { id: "c2", data: {} },
    ]);
    listeners.get("chats/c1/messages")!.onDocs([
      { id: "m1", data: { sender: "b" } },
      { id: "m2", data: { sender: "me" } },
    ]);
    expect(counts).toEqual([]);
    listeners.get("chats/c2/messages")!.onDocs([{ id: "m3", data: { sender: "c" } }]);
    expect(counts).toEqual([2]);
  });

  it("drops a chat whose listener fails and stops listening to removed chats", () => {
    const { watch, listeners } = fakeWatch();
    const counts: number[] = [];
    composeChatUnread(watch, "me", ({ count }) => counts.push(count));
    listeners.get("chats")!.onDocs([
      { id: "c1", data: {} },
      { id: "c2", data: {} },
    ]);
    listeners.get("chats/c1/messages")!.onDocs([{ id: "m1", data: { sender: "b" } }]);
    listeners.get("chats/c2/messages")!.onDocs([{ id: "m2", data: { sender: "c" } }]);
    listeners.get("chats/c2/messages")!.onError(new Error("permission denied"));
    expect(counts).toEqual([2, 1]);
    listeners.get("chats")!.onDocs([]);
    expect(listeners.has("chats/c1/messages")).toBe(false);
    expect(counts).toEqual([2, 1, 0]);
  });

  it("reports a failed chat list instead of a count", () => {
    const { watch, listeners } = fakeWatch();
    const errors: string[] = [];
    composeChatUnread(
      watch,
      "me",
      () => {},
      (e) => errors.push(e.message),
    );
    listeners.get("chats")!.onError(new Error("offline"));
    expect(errors).toEqual(["offline"]);
  });
});
