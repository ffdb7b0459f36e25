import { z } from "zod";
import { parseSkillLines } from "./tags";

/**
 * A form field holding one skill list as "Label: level" lines (what the picker and its
 * plain-text fallback both submit), parsed into skills or refused with the list's name.
 */
export const skillsField = (label: string) =>
  z
    .string()
    .max(2_000)
    .default("")
    .transform((text, ctx) => {
      const { skills, error } = parseSkillLines(text);
      if (error) ctx.addIssue({ code: "custom", message: `${label}: ${error}` });
      return skills;
    });
