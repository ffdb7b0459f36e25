import { describe, expect, it } from "vitest";
import { levelFor } from "./levels";
import { firstOfKindAward, reviewAward, sessionAwards } from "./xp";

const base = { bookingId: "b1", skillTag: "ci/cd", skillLabel: "CI/CD", durationMinutes: 60 };

describe("xp rule", () => {
  it("pays teaching twice what learning pays, by duration", () => {
    expect(sessionAwards({ ...base, role: "mentor", firstOfKind: false })).toEqual([
      {
        id: "teach_b1",
        kind: "teach",
        amount: 60,
        description: "Taught CI/CD for 60 minutes",
        params: { skill: "CI/CD", minutes: 60 },
      },
    ]);
    expect(sessionAwards({ ...base, role: "learner", durationMinutes: 90, firstOfKind: false })[0]).toMatchObject({
      id: "learn_b1",
      amount: 45,
    });
  });

  it("adds a once-per-skill bonus with an id that is safe as a document id", () => {
    const awards = sessionAwards({ ...base, role: "learner", firstOfKind: true });
    expect(awards.map((a) => [a.id, a.amount])).toEqual([
      ["learn_b1", 30],
      ["first_learn_ci%2Fcd", 50],
    ]);
    expect(firstOfKindAward("mentor", "ci/cd", "CI/CD").id).toBe("first_teach_ci%2Fcd");
  });

  it("rewards good reviews and ignores 1-star ones", () => {
    expect(reviewAward("b1", "u2", 5)).toMatchObject({ id: "review_b1_u2", amount: 20 });
    expect(reviewAward("b1", "u2", 3)?.amount).toBe(6);
    expect(reviewAward("b1", "u2", 1)).toBeNull();
  });

  it("lifts a first one-hour session with a 5-star review to level 2 on both sides", () => {
    const total = (awards: (ReturnType<typeof reviewAward> | undefined)[]) =>
      awards.reduce((sum, a) => sum + (a?.amount ?? 0), 0);
    const session = { ...base, firstOfKind: true } as const;
    const mentor = total([...sessionAwards({ ...session, role: "mentor" }), reviewAward("b1", "learner", 5)]);
    const learner = total([...sessionAwards({ ...session, role: "learner" }), reviewAward("b1", "mentor", 5)]);
    expect([mentor, learner]).toEqual([130, 100]);
    expect(levelFor(mentor).level).toBe(2);
    expect(levelFor(learner).level).toBe(2);
  });
});
