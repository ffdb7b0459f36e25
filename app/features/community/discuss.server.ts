/** /discuss: the spaces one may post in, and starting a thread from the form. */
import { redirect } from "@remix-run/node";
import type { DocStore } from "~/engine/store/types";
import type { CurrentUser } from "~/features/auth/auth.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { ForumError } from "./errors";
import { listSpaces } from "./read.server";
import { newThreadSchema } from "./rules";
import { createThread } from "./write.server";

export async function startThread(store: DocStore, user: CurrentUser, request: Request) {
  const parsed = await parseForm(request, newThreadSchema);
  if (!parsed.ok) return parsed.failure;
  const { spaceId, title, body } = parsed.value;
  let skillTag = parsed.value.skillTag;
  let skillLabel: string | undefined;
  // A skill space carries its own tag; choosing one is choosing the tag.
  if (spaceId.startsWith("skill-")) {
    const space = (await listSpaces(store, user.profile)).find((s) => s.id === spaceId);
    if (!space?.skillTag)
      return formFailure(parsed.form, "Choose one of the spaces in the list.", 400, {
        spaceId: "Choose one of the spaces in the list.",
      });
    skillTag = space.skillTag;
    skillLabel = space.name;
  }
  try {
    const { threadId } = await createThread(store, user.uid, { spaceId, title, body, skillTag, skillLabel });
    return redirect(`/community/${threadId}`);
  } catch (error) {
    if (error instanceof ForumError) return formFailure(parsed.form, error.message, error.status);
    throw error;
  }
}
