import { z } from "zod";
import { parseSkillLines } from "./tags";
import type { SkillNames } from "./taxonomy";

/**
 * A form field holding one skill list as "Label: level" lines (what the picker and its
 * plain-text fallback both submit), parsed into skills or refused with the list's name. `names`:
 * the taxonomy's names in the member's language, which the plain-text field shows (decision 093).
 */
export const skillsField = (label: string, names: SkillNames) =>
  z
    .string()
    .max(2_000)
    .default("")
    .transform((text, ctx) => {
      const { skills, error } = parseSkillLines(text, names);
      if (error) ctx.addIssue({ code: "custom", message: `${label}: ${error}` });
      return skills;
    });
