import { describe, expect, it } from "vitest";
import { normaliseTag } from "./tag-name";
import { findSkill, suggestSkills, TAXONOMY } from "./taxonomy";

describe("the skill taxonomy", () => {
  it("holds a few hundred skills in categories, each tag once", () => {
    expect(TAXONOMY.length).toBeGreaterThanOrEqual(300);
    expect(new Set(TAXONOMY.map((s) => s.tag)).size).toBe(TAXONOMY.length);
    expect(new Set(TAXONOMY.map((s) => s.category)).size).toBeGreaterThanOrEqual(8);
  });
  it("never uses one synonym for two skills, nor a synonym that is another skill's name", () => {
    const owner = new Map<string, string>();
    for (const skill of TAXONOMY) owner.set(skill.tag, skill.tag);
    for (const skill of TAXONOMY) {
      for (const synonym of skill.synonyms) {
        expect(owner.get(synonym) ?? skill.tag, `${synonym} of ${skill.label}`).toBe(skill.tag);
        owner.set(synonym, skill.tag);
      }
    }
  });
  it("keeps every label within the tag length", () => {
    for (const skill of TAXONOMY) expect(skill.tag).toBe(normaliseTag(skill.label));
  });
  it("resolves synonyms and spellings to one skill", () => {
    expect(findSkill("JS")?.label).toBe("JavaScript");
    expect(findSkill("  javascript ")?.label).toBe("JavaScript");
    expect(findSkill("golang")?.label).toBe("Go");
    expect(findSkill("Español")?.label).toBe("Spanish");
    expect(findSkill("underwater basket weaving")).toBeUndefined();
  });
});

describe("suggestSkills", () => {
  const none = new Set<string>();
  it("puts the exact name or synonym first, then names that start with what was typed", () => {
    expect(suggestSkills("js", [], none)[0].label).toBe("JavaScript");
    const labels = suggestSkills("py", [], none).map((s) => s.label);
    expect(labels[0]).toBe("Python");
    expect(labels).toContain("PyTorch");
  });
  it("finds words inside names, and from three letters any part of a name", () => {
    expect(suggestSkills("speak", [], none).map((s) => s.label)).toContain("Public speaking");
    expect(suggestSkills("script", [], none).map((s) => s.label)).toEqual(
      expect.arrayContaining(["JavaScript", "TypeScript"]),
    );
  });
  it("adds skills members already use, after the taxonomy's, and leaves out chosen ones", () => {
    const members = [
      { tag: "sourdough scoring", label: "Sourdough scoring" },
      { tag: "javascript", label: "javascript" },
    ];
    const labels = suggestSkills("sour", members, none).map((s) => s.label);
    expect(labels.slice(0, 2)).toEqual(["Bread baking", "Sourdough scoring"]);
    expect(suggestSkills("java", members, new Set(["javascript"])).map((s) => s.label)).toEqual(["Java"]);
  });
  it("answers nothing for blank input and at most the limit", () => {
    expect(suggestSkills("  ", [], none)).toEqual([]);
    expect(suggestSkills("a", [], none, 5)).toHaveLength(5);
  });
});
