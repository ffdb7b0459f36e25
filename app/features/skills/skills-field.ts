import { z } from "zod";
import { parseSkillLines, type LevelWords, type SkillLinesProblem } from "./tags";
import type { SkillNames } from "./taxonomy";

/** A refused list's message, a key of the "profile" namespace (issueText words it with the issue's params). */
const PROBLEM_MESSAGES: Record<SkillLinesProblem["kind"], string> = {
  notALevel: "profile:validation.skillNotALevel",
  tooLong: "profile:validation.skillTooLong",
  tooMany: "profile:validation.tooManySkills",
};

/**
 * A form field holding one skill list as "Label: level" lines (what the picker and its
 * plain-text fallback both submit), parsed into skills or refused naming the list. `label`: the
 * list's name in the member's language; `names`: the taxonomy's names in it, which the plain-text
 * field shows, and `levels` its words for the levels, read beside the English ones (decision 093).
 */
export const skillsField = (label: string, names: SkillNames, levels: LevelWords) =>
  z
    .string()
    .max(2_000)
    .default("")
    .transform((text, ctx) => {
      const { skills, problem } = parseSkillLines(text, names, levels);
      if (problem) {
        const { kind, ...values } = problem;
        ctx.addIssue({ code: "custom", message: PROBLEM_MESSAGES[kind], params: { list: label, ...values } });
      }
      return skills;
    });
