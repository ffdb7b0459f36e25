import { describe, expect, it } from "vitest";
import { chatPath, hiddenMessagePath, messagePath, messagesOf, parseMessagePath, readChat, readMessage } from "./chats";

describe("chats/{chatId}", () => {
  it("names its paths once, and reads a message path back", () => {
    expect(chatPath("a_b")).toBe("chats/a_b");
    expect(messagesOf("a_b")).toBe("chats/a_b/messages");
    expect(messagePath("a_b", "m1")).toBe("chats/a_b/messages/m1");
    expect(hiddenMessagePath("a_b", "m1")).toBe("hidden_messages/a_b_m1");
    expect(parseMessagePath("chats/a_b/messages/m1")).toEqual({ chatId: "a_b", messageId: "m1" });
    expect(parseMessagePath("community/forum/threads/t1/posts/p1")).toBeNull();
  });

  it("reads an old chat without counts as none, and keeps only numeric unread counts", () => {
    expect(readChat({ participants: ["a", "b"], unread: { a: 2, b: "x" }, extra: 1 })).toEqual({
      participants: ["a", "b"],
      createdBy: "",
      createdAt: 0,
      updatedAt: 0,
      lastMessage: "",
      lastSender: "",
      messageCount: 0,
      unread: { a: 2 },
    });
  });

  it("reads a message from before moderation as not hidden", () => {
    expect(readMessage({ id: "m1", data: { sender: "a", text: "hi", timestamp: 3 } })).toEqual({
      id: "m1",
      sender: "a",
      text: "hi",
      seen: false,
      timestamp: 3,
      hidden: false,
      quote: null,
    });
  });

  it("reads a quoted board post, and anything malformed as no quote", () => {
    const quote = { postId: "p1", postType: "need", title: "Guitar basics" };
    expect(readMessage({ id: "m1", data: { sender: "a", text: "hi", timestamp: 3, quote } }).quote).toEqual(quote);
    expect(readMessage({ id: "m1", data: { sender: "a", text: "hi", timestamp: 3, quote: { title: 1 } } }).quote).toBe(
      null,
    );
  });
});
