import { describe, expect, it } from "vitest";
import { checkMessage, isChatId, isPairMember, messageId, otherParticipant, pairChatId, preview } from "./pair";

describe("pairChatId", () => {
  it("is the same whoever starts the conversation", () => {
    expect(pairChatId("bob", "alice")).toBe("alice_bob");
    expect(pairChatId("alice", "bob")).toBe("alice_bob");
    expect(isChatId(pairChatId("Zed9", "amy1"))).toBe(true);
  });
  it("refuses a conversation with oneself and ids that could be forged", () => {
    expect(() => pairChatId("amy", "amy")).toThrow();
    expect(() => pairChatId("a_b", "c")).toThrow();
    expect(() => pairChatId("a/b", "c")).toThrow();
    expect(isChatId("bob_alice")).toBe(false);
    expect(isChatId("alice_bob_carol")).toBe(false);
  });
  it("knows the pair from the id alone, and nobody else", () => {
    expect(isPairMember("alice_bob", "alice")).toBe(true);
    expect(isPairMember("alice_bob", "bob")).toBe(true);
    expect(isPairMember("alice_bob", "carol")).toBe(false);
    expect(isPairMember("bob_alice", "alice")).toBe(false);
    expect(isPairMember("alice_bob", "alice_bob")).toBe(false);
  });
  it("names the other participant", () => {
    expect(otherParticipant(["a", "b"], "a")).toBe("b");
  });
});

describe("checkMessage", () => {
  it("accepts up to 2,000 characters and trims the ends", () => {
    expect(checkMessage("  hi  ")).toEqual({ ok: true, text: "hi" });
    expect(checkMessage("x".repeat(2000)).ok).toBe(true);
  });
  it("refuses empty and over-long messages with a reason", () => {
    expect(checkMessage("   ")).toEqual({ ok: false, error: "Write a message first." });
    const long = checkMessage("x".repeat(2001));
    expect(long.ok).toBe(false);
    expect(!long.ok && long.error).toMatch(/at most 2,000 characters; this one has 2,001/);
  });
});

describe("checkMessage and bidirectional controls (issue 25, item 7)", () => {
  it("stores a message without overrides, embeddings or isolates", () => {
    expect(checkMessage("pay \u202e0001\u202c now \u2066x\u2069")).toEqual({ ok: true, text: "pay 0001 now x" });
    expect(checkMessage("\u202e\u2067")).toEqual({ ok: false, error: "Write a message first." });
  });
});

describe("message ids and previews", () => {
  it("sort by time", () => {
    expect(messageId(1000, "b") < messageId(2000, "a")).toBe(true);
  });
  it("shorten long previews to one line", () => {
    expect(preview("a\n\nb")).toBe("a b");
    expect(preview("x".repeat(500))).toHaveLength(140);
  });
});
