import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { issueText } from "~/i18n/validation";
import { skillNamer } from "./skill-names.server";
import { skillsField } from "./skills-field";
import { levelWordsOf } from "./tags";

/** The teaching list's field as a member writing in `language` gets it: the taxonomy's names and level words in it. */
const fieldIn = (language: string, label = "Skills you teach") =>
  skillsField(label, skillNamer(language).taxonomyNames(), levelWordsOf(fixedT(language, "profile")));

describe("skillsField: the plain-text skill field, read in the member's language (decision 093)", () => {
  it("reads a taxonomy skill written by its name in the member's language as that skill, not a tag of their own", () => {
    const spanish = fieldIn("es");
    expect(spanish.parse("Ajedrez: beginner\nguitarra\nAfinación de cítara: expert")).toEqual([
      { tag: "chess", label: "Chess", level: "beginner" },
      { tag: "guitar", label: "Guitar", level: "intermediate" },
      { tag: "afinación de cítara", label: "Afinación de cítara", level: "expert" },
    ]);
    // The picker's own lines (English labels) read the same in every language.
    expect(spanish.parse("Chess: beginner")).toEqual([{ tag: "chess", label: "Chess", level: "beginner" }]);
    const arabic = fieldIn("ar");
    expect(arabic.parse("الشطرنج: expert")).toEqual([{ tag: "chess", label: "Chess", level: "expert" }]);
  });

  it("reads the levels by the member's own words, and by the format's English ones in every language", () => {
    const spanish = fieldIn("es");
    expect(spanish.parse("Ajedrez: Experto\nGuitarra - principiante\nSpanish: intermediate")).toEqual([
      { tag: "chess", label: "Chess", level: "expert" },
      { tag: "guitar", label: "Guitar", level: "beginner" },
      { tag: "spanish", label: "Spanish", level: "intermediate" },
    ]);
    const french = fieldIn("fr");
    expect(french.parse("Guitare : débutant\nÉchecs : intermédiaire")).toEqual([
      { tag: "guitar", label: "Guitar", level: "beginner" },
      { tag: "chess", label: "Chess", level: "intermediate" },
    ]);
    const arabic = fieldIn("ar");
    expect(arabic.parse("الشطرنج: خبير")).toEqual([{ tag: "chess", label: "Chess", level: "expert" }]);
  });

  it("keeps an English member's words as before", () => {
    const english = fieldIn("en");
    expect(english.parse("Ajedrez: beginner")).toEqual([{ tag: "ajedrez", label: "Ajedrez", level: "beginner" }]);
  });

  it("refuses a list in the member's language, naming the list, and in English word for word as before", () => {
    const refusal = (language: string, text: string) => {
      const result = fieldIn(language, fixedT(language, "profile")("profilePage.teach")).safeParse(text);
      if (result.success) throw new Error(`"${text}" was accepted`);
      return issueText(result.error.issues[0], fixedT(language));
    };
    const twelve = Array.from({ length: 12 }, (_, i) => `skill ${i}`).join("\n");
    expect(refusal("en", "Python: guru")).toBe(
      'Skills you teach: "guru" is not a level: write beginner, intermediate or expert after Python.',
    );
    expect(refusal("en", "x".repeat(41))).toBe(
      `Skills you teach: Keep each skill under 40 characters ("${"x".repeat(20)}…").`,
    );
    expect(refusal("en", twelve)).toBe("Skills you teach: List at most 10 skills.");
    expect(refusal("es", "Ajedrez: gurú")).toBe(
      "Habilidades que enseñas: «gurú» no es un nivel: escribe principiante, intermedio o experto después de Ajedrez.",
    );
    expect(refusal("fr", twelve)).toBe("Compétences que vous enseignez : indiquez au plus 10 compétences.");
  });
});
