/** /board/mine's one action: close, renew or delete one of the member's posts, by intent, with one schema. */
import { data } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import type { DocStore } from "~/engine/store/types";
import { fixedT } from "~/i18n/i18n.server";
import { fieldErrorsOf, zodErrorMap } from "~/i18n/validation";
import { BoardError } from "./errors.server";
import { DEFAULT_EXPIRY_DAYS } from "./expiry";
import { closeBoardPost, deleteBoardPost, renewBoardPost } from "./write.server";

const postId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "board:validation.choosePost");

export const mineActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("close"), postId }),
  z.object({ intent: z.literal("renew"), postId }),
  z.object({ intent: z.literal("delete"), postId }),
]);

export type MineActionResult = { ok: true; message: string } | { ok: false; error: string };

const done = (t: TFunction, intent: "close" | "renew" | "delete") =>
  intent === "renew" ? t("mine.done.renew", { count: DEFAULT_EXPIRY_DAYS }) : t(`mine.done.${intent}`);

/** Runs the intent; its answer (done or refused) in `language`, the member's. */
export async function runMineAction(store: DocStore, uid: string, form: FormData, language: string) {
  const t = fixedT(language, "board");
  const parsed = mineActionSchema.safeParse(Object.fromEntries(form), {
    errorMap: zodErrorMap(t, z.defaultErrorMap),
  });
  if (!parsed.success) {
    const error = Object.values(fieldErrorsOf(parsed.error, t))[0] ?? t("validation.chooseAction");
    return data({ ok: false, error } satisfies MineActionResult, { status: 400 });
  }
  const { intent, postId: id } = parsed.data;
  try {
    if (intent === "close") await closeBoardPost(store, uid, id);
    else if (intent === "renew") await renewBoardPost(store, uid, id);
    else await deleteBoardPost(store, uid, id);
    return data({ ok: true, message: done(t, intent) } satisfies MineActionResult);
  } catch (error) {
    if (error instanceof BoardError)
      return data({ ok: false, error: error.textIn(language) } satisfies MineActionResult, { status: error.status });
    throw error;
  }
}
