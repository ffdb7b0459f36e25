import { describe, expect, it } from "vitest";
import {
  bookingPayload,
  callMembersOf,
  callMessagesOf,
  callPayload,
  countChatUnread,
  feedSources,
  isFeedName,
  toPayload,
} from "./feeds";

describe("live feed catalogue", () => {
  it("builds every query from the uid, as SPEC.md §7 lists them", () => {
    expect(feedSources.transactions("u1")).toEqual({
      kind: "query",
      query: { collection: "wallets/u1/transactions", orderBy: [["timestamp", "desc"]], limit: 3 },
    });
    expect(feedSources.notifications("u1")).toMatchObject({
      query: { collection: "notifications/u1/messages", limit: 20 },
    });
    expect(feedSources.welcomeBonus("u1")).toMatchObject({
      query: { where: [["type", "==", "welcome_bonus"]], limit: 1 },
    });
    expect(feedSources.wallet("u1")).toEqual({ kind: "doc", path: "wallets/u1" });
  });

  it("knows its feed names and nothing else", () => {
    expect(isFeedName("wallet")).toBe(true);
    expect(isFeedName("wallets/other")).toBe(false);
    expect(isFeedName("booking:b-1_x")).toBe(true);
    expect(isFeedName("booking:../users/u1")).toBe(false);
    expect(isFeedName("booking:")).toBe(false);
  });

  it("counts unseen messages from others only", () => {
    const unseen = new Map([
      ["c1", [{ sender: "me" }, { sender: "b" }]],
      ["c2", [{ sender: "c" }, { sender: "c" }]],
    ]);
    expect(countChatUnread(unseen, "me")).toBe(3);
    unseen.delete("c2");
    expect(countChatUnread(unseen, "me")).toBe(1);
  });

  it("treats a missing wallet as 0 SP", () => {
    expect(toPayload.wallet(null)).toEqual({ balance: 0 });
  });

  it("shapes a booking for the room without its lock ids or reminder flag", () => {
    const payload = bookingPayload({
      id: "b1",
      path: "bookings/b1",
      data: {
        mentorUid: "m",
        learnerUid: "l",
        state: "accepted",
        start: 1,
        end: 2,
        confirmations: { mentor: 5 },
        lockIds: ["m_0"],
        reminderSent: true,
        notes: "hi",
      },
    });
    expect(payload).toMatchObject({
      id: "b1",
      mentorUid: "m",
      state: "accepted",
      confirmations: { mentor: 5 },
      notes: "hi",
      meetingLink: "",
      disputeReason: null,
    });
    expect(payload).not.toHaveProperty("lockIds");
    expect(payload).not.toHaveProperty("reminderSent");
    expect(bookingPayload(null)).toBeNull();
  });

  it("builds the call feed from the listener's uid: both members' state, and only messages addressed to them", () => {
    expect(isFeedName("call:b1")).toBe(true);
    expect(isFeedName("call:b1/signals")).toBe(false);
    expect(callMembersOf("b1", "u1")).toEqual({
      collection: "bookings/b1/signals",
      where: [["audience", "array-contains", "u1"]],
    });
    expect(callMessagesOf("b1", "u1")).toMatchObject({
      collection: "bookings/b1/signals",
      where: [["to", "==", "u1"]],
      orderBy: [["createdAt", "desc"]],
    });
    const payload = callPayload(
      [
        {
          data: {
            uid: "u2",
            peer: "p2",
            audio: false,
            video: true,
            screen: false,
            left: false,
            updatedAt: 5,
            audience: ["u1", "u2"],
          },
        },
      ],
      [
        {
          id: "m2",
          data: { fromPeer: "p2", toPeer: "p1", seq: 2, candidate: { candidate: "c" }, from: "u2", to: "u1" },
        },
        {
          id: "m1",
          data: {
            fromPeer: "p2",
            toPeer: "p1",
            seq: 1,
            description: { type: "offer", sdp: "v=0" },
            from: "u2",
            to: "u1",
          },
        },
      ],
    );
    expect(payload.members).toEqual({
      u2: { uid: "u2", peer: "p2", audio: false, video: true, screen: false, left: false, updatedAt: 5 },
    });
    expect(payload.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(payload.messages[0]).toEqual({
      id: "m1",
      fromPeer: "p2",
      toPeer: "p1",
      seq: 1,
      description: { type: "offer", sdp: "v=0" },
    });
  });
});
