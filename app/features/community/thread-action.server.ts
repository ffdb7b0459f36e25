/** The thread page's one action: every change a member makes to a thread, by intent, with one schema. */
import { data } from "@remix-run/node";
import { z } from "zod";
import type { DocStore } from "~/engine/store/types";
import { fieldErrorsOf, zodErrorMap } from "~/i18n/validation";
import type { TFunction } from "i18next";
import { ForumError, forumErrorText } from "./errors";
import { markAnswer, setFollowing, toggleReaction } from "./interact.server";
import { bodySchema, newThreadSchema, replySchema } from "./rules";
import { REACTIONS } from "~/documents/community";
import { deletePost, editPost, reply } from "./write.server";

const postId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "community:validation.choosePost");

export const threadActionSchema = z.discriminatedUnion("intent", [
  replySchema.extend({ intent: z.literal("reply") }),
  z.object({ intent: z.literal("edit"), postId, body: bodySchema, title: newThreadSchema.shape.title.optional() }),
  z.object({ intent: z.literal("delete"), postId }),
  z.object({
    intent: z.literal("react"),
    postId,
    kind: z.enum(REACTIONS, { errorMap: () => ({ message: "community:validation.chooseReaction" }) }),
  }),
  z.object({ intent: z.literal("follow"), follow: z.enum(["1", "0"]) }),
  z.object({ intent: z.literal("answer"), postId: postId.or(z.literal("")) }),
]);

export type ThreadActionResult =
  | { ok: true; intent: string; postId?: string; message?: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/** What the member reads after each intent, by key in the "community" namespace ("" says nothing). */
const DONE: Record<string, string> = {
  reply: "actions.replied",
  edit: "actions.edited",
  delete: "actions.deleted",
};

/** `t` of the "community" namespace in the member's language, `locale` for the figures in its messages. */
export async function runThreadAction(
  store: DocStore,
  uid: string,
  threadId: string,
  form: FormData,
  { t, locale }: { t: TFunction; locale: string },
) {
  const parsed = threadActionSchema.safeParse(Object.fromEntries(form), {
    errorMap: zodErrorMap(t, z.defaultErrorMap),
  });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error, t);
    return data(
      {
        ok: false,
        error: Object.values(fieldErrors)[0] ?? t("actions.checkWhatYouWrote"),
        fieldErrors,
      } satisfies ThreadActionResult,
      { status: 400 },
    );
  }
  const input = parsed.data;
  try {
    let postIdOut: string | undefined;
    switch (input.intent) {
      case "reply":
        postIdOut = (await reply(store, uid, threadId, { body: input.body, quoteOf: input.quoteOf })).postId;
        break;
      case "edit":
        await editPost(store, uid, threadId, input.postId, { body: input.body, title: input.title });
        break;
      case "delete":
        await deletePost(store, uid, threadId, input.postId);
        break;
      case "react":
        await toggleReaction(store, uid, threadId, input.postId, input.kind);
        break;
      case "follow":
        await setFollowing(store, uid, threadId, input.follow === "1");
        break;
      case "answer":
        await markAnswer(store, uid, threadId, input.postId || null);
        break;
    }
    return data({
      ok: true,
      intent: input.intent,
      postId: postIdOut,
      message: DONE[input.intent] ? t(DONE[input.intent]) : "",
    } satisfies ThreadActionResult);
  } catch (error) {
    if (error instanceof ForumError)
      return data({ ok: false, error: forumErrorText(error, t, locale) } satisfies ThreadActionResult, {
        status: error.status,
      });
    throw error;
  }
}
