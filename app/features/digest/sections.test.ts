import { describe, expect, it } from "vitest";
import type { DigestFacts } from "~/documents/digest";
import {
  LISTED,
  matchesSection,
  nothingToSay,
  postsSection,
  repliesSection,
  sessionsSection,
  spSection,
  unreadSection,
  UPCOMING_MS,
  type Newcomer,
} from "./sections";

const DAY = 24 * 3_600_000;
const window = { from: 100 * DAY, to: 107 * DAY };
const inside = window.from + DAY;
const me = { uid: "me", teachTags: ["guitar"], learnTags: ["spanish"], createdAt: 0 };
const names = new Map([
  ["ana", "Ana"],
  ["ben", "Ben"],
]);

describe("digest sections", () => {
  it("unread messages: who wrote and how many, newest conversation first, never the text", () => {
    const chats: { id: string; participants: string[]; unread: Record<string, number>; updatedAt: number }[] = [
      { id: "c1", participants: ["ana", "me"], unread: { me: 3, ana: 0 }, updatedAt: inside },
      { id: "c2", participants: ["ben", "me"], unread: { me: 1 }, updatedAt: inside + 5 },
      // Read already, one written before the period, and one where only the other side has unread messages.
      { id: "c3", participants: ["ana", "me"], unread: { me: 0 }, updatedAt: inside },
      { id: "c4", participants: ["ben", "me"], unread: { me: 2 }, updatedAt: window.from - 1 },
      { id: "c5", participants: ["ben", "me"], unread: { ben: 4 }, updatedAt: inside },
      // Someone whose name is unknown (a deleted member).
      { id: "c6", participants: ["gone", "me"], unread: { me: 1 }, updatedAt: inside - 5 },
    ];
    expect(unreadSection("me", chats, names, window)).toEqual([
      { name: "Ben", count: 1, chatId: "c2" },
      { name: "Ana", count: 3, chatId: "c1" },
      { name: "", count: 1, chatId: "c6" },
    ]);
  });

  it("new matches: members who joined in the period and teach what I want or want what I teach", () => {
    const newcomer = (uid: string, over: Partial<Newcomer> = {}): Newcomer => ({
      uid,
      fullName: uid.toUpperCase(),
      teachTags: [],
      learnTags: [],
      skillsOffered: [],
      skillsWanted: [],
      createdAt: inside,
      deleted: false,
      suspension: null,
      ...over,
    });
    const spanish = { tag: "spanish", label: "Spanish", level: "expert" as const };
    const guitar = { tag: "guitar", label: "Guitar", level: "beginner" as const };
    const result = matchesSection(
      me,
      [
        newcomer("t1", { skillsOffered: [spanish] }),
        newcomer("l1", { skillsWanted: [guitar] }),
        newcomer("none", { skillsOffered: [guitar] }),
        newcomer("early", { skillsOffered: [spanish], createdAt: window.from - 1 }),
        newcomer("late", { skillsOffered: [spanish], createdAt: window.to }),
        newcomer("gone", { skillsOffered: [spanish], deleted: true }),
        newcomer("banned", { skillsOffered: [spanish], suspension: { reason: "x", at: 1, byUid: "a" } }),
        newcomer("me", { skillsOffered: [spanish] }),
      ],
      window,
    );
    expect(result).toEqual({
      matches: [
        { uid: "t1", name: "T1", skill: "Spanish" },
        { uid: "l1", name: "L1", skill: "Guitar" },
      ],
      moreMatches: 0,
    });
    const many = Array.from({ length: LISTED + 3 }, (_, i) => newcomer(`n${i}`, { skillsOffered: [spanish] }));
    expect(matchesSection(me, many, window)).toMatchObject({ moreMatches: 3 });
    expect(matchesSection(me, many, window).matches).toHaveLength(LISTED);
  });

  it("board posts that fit: offers of what I want, needs of what I teach, open and made in the period", () => {
    const post = (id: string, over: Record<string, unknown> = {}) => ({
      id,
      type: "offer" as "offer" | "need",
      title: `Post ${id}`,
      skillTag: "spanish",
      skillLabel: "Spanish",
      authorUid: "ana",
      status: "active" as const,
      createdAt: inside,
      expiresAt: window.to + 30 * DAY,
      ...over,
    });
    const result = postsSection(
      me,
      [
        post("offer"),
        post("need", { type: "need", skillTag: "guitar", skillLabel: "Guitar", createdAt: inside + 1 }),
        post("wrong-side", { type: "need", skillTag: "spanish" }),
        post("mine", { authorUid: "me" }),
        post("closed", { status: "closed" }),
        post("old", { createdAt: window.from - 1 }),
        post("expired", { expiresAt: window.to - 1 }),
      ] as Parameters<typeof postsSection>[1],
      window,
    );
    expect(result).toEqual({
      posts: [
        { id: "need", type: "need", title: "Post need", skill: "Guitar" },
        { id: "offer", type: "offer", title: "Post offer", skill: "Spanish" },
      ],
      morePosts: 0,
    });
  });

  it("upcoming sessions: accepted ones in the week after the period, soonest first, with the other member", () => {
    const booking = (id: string, start: number, state = "accepted" as const, mentorUid = "ana") => ({
      id,
      mentorUid,
      learnerUid: mentorUid === "me" ? "ben" : "me",
      skillLabel: "Spanish",
      start,
      state: state as "accepted" | "requested",
    });
    expect(
      sessionsSection(
        "me",
        [
          booking("later", window.to + 2 * DAY),
          booking("soon", window.to + 1, "accepted", "me"),
          booking("asked", window.to + DAY, "requested" as "accepted"),
          booking("past", window.to - 1),
          booking("far", window.to + UPCOMING_MS),
        ],
        names,
        window,
      ),
    ).toEqual([
      { bookingId: "soon", withName: "Ben", skill: "Spanish", start: window.to + 1 },
      { bookingId: "later", withName: "Ana", skill: "Spanish", start: window.to + 2 * DAY },
    ]);
  });

  it("replies in followed threads: counted per thread from the period's reply notices", () => {
    const notice = (link: string, timestamp: number, type = "forum_reply", body = "How to tune") => ({
      type,
      body,
      link,
      timestamp,
    });
    expect(
      repliesSection(
        [
          notice("/community/t1#post-p1", inside),
          notice("/community/t1#post-p2", inside + 2),
          notice("/community/t2#post-p3", inside + 1, "forum_reply", "Verbs"),
          notice("/community/t3#post-p4", inside, "forum_mention"),
          notice("/community/t4#post-p5", window.to),
        ],
        window,
      ),
    ).toEqual([
      { title: "How to tune", link: "/community/t1", count: 2 },
      { title: "Verbs", link: "/community/t2", count: 1 },
    ]);
  });

  it("SP received: the period's credits summed, debits and other periods left out", () => {
    expect(
      spSection(
        [
          { amount: 12, timestamp: inside },
          { amount: 5, timestamp: inside + 1 },
          { amount: -7, timestamp: inside },
          { amount: 100, timestamp: window.to },
          { amount: Number.NaN, timestamp: inside },
        ],
        window,
      ),
    ).toEqual({ spReceived: 17, spEntries: 2 });
  });

  it("nothing to say: every section empty, and any one section is enough to send", () => {
    const empty: DigestFacts = {
      unread: [],
      matches: [],
      moreMatches: 0,
      posts: [],
      morePosts: 0,
      sessions: [],
      replies: [],
      spReceived: 0,
      spEntries: 0,
    };
    expect(nothingToSay(empty)).toBe(true);
    expect(nothingToSay({ ...empty, unread: [{ name: "Ana", count: 1, chatId: "c" }] })).toBe(false);
    expect(nothingToSay({ ...empty, matches: [{ uid: "a", name: "A", skill: "S" }] })).toBe(false);
    expect(nothingToSay({ ...empty, posts: [{ id: "p", type: "offer", title: "T", skill: "S" }] })).toBe(false);
    expect(nothingToSay({ ...empty, sessions: [{ bookingId: "b", withName: "A", skill: "S", start: 1 }] })).toBe(false);
    expect(nothingToSay({ ...empty, replies: [{ title: "T", link: "/community/t", count: 1 }] })).toBe(false);
    expect(nothingToSay({ ...empty, spReceived: 3, spEntries: 1 })).toBe(false);
  });
});
