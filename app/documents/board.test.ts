import { describe, expect, it } from "vitest";
import {
  boardPostLink,
  boardPostPath,
  isBoardId,
  newestKeyOf,
  proposalPath,
  readBoardPost,
  readProposal,
  readSwapLink,
  swapLinkPath,
} from "./board";

describe("board_posts, board_proposals and swap_links", () => {
  it("names its paths once", () => {
    expect(boardPostPath("p1")).toBe("board_posts/p1");
    expect(proposalPath("q1")).toBe("board_proposals/q1");
    expect(swapLinkPath("s1")).toBe("swap_links/s1");
    expect(boardPostLink("p1")).toBe("/board/p1");
    expect(isBoardId("abc_-1")).toBe(true);
    expect(isBoardId("a/b")).toBe(false);
    expect(isBoardId("..")).toBe(false);
    expect(isBoardId("")).toBe(false);
  });

  it("keys newest so that later posts sort after earlier ones and ties break on the id", () => {
    const a = newestKeyOf(1_700_000_000_000, "a");
    const b = newestKeyOf(1_700_000_000_001, "a");
    const c = newestKeyOf(1_700_000_000_001, "b");
    expect(a).toBe("001700000000000_a");
    expect([c, a, b].sort()).toEqual([a, b, c]);
  });

  it("reads a post with missing fields as hidden and expired long ago, never as active", () => {
    const post = readBoardPost({ id: "p1", data: { title: "Italian", extra: 1 } });
    expect(post).toEqual({
      id: "p1",
      type: "offer",
      authorUid: "",
      skillTag: "",
      skillLabel: "",
      title: "Italian",
      description: "",
      format: "either",
      area: "",
      price: { kind: "swap", sp: 0, swapSkillTag: null, swapSkillLabel: null },
      status: "hidden",
      createdAt: 0,
      updatedAt: 0,
      expiresAt: 0,
      warnedFor: null,
      closedAt: null,
      openReports: 0,
      newestKey: "",
    });
  });

  it("reads an SP price strictly and a swap's skill only on a swap", () => {
    const read = (price: unknown) => readBoardPost({ id: "p", data: { price } }).price;
    expect(read({ kind: "per_hour", sp: 3, swapSkillTag: "guitar" })).toEqual({
      kind: "per_hour",
      sp: 3,
      swapSkillTag: null,
      swapSkillLabel: null,
    });
    expect(read({ kind: "fixed", sp: 2.5 }).sp).toBeNaN();
    expect(read({ kind: "fixed" }).sp).toBeNaN();
    expect(read({ kind: "swap", sp: 5, swapSkillTag: "guitar", swapSkillLabel: "Guitar" })).toEqual({
      kind: "swap",
      sp: 0,
      swapSkillTag: "guitar",
      swapSkillLabel: "Guitar",
    });
    expect(read({ kind: "barter", sp: 5 }).kind).toBe("swap");
    expect(read("nonsense").kind).toBe("swap");
  });

  it("reads an unknown status as hidden and an unknown type and format as their defaults", () => {
    const post = readBoardPost({ id: "p", data: { status: "pinned", type: "gift", format: "radio" } });
    expect([post.status, post.type, post.format]).toEqual(["hidden", "offer", "either"]);
    const active = readBoardPost({ id: "p", data: { status: "active", type: "need", format: "in_person" } });
    expect([active.status, active.type, active.format]).toEqual(["active", "need", "in_person"]);
  });

  it("reads a proposal from an older version as closed, with its SP strict", () => {
    const p = readProposal({ id: "q1", data: { postId: "p1", status: "maybe", kind: "sp", sp: 1.5 } });
    expect(p.status).toBe("closed");
    expect(p.sp).toBeNaN();
    expect(p.kind).toBe("sp");
    expect(readProposal({ id: "q2", data: { kind: "swap" } })).toMatchObject({
      id: "q2",
      kind: "swap",
      sp: 0,
      swapSkillTag: null,
      bookingId: null,
      swapId: null,
      decidedAt: null,
      participants: [],
    });
    expect(readProposal({ id: "q3", data: { kind: "credit" } }).kind).toBe("swap");
  });

  it("reads a swap link's bookings only as exactly two ids", () => {
    expect(readSwapLink({ id: "s", data: { bookingIds: ["b1", "b2"], participants: ["a", 1, "b"] } })).toEqual({
      id: "s",
      bookingIds: ["b1", "b2"],
      participants: ["a", "b"],
      postId: null,
      proposalId: null,
      createdAt: 0,
    });
    expect(readSwapLink({ id: "s", data: { bookingIds: ["b1"] } }).bookingIds).toBeNull();
    expect(readSwapLink({ id: "s", data: { bookingIds: ["b1", ""] } }).bookingIds).toBeNull();
    expect(readSwapLink({ id: "s", data: { bookingIds: ["b1", "b2", "b3"] } }).bookingIds).toBeNull();
  });
});
