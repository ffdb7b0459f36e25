import { describe, expect, it } from "vitest";
import { DEFAULT_AVATAR, readUser, readXpAward, savedMemberPath, userPath, xpAwardPath } from "./users";

describe("users/{uid}", () => {
  it("names its paths once", () => {
    expect(userPath("u1")).toBe("users/u1");
    expect(savedMemberPath("u1", "u2")).toBe("users/u1/saved/u2");
    expect(xpAwardPath("u1", "answer_t1")).toBe("users/u1/xp/answer_t1");
  });

  it("reads an old profile that lacks later fields with their defaults, not an error", () => {
    const profile = readUser({ fullName: "Ana", xp: 10, createdAt: 5 });
    expect(profile).toMatchObject({
      fullName: "Ana",
      xp: 10,
      createdAt: 5,
      profilePicture: DEFAULT_AVATAR,
      bio: "",
      languages: [],
      skillsOffered: [],
      timezone: "UTC",
      role: "member",
      dashboardVisitedAt: null,
      suspension: null,
      rating: { count: 0, sum: 0 },
      deleted: false,
    });
  });

  it("replaces malformed fields by their defaults and keeps the good entries of a list", () => {
    const profile = readUser({
      fullName: 7,
      xp: Number.NaN,
      bio: null,
      role: "owner",
      languages: ["en", 3, "pt"],
      skillsOffered: [{ tag: "go" }, "junk", { tag: "" }, { tag: "spanish", label: "Spanish", level: "expert" }],
      suspension: { reason: "spam" },
      rating: { count: 2.5, sum: 9 },
    });
    expect(profile).toMatchObject({
      fullName: "",
      xp: 0,
      bio: "",
      role: "member",
      languages: ["en", "pt"],
      skillsOffered: [
        { tag: "go", label: "go", level: "beginner" },
        { tag: "spanish", label: "Spanish", level: "expert" },
      ],
      suspension: null,
      rating: { count: 0, sum: 9 },
    });
  });

  it("reads a suspension and drops fields it does not name", () => {
    const profile = readUser({ suspension: { reason: "Spam", at: 3, byUid: "admin" }, surprise: true });
    expect(profile.suspension).toEqual({ reason: "Spam", at: 3, byUid: "admin" });
    expect(profile).not.toHaveProperty("surprise");
  });

  it("reads a missing document as null", () => {
    expect(readUser(undefined)).toBeNull();
    expect(readUser(null)).toBeNull();
  });

  it("reads an xp award from before skill tags and parameters with null for the tag, no parameters, and drops unknown fields", () => {
    expect(readXpAward({ kind: "teach", amount: 50, description: "Taught", at: 4, extra: 1 })).toEqual({
      kind: "teach",
      amount: 50,
      description: "Taught",
      at: 4,
      bookingId: "",
      skillTag: null,
      params: {},
    });
  });
});
