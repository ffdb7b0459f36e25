import { describe, expect, it } from "vitest";
import { skillNamer } from "./skill-names.server";
import { skillsField } from "./skills-field";

describe("skillsField: the plain-text skill field, read in the member's language (decision 093)", () => {
  it("reads a taxonomy skill written by its name in the member's language as that skill, not a tag of their own", () => {
    const spanish = skillsField("Skills you teach", skillNamer("es").taxonomyNames());
    expect(spanish.parse("Ajedrez: beginner\nguitarra\nAfinación de cítara: expert")).toEqual([
      { tag: "chess", label: "Chess", level: "beginner" },
      { tag: "guitar", label: "Guitar", level: "intermediate" },
      { tag: "afinación de cítara", label: "Afinación de cítara", level: "expert" },
    ]);
    // The picker's own lines (English labels) read the same in every language.
    expect(spanish.parse("Chess: beginner")).toEqual([{ tag: "chess", label: "Chess", level: "beginner" }]);
    const arabic = skillsField("Skills you teach", skillNamer("ar").taxonomyNames());
    expect(arabic.parse("الشطرنج: expert")).toEqual([{ tag: "chess", label: "Chess", level: "expert" }]);
  });

  it("keeps an English member's words as before", () => {
    const english = skillsField("Skills you teach", skillNamer("en").taxonomyNames());
    expect(english.parse("Ajedrez: beginner")).toEqual([{ tag: "ajedrez", label: "Ajedrez", level: "beginner" }]);
  });
});
