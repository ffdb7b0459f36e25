import { describe, expect, it } from "vitest";
import { matchReason, pageOf, rankMatches, scoreOf, type Candidate } from "./rank";

const NOW = 1_700_000_000_000;
const fit = (label: string, level: "beginner" | "intermediate" | "expert" = "intermediate") => ({
  tag: label.toLowerCase(),
  label,
  level,
});
const candidate = (uid: string, over: Partial<Candidate> = {}): Candidate => ({
  uid,
  teaches: [],
  learns: [],
  online: false,
  lastActive: 0,
  ...over,
});

describe("rankMatches", () => {
  it("puts two-way swaps above any one-way fit", () => {
    const oneWayRich = candidate("a", {
      teaches: [fit("Spanish", "expert"), fit("Go", "expert"), fit("Rust", "expert")],
      online: true,
      lastActive: NOW,
    });
    const swap = candidate("b", { teaches: [fit("Spanish", "beginner")], learns: [fit("React")] });
    expect(rankMatches([oneWayRich, swap], NOW).map((m) => m.uid)).toEqual(["b", "a"]);
    expect(rankMatches([oneWayRich, swap], NOW)[0].twoWay).toBe(true);
  });

  it("prefers more shared skills, then a stronger teacher, then presence and recency", () => {
    const two = candidate("two", { teaches: [fit("Spanish"), fit("Go")] });
    const expert = candidate("expert", { teaches: [fit("Spanish", "expert")] });
    const online = candidate("online", { teaches: [fit("Spanish")], online: true });
    const recent = candidate("recent", { teaches: [fit("Spanish")], lastActive: NOW - 60_000 });
    const idle = candidate("idle", { teaches: [fit("Spanish")], lastActive: NOW - 30 * 86_400_000 });
    expect(rankMatches([idle, recent, online, expert, two], NOW).map((m) => m.uid)).toEqual([
      "two",
      "online",
      "expert",
      "recent",
      "idle",
    ]);
  });

  it("keeps a stable order for equal scores, whatever the input order", () => {
    const same = ["m3", "m1", "m2"].map((uid) => candidate(uid, { learns: [fit("React")] }));
    expect(rankMatches(same, NOW).map((m) => m.uid)).toEqual(["m1", "m2", "m3"]);
    expect(rankMatches([...same].reverse(), NOW).map((m) => m.uid)).toEqual(["m1", "m2", "m3"]);
  });
});

describe("matchReason", () => {
  it("says why in words", () => {
    expect(matchReason({ teaches: [fit("Spanish")], learns: [fit("React")] })).toBe(
      "teaches Spanish, wants to learn React — you teach React",
    );
    expect(matchReason({ teaches: [fit("Spanish"), fit("Go")], learns: [] })).toBe(
      "teaches Spanish and Go — you want to learn them",
    );
    expect(matchReason({ teaches: [], learns: [fit("React")] })).toBe("wants to learn React — you teach React");
  });
});

describe("pageOf", () => {
  it("pages by 20 and clamps the page number", () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(items, 1).items).toHaveLength(20);
    expect(pageOf(items, 3)).toMatchObject({ page: 3, pages: 3, items: [40, 41, 42, 43, 44] });
    expect(pageOf(items, 99).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe("ratings in the ranking", () => {
  const now = Date.UTC(2026, 10, 22);
  const oneWay = (uid: string, rating?: { count: number; average: number }) => ({
    uid,
    teaches: [{ tag: "spanish", label: "Spanish", level: "intermediate" as const }],
    learns: [],
    online: false,
    lastActive: 0,
    rating,
  });

  it("lifts well-reviewed members and lowers poorly reviewed ones within a tier", () => {
    const ranked = rankMatches(
      [oneWay("a", { count: 5, average: 2 }), oneWay("b"), oneWay("c", { count: 5, average: 5 })],
      now,
    );
    expect(ranked.map((m) => m.uid)).toEqual(["c", "b", "a"]);
  });

  it("trusts one review less than many", () => {
    expect(scoreOf(oneWay("x", { count: 1, average: 5 }), now)).toBeLessThan(
      scoreOf(oneWay("y", { count: 5, average: 5 }), now),
    );
  });

  it("never lets a rating beat a two-way swap", () => {
    const twoWay = { ...oneWay("t"), learns: [{ tag: "react", label: "React", level: "beginner" as const }] };
    const ranked = rankMatches(
      [oneWay("star", { count: 50, average: 5 }), { ...twoWay, rating: { count: 50, average: 1 } }],
      now,
    );
    expect(ranked[0].uid).toBe("t");
  });
});
