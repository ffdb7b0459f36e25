/** The post form's actions: a new post and an edit, each validated by the one schema (rules.ts). */
import { redirect } from "@remix-run/node";
import type { DocStore } from "~/engine/store/types";
import type { CurrentUser } from "~/features/auth/auth.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { BoardError } from "./errors";
import { postFormSchema } from "./rules";
import { createBoardPost, editBoardPost } from "./write.server";

export async function submitNewPost(store: DocStore, user: CurrentUser, request: Request) {
  const parsed = await parseForm(request, postFormSchema);
  if (!parsed.ok) return parsed.failure;
  try {
    const { postId } = await createBoardPost(store, user.uid, parsed.value);
    return redirect(`/board/${postId}`);
  } catch (error) {
    if (error instanceof BoardError) return formFailure(parsed.form, error.message, error.status);
    throw error;
  }
}

export async function submitEdit(store: DocStore, user: CurrentUser, postId: string, request: Request) {
  const parsed = await parseForm(request, postFormSchema);
  if (!parsed.ok) return parsed.failure;
  try {
    await editBoardPost(store, user.uid, postId, parsed.value);
    return redirect(`/board/${postId}`);
  } catch (error) {
    if (error instanceof BoardError) return formFailure(parsed.form, error.message, error.status);
    throw error;
  }
}
