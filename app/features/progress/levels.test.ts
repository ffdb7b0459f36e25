import { describe, expect, it } from "vitest";
import { levelFor } from "./levels";

describe("levelFor", () => {
  it("starts everyone at level 1 with 0 xp", () => {
    expect(levelFor(0)).toMatchObject({ level: 1, xp: 0, nextLevelXp: 100, progress: 0 });
  });
  it("moves up exactly at a threshold", () => {
    expect(levelFor(99).level).toBe(1);
    expect(levelFor(100).level).toBe(2);
    expect(levelFor(250)).toMatchObject({ level: 3, levelStartXp: 250, nextLevelXp: 500 });
  });
  it("reports progress within a level", () => {
    expect(levelFor(175).progress).toBeCloseTo(0.5);
  });
  it("keeps going past the table", () => {
    expect(levelFor(7_500).level).toBe(10);
    expect(levelFor(9_500)).toMatchObject({ level: 11, levelStartXp: 9_500, nextLevelXp: 11_500 });
  });
  it("treats nonsense as 0 xp", () => {
    expect(levelFor(-5).xp).toBe(0);
    expect(levelFor(Number.NaN).level).toBe(1);
  });
});
