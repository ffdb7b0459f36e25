import { describe, expect, it } from "vitest";
import { ratingPath, readRating, readReview, reviewPath } from "./reviews";

describe("reviews/{bookingId}_{reviewerUid} and ratings/{uid}", () => {
  it("names its paths once", () => {
    expect(reviewPath("b1", "u1")).toBe("reviews/b1_u1");
    expect(ratingPath("u1")).toBe("ratings/u1");
  });

  it("reads a review with defaults for what is missing and drops unknown fields", () => {
    expect(readReview({ bookingId: "b1", rating: 4, revieweeRole: "coach", extra: 1 })).toEqual({
      bookingId: "b1",
      reviewerUid: "",
      revieweeUid: "",
      rating: 4,
      comment: "",
      skillTag: "",
      skillLabel: "",
      revieweeRole: "mentor",
      createdAt: 0,
    });
  });

  it("reads a missing rating summary as no reviews", () => {
    expect(readRating(undefined)).toEqual({ count: 0, sum: 0 });
  });
});
