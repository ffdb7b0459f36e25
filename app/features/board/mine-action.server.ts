/** /board/mine's one action: close, renew or delete one of the member's posts, by intent, with one schema. */
import { data } from "@remix-run/node";
import { z } from "zod";
import type { DocStore } from "~/engine/store/types";
import { fieldErrorsOf } from "~/utils/forms.server";
import { BoardError } from "./errors";
import { closeBoardPost, deleteBoardPost, renewBoardPost } from "./write.server";

const postId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "Choose one of your posts.");

export const mineActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("close"), postId }),
  z.object({ intent: z.literal("renew"), postId }),
  z.object({ intent: z.literal("delete"), postId }),
]);

export type MineActionResult = { ok: true; message: string } | { ok: false; error: string };

const DONE = {
  close: "Your post is closed: it has left the board.",
  renew: "Your post is back on the board for 30 days.",
  delete: "Your post is deleted.",
} as const;

export async function runMineAction(store: DocStore, uid: string, form: FormData) {
  const parsed = mineActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const error = Object.values(fieldErrorsOf(parsed.error))[0] ?? "Choose what to do with the post.";
    return data({ ok: false, error } satisfies MineActionResult, { status: 400 });
  }
  const { intent, postId: id } = parsed.data;
  try {
    if (intent === "close") await closeBoardPost(store, uid, id);
    else if (intent === "renew") await renewBoardPost(store, uid, id);
    else await deleteBoardPost(store, uid, id);
    return data({ ok: true, message: DONE[intent] } satisfies MineActionResult);
  } catch (error) {
    if (error instanceof BoardError)
      return data({ ok: false, error: error.message } satisfies MineActionResult, { status: error.status });
    throw error;
  }
}
