import { describe, expect, it } from "vitest";
import { headerDependsOn } from "./header.server";

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
