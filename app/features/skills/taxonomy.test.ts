import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "~/i18n/config";
import { normaliseTag } from "./tag-name";
import { findSkill, findSkillNamed, isTaxonomyTag, suggestSkills, TAXONOMY } from "./taxonomy";

const catalogue = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(`locales/${language}/skills.json`, "utf8")) as Record<string, string>;

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

describe("the taxonomy's names in every language (namespace skills, decision 056)", () => {
  it("are keyed by exactly the taxonomy's tags, the English ones being its labels", () => {
    // i18n:check does not look for these keys in the code (they are data): this is their check.
    const english = catalogue("en");
    expect(Object.keys(english).sort()).toEqual(TAXONOMY.map((s) => s.tag).sort());
    for (const skill of TAXONOMY) expect(english[skill.tag]).toBe(skill.label);
    for (const language of LANGUAGE_CODES)
      expect(Object.keys(catalogue(language)).sort()).toEqual(Object.keys(english).sort());
  });
  it("tells the taxonomy's tags from members' own", () => {
    expect(isTaxonomyTag("guitar")).toBe(true);
    expect(isTaxonomyTag("js")).toBe(false);
    expect(isTaxonomyTag("sourdough scoring")).toBe(false);
  });
  it("finds a skill by its name in the reader's language too", () => {
    const names = { guitar: "Guitarra", "public speaking": "Hablar en público" };
    expect(findSkillNamed(" guitarra ", names)?.tag).toBe("guitar");
    expect(findSkillNamed("Hablar en PÚBLICO", names)?.tag).toBe("public speaking");
    expect(findSkillNamed("js", names)?.tag).toBe("javascript");
    expect(findSkillNamed("guitarra", {})).toBeUndefined();
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
  it("matches what is typed against the name in the reader's language as well as the English and synonyms", () => {
    const names = { guitar: "Guitarra", "bass guitar": "Bajo eléctrico", javascript: "JavaScript" };
    const found = suggestSkills("guitarra", [], none, 8, names);
    expect(found[0]).toEqual({ tag: "guitar", label: "Guitar", name: "Guitarra", category: "Music" });
    expect(suggestSkills("guitar", [], none, 8, names)[0].tag).toBe("guitar");
    expect(suggestSkills("bajo", [], none, 8, names).map((s) => s.tag)).toEqual(["bass guitar"]);
    expect(suggestSkills("js", [], none, 8, names)[0].name).toBe("JavaScript");
    expect(suggestSkills("guitarra", [], none)).toEqual([]);
  });
  it("answers nothing for blank input and at most the limit", () => {
    expect(suggestSkills("  ", [], none)).toEqual([]);
    expect(suggestSkills("a", [], none, 5)).toHaveLength(5);
  });
});
