/** /discuss: the spaces one may post in, and starting a thread from the form. */
import { redirect } from "@remix-run/node";
import type { DocStore } from "~/engine/store/types";
import type { CurrentUser } from "~/features/auth/auth.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { ForumError, forumErrorText } from "./errors";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { skillSpaceToStartIn } from "./read.server";
import { newThreadSchema } from "./rules";
import { createThread } from "./write.server";

export async function startThread(store: DocStore, user: CurrentUser, request: Request) {
  const parsed = await parseForm(request, newThreadSchema, { language: user.profile.language });
  if (!parsed.ok) return parsed.failure;
  const { spaceId, title, body } = parsed.value;
  let skillTag = parsed.value.skillTag;
  let skillLabel: string | undefined;
  // A skill space carries its own tag; choosing one is choosing the tag.
  if (spaceId.startsWith("skill-")) {
    const space = await skillSpaceToStartIn(store, user.profile, spaceId);
    if (!space?.skillTag) {
      const message = fixedT(await languageOf(request, user.profile.language), "community")("errors.chooseSpace");
      return formFailure(parsed.form, message, 400, { spaceId: message });
    }
    skillTag = space.skillTag;
    skillLabel = space.name;
  }
  try {
    const { threadId } = await createThread(store, user.uid, { spaceId, title, body, skillTag, skillLabel });
    return redirect(`/community/${threadId}`);
  } catch (error) {
    if (error instanceof ForumError) {
      const language = await languageOf(request, user.profile.language);
      const message = forumErrorText(error, fixedT(language, "community"), intlLocale(language));
      return formFailure(parsed.form, message, error.status);
    }
    throw error;
  }
}
