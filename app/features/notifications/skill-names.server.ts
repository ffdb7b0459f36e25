/**
 * The skills notices name, in the reader's language (decisions 094, 101): a notice keeps the skill
 * as the booking or post labelled it (`params.skill`, the taxonomy's English for a built-in skill);
 * whatever sends notices to a browser (a page's loader, the live stream) sends each with that skill
 * named for its reader, a member's own tag as written and marked `own`, so the browser only
 * renders. Stored notices are unchanged.
 */
import type { NotificationPayload } from "~/engine/live/feeds";
import { isOwnSkill, skillNamer } from "~/features/skills/skill-names.server";

export function namedNotices(notices: readonly NotificationPayload[], language: string): NotificationPayload[] {
  const { name } = skillNamer(language);
  return notices.map((notice) => {
    const label = notice.params.skill;
    if (typeof label !== "string" || !label) return notice;
    return { ...notice, skill: { name: name("", label), own: isOwnSkill("", label) } };
  });
}
