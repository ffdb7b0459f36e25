import { describe, expect, it } from "vitest";
import type { BoardPost } from "~/documents/board";
import { fitScore, matchesViewer, rankByFit, type Viewer } from "./fit";

const NOW = Date.UTC(2026, 10, 26);
const DAY = 86_400_000;
const viewer: Viewer = { uid: "me", teaches: ["guitar", "italian"], wants: ["cooking", "python"] };

function post(id: string, over: Partial<BoardPost> = {}): BoardPost {
  const createdAt = over.createdAt ?? NOW - DAY;
  return {
    id,
    type: "offer",
    authorUid: "other",
    skillTag: "knitting",
    skillLabel: "Knitting",
    title: "A post",
    description: "",
    format: "online",
    area: "",
    price: { kind: "per_hour", sp: 2, swapSkillTag: null, swapSkillLabel: null },
    status: "active",
    createdAt,
    updatedAt: createdAt,
    expiresAt: createdAt + 30 * DAY,
    warnedFor: null,
    closedAt: null,
    openReports: 0,
    newestKey: `${String(createdAt).padStart(15, "0")}_${id}`,
    ...over,
  };
}

describe("best fit", () => {
  it("puts an offer of a skill I want and a need of a skill I teach above the rest", () => {
    const offerIWant = post("a", { type: "offer", skillTag: "cooking", createdAt: NOW - 20 * DAY });
    const needITeach = post("b", { type: "need", skillTag: "guitar", createdAt: NOW - 20 * DAY });
    const offerITeach = post("c", { type: "offer", skillTag: "guitar", createdAt: NOW });
    const unrelated = post("d", { createdAt: NOW });
    const ranked = rankByFit([unrelated, offerITeach, needITeach, offerIWant], viewer, NOW).map((p) => p.id);
    expect(ranked.slice(0, 2).sort()).toEqual(["a", "b"]);
    expect(ranked.slice(2).sort()).toEqual(["c", "d"]);
  });

  it("counts a swap both sides can make", () => {
    const swap = { kind: "swap" as const, sp: 0, swapSkillTag: "italian", swapSkillLabel: "Italian" };
    const withSwap = post("a", { type: "offer", skillTag: "cooking", price: swap });
    const without = post("b", { type: "offer", skillTag: "cooking" });
    expect(fitScore(withSwap, viewer, NOW)).toBeGreaterThan(fitScore(without, viewer, NOW));
    // a need whose poster gives a skill I want in return
    const need = post("c", { type: "need", skillTag: "guitar", price: { ...swap, swapSkillTag: "python" } });
    const needNoSwap = post("d", { type: "need", skillTag: "guitar", price: { ...swap, swapSkillTag: "chess" } });
    expect(fitScore(need, viewer, NOW)).toBeGreaterThan(fitScore(needNoSwap, viewer, NOW));
  });

  it("prefers fresher posts and better-rated posters among equal skills, and online over in person", () => {
    const fresh = post("a", { skillTag: "cooking", createdAt: NOW - DAY });
    const old = post("b", { skillTag: "cooking", createdAt: NOW - 30 * DAY });
    expect(rankByFit([old, fresh], viewer, NOW).map((p) => p.id)).toEqual(["a", "b"]);
    const rated = (uid: string) => (uid === "good" ? { average: 5, count: 10 } : { average: 2, count: 10 });
    const good = post("g", { skillTag: "cooking", authorUid: "good" });
    const poor = post("p", { skillTag: "cooking", authorUid: "poor" });
    expect(rankByFit([poor, good], viewer, NOW, rated).map((p) => p.id)).toEqual(["g", "p"]);
    // one glowing review weighs less than many good ones
    expect(fitScore(good, viewer, NOW, { average: 5, count: 1 })).toBeLessThan(
      fitScore(good, viewer, NOW, { average: 4.5, count: 8 }),
    );
    const inPerson = post("i", { skillTag: "cooking", format: "in_person" });
    expect(fitScore(fresh, viewer, NOW)).toBeGreaterThan(fitScore(inPerson, viewer, NOW));
  });

  it("ranks my own posts last and breaks ties newest first", () => {
    const mine = post("m", { authorUid: "me", skillTag: "cooking" });
    expect(fitScore(mine, viewer, NOW)).toBe(Number.NEGATIVE_INFINITY);
    const a = post("a", { createdAt: NOW - DAY });
    const b = post("b", { createdAt: NOW - DAY });
    expect(rankByFit([a, mine, b], viewer, NOW).map((p) => p.id)).toEqual(["b", "a", "m"]);
  });

  it("matches me when I want or teach the post's skill", () => {
    expect(matchesViewer({ skillTag: "guitar" }, viewer)).toBe(true);
    expect(matchesViewer({ skillTag: "cooking" }, viewer)).toBe(true);
    expect(matchesViewer({ skillTag: "chess" }, viewer)).toBe(false);
  });
});
