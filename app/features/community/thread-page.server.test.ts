import { describe, expect, it } from "vitest";
import { spaceOfThread } from "./thread-page.server";

describe("a thread's space as the page names it (decision 085)", () => {
  it("reads a missing space record as the community, in the reader's language, not as a member's words", () => {
    expect(spaceOfThread("gone", "", null, "en")).toEqual({
      id: "gone",
      name: "Community",
      skillTag: null,
      own: false,
    });
    expect(spaceOfThread("gone", "", null, "fr").name).toBe("Communauté");
    expect(spaceOfThread("gone", "", null, "es").name).not.toBe("Community");
  });

  it("keeps a member's own tag as written and names a taxonomy skill's space in the reader's language", () => {
    expect(spaceOfThread("s1", "Knitting socks", "knitting socks", "fr")).toMatchObject({
      name: "Knitting socks",
      own: true,
    });
    expect(spaceOfThread("s2", "Guitar", "guitar", "es")).toMatchObject({ name: "Guitarra", own: false });
  });
});
