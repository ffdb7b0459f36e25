import { describe, expect, it } from "vitest";
import { dedupeSkills, normaliseTag, parseSkillLines, readSkills, skillLines, tagKey, toSkill } from "./tags";

describe("normaliseTag", () => {
  it("trims, lowercases and collapses inner whitespace", () => {
    expect(normaliseTag("  Public   Speaking\t")).toBe("public speaking");
    expect(normaliseTag("REACT")).toBe("react");
  });
  it("caps tags at 40 characters without a trailing space", () => {
    const long = "a".repeat(39) + " bcdef";
    expect(normaliseTag(long)).toBe("a".repeat(39));
    expect(normaliseTag("x".repeat(60))).toHaveLength(40);
  });
  it("answers empty for blank input", () => {
    expect(normaliseTag("   ")).toBe("");
  });
  it("folds full-width letters so look-alikes match", () => {
    expect(normaliseTag("Ｒｅａｃｔ")).toBe("react");
  });
});

describe("skills", () => {
  it("keeps the display label's capitals for a free entry", () => {
    expect(toSkill("  Sourdough   Scoring ", "expert")).toEqual({
      tag: "sourdough scoring",
      label: "Sourdough Scoring",
      level: "expert",
    });
    expect(toSkill("  ", "expert")).toBeNull();
  });
  it("turns a name the taxonomy knows, synonyms included, into that skill", () => {
    expect(toSkill("  UX   Design ", "expert")).toEqual({ tag: "ux design", label: "UX design", level: "expert" });
    expect(toSkill("JS", "beginner")).toEqual({ tag: "javascript", label: "JavaScript", level: "beginner" });
    expect(parseSkillLines("js: expert\nJavaScript").skills).toEqual([
      { tag: "javascript", label: "JavaScript", level: "expert" },
    ]);
  });
  it("refuses a level nobody offers instead of saving it as part of the name", () => {
    const { problem } = parseSkillLines("Python: guru");
    expect(problem).toEqual({ kind: "notALevel", level: "guru", skill: "Python" });
  });
  it("drops duplicate tags, first one winning", () => {
    const a = toSkill("React", "expert")!;
    const b = toSkill("react ", "beginner")!;
    expect(dedupeSkills([a, b])).toEqual([a]);
  });
  it("parses one skill per line with an optional level", () => {
    const { skills, problem } = parseSkillLines("Spanish: expert\nReact - beginner\n\nGuitar");
    expect(problem).toBeUndefined();
    expect(skills.map((s) => [s.tag, s.level])).toEqual([
      ["spanish", "expert"],
      ["react", "beginner"],
      ["guitar", "intermediate"],
    ]);
    expect(parseSkillLines(skillLines(skills)).skills).toEqual(skills);
  });
  it("writes and reads the levels in the reader's words, a name with a dash kept whole", () => {
    const spanish = { beginner: "principiante", intermediate: "intermedio", expert: "experto" };
    const { skills } = parseSkillLines("Spanish: expert\nReact - beginner");
    expect(skillLines(skills, spanish)).toBe("Spanish: experto\nReact: principiante");
    expect(parseSkillLines(skillLines(skills, spanish), {}, spanish).skills).toEqual(skills);
    expect(parseSkillLines("Node.js - Express", {}, spanish).skills.map((s) => [s.label, s.level])).toEqual([
      ["Node.js - Express", "intermediate"],
    ]);
  });
  it("refuses too many skills and over-long names", () => {
    expect(parseSkillLines(Array.from({ length: 11 }, (_, i) => `skill ${i}`).join("\n")).problem).toEqual({
      kind: "tooMany",
      max: 10,
    });
    expect(parseSkillLines("x".repeat(41)).problem).toEqual({ kind: "tooLong", max: 40, start: "x".repeat(20) });
  });
  it("reads stored lists defensively", () => {
    expect(readSkills(undefined)).toEqual([]);
    expect(readSkills([{ tag: "go" }, "junk", { tag: "" }])).toEqual([{ tag: "go", label: "go", level: "beginner" }]);
  });
  it("makes tags safe as document ids", () => {
    expect(tagKey("ci/cd")).toBe("ci%2Fcd");
  });
});
