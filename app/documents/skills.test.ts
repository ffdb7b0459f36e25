import { describe, expect, it } from "vitest";
import { readSkillCatalog, readSkillHolder, skillCatalogPath, skillHolderPath, skillHoldersOf, tagKey } from "./skills";

describe("skillIndex/{tag}/{role}/{uid} and skillCatalog/{tag}", () => {
  it("names its paths once, a tag as one id segment", () => {
    expect(tagKey("ci/cd")).toBe("ci%2Fcd");
    expect(skillHoldersOf("spanish", "teachers")).toBe("skillIndex/spanish/teachers");
    expect(skillHolderPath("ci/cd", "learners", "u1")).toBe("skillIndex/ci%2Fcd/learners/u1");
    expect(skillCatalogPath("sourdough scoring")).toBe("skillCatalog/sourdough%20scoring");
  });

  it("reads an index entry as written, dropping unknown fields", () => {
    expect(readSkillHolder({ id: "u1", data: { uid: "u1", level: "expert", label: "Spanish", x: 1 } })).toEqual({
      uid: "u1",
      level: "expert",
      label: "Spanish",
    });
  });

  it("reads a malformed index entry with defaults, naming its member by the entry's id", () => {
    expect(readSkillHolder({ id: "u2", data: { level: "guru", label: 4 } })).toEqual({
      uid: "u2",
      level: "beginner",
      label: "",
    });
  });

  it("reads a catalogue entry, and a malformed count as none", () => {
    expect(readSkillCatalog({ tag: "go", label: "Go", members: 3 })).toEqual({ tag: "go", label: "Go", members: 3 });
    expect(readSkillCatalog({ tag: "go", members: "many" })).toEqual({ tag: "go", label: "", members: 0 });
  });
});
