/** The post form's actions: a new post and an edit, each validated by the one schema (rules.ts), answered in the member's language. */
import { redirect } from "@remix-run/node";
import type { DocStore } from "~/engine/store/types";
import type { CurrentUser } from "~/features/auth/auth.server";
import { languageOf } from "~/i18n/i18n.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { BoardError } from "./errors.server";
import { postFormSchema, type PostInput } from "./rules";
import { createBoardPost, editBoardPost } from "./write.server";

async function submitPost(user: CurrentUser, request: Request, write: (input: PostInput) => Promise<string>) {
  const parsed = await parseForm(request, postFormSchema, { language: user.profile.language });
  if (!parsed.ok) return parsed.failure;
  try {
    return redirect(`/board/${await write(parsed.value)}`);
  } catch (error) {
    if (error instanceof BoardError)
      return formFailure(parsed.form, error.textIn(await languageOf(request, user.profile.language)), error.status);
    throw error;
  }
}

export function submitNewPost(store: DocStore, user: CurrentUser, request: Request) {
  return submitPost(user, request, async (input) => (await createBoardPost(store, user.uid, input)).postId);
}

export function submitEdit(store: DocStore, user: CurrentUser, postId: string, request: Request) {
  return submitPost(user, request, async (input) => {
    await editBoardPost(store, user.uid, postId, input);
    return postId;
  });
}
