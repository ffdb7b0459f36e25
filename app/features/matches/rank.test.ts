import { describe, expect, it } from "vitest";
import { pageOf, rankedPage, rankMatches, recencyHoldsUntil, RECENT_WINDOW_MS, scoreOf, type Candidate } from "./rank";

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

describe("pageOf", () => {
  it("pages by 8 and clamps the page number", () => {
    const items = Array.from({ length: 21 }, (_, i) => i);
    expect(pageOf(items, 1).items).toHaveLength(8);
    expect(pageOf(items, 3)).toMatchObject({ page: 3, pages: 3, items: [16, 17, 18, 19, 20] });
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

describe("rankedPage", () => {
  // A small generator of its own: the same candidates every run, so a failure can be replayed.
  function* numbers(seed: number) {
    let x = seed;
    for (;;) yield (x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  }

  it("gives every page that ranking everyone with their presence gives, re-scoring only those present", () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const levels = ["beginner", "intermediate", "expert"] as const;
    for (let seed = 1; seed <= 25; seed++) {
      const random = numbers(seed);
      const next = () => random.next().value as number;
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
      const fits = () =>
        Array.from({ length: Math.floor(next() * 3) }, (_, i) => ({
          tag: `t${i}`,
          label: `T${i}`,
          level: pick(levels),
        }));
      const candidates = Array.from({ length: 30 + Math.floor(next() * 60) }, (_, i) => ({
        uid: `m${String(i).padStart(3, "0")}`,
        teaches: fits(),
        learns: fits(),
        online: false,
        lastActive: 0,
        rating: next() < 0.3 ? { count: 1 + Math.floor(next() * 8), average: 1 + next() * 4 } : undefined,
      }));
      const presence = new Map<string, { online: boolean; lastActive: number }>();
      for (const c of candidates)
        if (next() < 0.25)
          presence.set(c.uid, { online: next() < 0.4, lastActive: now - Math.floor(next() * 10 * 86_400_000) });
      presence.set("not-a-candidate", { online: true, lastActive: now });
      const absent = rankMatches(candidates, 0);
      const byUid = new Map(absent.map((m) => [m.uid, m]));
      const everyone = rankMatches(
        candidates.map((c) => ({ ...c, ...(presence.get(c.uid) ?? {}) })),
        now,
      );
      for (const size of [3, 20]) {
        for (const page of [1, 2, 5, 99]) {
          const expected = pageOf(everyone, page, size);
          const got = rankedPage(absent, byUid, presence, now, { page, size });
          expect(
            got.items.map((m) => [m.uid, m.score]),
            `seed ${seed}, page ${page} of ${size}`,
          ).toEqual(expected.items.map((m) => [m.uid, m.score]));
          expect([got.page, got.pages, got.total]).toEqual([expected.page, expected.pages, everyone.length]);
          const online = everyone.filter((m) => m.online);
          const onlineOnly = rankedPage(absent, byUid, presence, now, { page, size, onlineOnly: true });
          expect(onlineOnly.items.map((m) => m.uid)).toEqual(pageOf(online, page, size).items.map((m) => m.uid));
          expect(onlineOnly.total).toBe(online.length);
        }
      }
    }
  });
});

describe("recencyHoldsUntil", () => {
  const seenAt = (lastActive: number, at: number) => scoreOf(candidate("m", { lastActive }), at);

  it("is the last moment a visit's recency bonus is unchanged; once 0 it never changes", () => {
    for (let i = 0; i <= 600; i++) {
      // Visits from just now to past the window, a few minutes apart plus odd milliseconds.
      const lastActive = NOW - Math.floor((i / 600) * (RECENT_WINDOW_MS + 3_600_000)) - (i % 7);
      const until = recencyHoldsUntil(lastActive, NOW);
      if (until === Infinity) {
        expect(seenAt(lastActive, NOW), `${i}`).toBe(0);
        expect(seenAt(lastActive, NOW + 10 * RECENT_WINDOW_MS)).toBe(0);
        continue;
      }
      expect(until, `${i}`).toBeGreaterThanOrEqual(NOW);
      expect(seenAt(lastActive, until), `${i}: unchanged until then`).toBe(seenAt(lastActive, NOW));
      // At most three milliseconds early (float rounding is allowed for by ending early).
      expect(seenAt(lastActive, until + 3), `${i}: changed just after`).toBe(seenAt(lastActive, NOW) - 1);
    }
  });
});
