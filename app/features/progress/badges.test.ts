import { describe, expect, it } from "vitest";
import { badgesFor } from "./badges";

const earned = (stats: Parameters<typeof badgesFor>[0]) =>
  badgesFor(stats)
    .filter((b) => b.earned)
    .map((b) => b.id);

describe("badgesFor", () => {
  it("earns nothing before the first session", () => {
    expect(earned({ taught: 0, learned: 0, skillsTaught: 0, recentRatings: [] })).toEqual([]);
  });
  it("earns by counts and by an unbroken run of five-star reviews", () => {
    expect(earned({ taught: 10, learned: 1, skillsTaught: 3, recentRatings: [5, 5, 5, 5, 5, 2] })).toEqual([
      "first-session",
      "ten-taught",
      "five-star-streak",
      "three-skills",
    ]);
    expect(earned({ taught: 1, learned: 10, skillsTaught: 1, recentRatings: [5, 5, 4, 5, 5] })).toEqual([
      "first-session",
      "ten-learned",
    ]);
  });
});
