/**
 * The skills notices name, in the reader's language (decision 094): a notice keeps the skill as the
 * booking or post labelled it (`params.skill`, the taxonomy's English for a built-in skill); a loader
 * that sends notices to a page sends beside them each such label's name for the reader (a member's
 * own tag as written), which noticeText puts in the sentence. Stored notices are unchanged.
 */
import { skillNamer } from "~/features/skills/skill-names.server";
import type { NoticeParams, NoticeSkillNames } from "./text";

export function noticeSkillNames(notices: readonly { params: NoticeParams }[], language: string): NoticeSkillNames {
  const { name } = skillNamer(language);
  const names: NoticeSkillNames = {};
  for (const { params } of notices) {
    const label = params.skill;
    if (typeof label === "string" && label) names[label] = name("", label);
  }
  return names;
}
