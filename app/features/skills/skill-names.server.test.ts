import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "~/i18n/config";
import { skillNamer } from "./skill-names.server";
import { TAXONOMY } from "./taxonomy";

const guitar = { tag: "guitar", label: "Guitar", level: "expert" as const };
const own = { tag: "sourdough scoring", label: "Sourdough scoring", level: "beginner" as const };

describe("skillNamer", () => {
  it("names a taxonomy skill in the reader's language by its tag, and keeps the other fields", () => {
    expect(skillNamer("es").skills([guitar])).toEqual([
      { tag: "guitar", label: "Guitarra", level: "expert", own: false },
    ]);
    expect(skillNamer("fr").name("guitar", "Guitar")).toBe("Guitare");
    expect(skillNamer("ar").name("guitar", "Guitar")).toBe("الغيتار");
    expect(skillNamer("en").name("guitar", "guitar")).toBe("Guitar");
  });

  it("sends a member's own tag as written, marked as their own", () => {
    expect(skillNamer("ar").skills([own])).toEqual([{ ...own, own: true }]);
    // A synonym is not a tag: only the taxonomy's tags are translated, never a look-alike.
    expect(skillNamer("es").name("js", "js")).toBe("js");
  });

  it("without a tag names the label's own tag: a ledger line's or a digest's stored English label (decision 086)", () => {
    expect(skillNamer("es").name("", "Guitar")).toBe("Guitarra");
    expect(skillNamer("ar").name("", "Public speaking")).toBe(skillNamer("ar").name("public speaking", ""));
    expect(skillNamer("fr").name("", own.label)).toBe("Sourdough scoring");
    expect(skillNamer("es").name("", "JS")).toBe("JS");
  });

  it("finds tags that hold dots and signs (the namespace is flat, keyed by the whole tag)", () => {
    expect(skillNamer("es").name("node.js", "Node.js")).toBe("Node.js");
    expect(skillNamer("fr").name("go (board game)", "Go (board game)")).toBe("Go (jeu de plateau)");
    expect(skillNamer("ar").name("ios development", "iOS development")).toBe("تطوير تطبيقات iOS");
    expect(skillNamer("es").name("c#", "C#")).toBe("C#");
  });

  it("has a name for every taxonomy skill in every language, never the bare tag of a translated one", () => {
    for (const language of LANGUAGE_CODES) {
      const names = skillNamer(language);
      for (const skill of TAXONOMY) {
        const name = names.name(skill.tag, skill.label);
        expect(name.trim(), `${language} ${skill.tag}`).not.toBe("");
        if (language === "en") expect(name).toBe(skill.label);
      }
    }
    expect(skillNamer("es").name("public speaking", "Public speaking")).toBe("Hablar en público");
  });

  it("gives the picker every taxonomy name in a translation, and nothing in English (the labels are the names)", () => {
    expect(skillNamer("en").taxonomyNames()).toEqual({});
    const spanish = skillNamer("es").taxonomyNames();
    expect(Object.keys(spanish)).toHaveLength(TAXONOMY.length);
    expect(spanish.guitar).toBe("Guitarra");
  });

  it("writes taxonomy names in the pseudo-locale, so the sweep sees one left in English", () => {
    expect(skillNamer("en-XA").name("guitar", "Guitar")).toMatch(/^⟦.+⟧$/);
    expect(skillNamer("en-XA").name(own.tag, own.label)).toBe("Sourdough scoring");
  });
});
