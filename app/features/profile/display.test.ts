import { describe, expect, it } from "vitest";
import { avatarOf, DEFAULT_AVATAR, displayNameOf } from "./display";

describe("displayNameOf", () => {
  it("follows SPEC.md §3: auth display name, fullName, email local part, then Profile", () => {
    expect(displayNameOf({ authDisplayName: "Ada L.", fullName: "Ada Lovelace", email: "ada@example.com" })).toBe(
      "Ada L.",
    );
    expect(displayNameOf({ authDisplayName: "  ", fullName: "Ada Lovelace", email: "ada@example.com" })).toBe(
      "Ada Lovelace",
    );
    expect(displayNameOf({ authDisplayName: null, fullName: "", email: "ada@example.com" })).toBe("ada");
    expect(displayNameOf({})).toBe("Profile");
  });
});

describe("avatarOf", () => {
  it("prefers an uploaded picture, then the sign-in photo, then the default", () => {
    expect(avatarOf({ authPhotoURL: "https://photos.example/a.png", profilePicture: "/avatars/u1/2" })).toBe(
      "/avatars/u1/2",
    );
    expect(avatarOf({ authPhotoURL: "https://photos.example/a.png", profilePicture: DEFAULT_AVATAR })).toBe(
      "https://photos.example/a.png",
    );
    expect(avatarOf({ authPhotoURL: null, profilePicture: null })).toBe(DEFAULT_AVATAR);
  });
});
