import { beforeEach, describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { submitReview } from "./reviews.server";

const { store } = useTempStore("reviews-");

beforeEach(async () => {
  await store.set("users/m", { fullName: "M", xp: 10 });
  await store.set("users/l", { fullName: "L", xp: 0 });
  await store.set("bookings/b1", {
    mentorUid: "m",
    learnerUid: "l",
    participants: ["m", "l"],
    state: "completed",
    skillTag: "go",
    skillLabel: "Go",
  });
  await store.set("bookings/b2", {
    mentorUid: "m",
    learnerUid: "l",
    participants: ["m", "l"],
    state: "accepted",
    skillTag: "go",
    skillLabel: "Go",
  });
});

describe("submitReview", () => {
  it("records one review per side, with rating summary and xp, even when sent twice at once", async () => {
    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => submitReview(store, "b1", "l", { rating: 5, comment: " Great " })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    await submitReview(store, "b1", "m", { rating: 4, comment: "" });
    const mentor = (await store.get("users/m"))!.data;
    expect(mentor).toMatchObject({ xp: 30, rating: { count: 1, sum: 5 } });
    expect((await store.get("users/l"))!.data).toMatchObject({ xp: 12, rating: { count: 1, sum: 4 } });
    expect((await store.get("reviews/b1_l"))!.data).toMatchObject({
      comment: "Great",
      revieweeUid: "m",
      revieweeRole: "mentor",
    });
  });

  it("refuses reviews before completion, from strangers, and out-of-range ratings", async () => {
    await expect(submitReview(store, "b2", "l", { rating: 5, comment: "" })).rejects.toThrow("once it is completed");
    await expect(submitReview(store, "b1", "x", { rating: 5, comment: "" })).rejects.toMatchObject({ status: 404 });
    await expect(submitReview(store, "b1", "l", { rating: 6, comment: "" })).rejects.toThrow("1 to 5 stars");
    await expect(submitReview(store, "b1", "l", { rating: 3, comment: "x".repeat(1001) })).rejects.toThrow(
      "under 1000",
    );
  });
});
