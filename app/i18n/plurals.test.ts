import { describe, expect, it } from "vitest";
import { fixedT } from "./i18n.server";

/** The plural forms of each language, through the catalogues' own ICU message (validation.tooShort). */
const tooShort = (language: string, minimum: number) => fixedT(language)("validation.tooShort", { minimum });

describe("plural forms (ICU, decision 048)", () => {
  it("English: one and other", () => {
    expect(tooShort("en", 1)).toBe("Enter at least 1 character.");
    expect(tooShort("en", 2)).toBe("Enter at least 2 characters.");
    expect(tooShort("en", 0)).toBe("Enter at least 0 characters.");
  });

  it("Spanish and French: one and other (French's one takes 0 and 1)", () => {
    expect(tooShort("es", 1)).toBe("Escribe al menos 1 carácter.");
    expect(tooShort("es", 3)).toBe("Escribe al menos 3 caracteres.");
    expect(tooShort("fr", 0)).toBe("Saisissez au moins 0 caractère.");
    expect(tooShort("fr", 1)).toBe("Saisissez au moins 1 caractère.");
    expect(tooShort("fr", 2)).toBe("Saisissez au moins 2 caractères.");
  });

  it("Arabic: zero, one, two, few (3–10), many (11–99), other (100+)", () => {
    expect(tooShort("ar", 0)).toBe("أدخل 0 حرف على الأقل.");
    expect(tooShort("ar", 1)).toBe("أدخل حرفًا واحدًا على الأقل.");
    expect(tooShort("ar", 2)).toBe("أدخل حرفين على الأقل.");
    for (const n of [3, 10]) expect(tooShort("ar", n)).toBe(`أدخل ${n} أحرف على الأقل.`);
    for (const n of [11, 99]) expect(tooShort("ar", n)).toBe(`أدخل ${n} حرفًا على الأقل.`);
    for (const n of [100, 102]) expect(tooShort("ar", n)).toBe(`أدخل ${n} حرف على الأقل.`);
  });
});
