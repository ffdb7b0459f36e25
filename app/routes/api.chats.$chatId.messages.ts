/**
 * POST /api/chats/$chatId/messages: sends a message in a conversation (decision 107).
 *
 * A resource route rather than the thread page's action: the composer posts here with a plain
 * fetch and `Accept: application/json`, which Remix answers without its single-fetch action path
 * (a second Request, the page's route matches, turbo-stream encoding), about a third of what a
 * message cost the server. A message sent is answered 204 with no body, as cheap an answer as the
 * heartbeat's (decision 155: a JSON `{ ok: true }` cost an encoding here and a read of the body's
 * stream in server.mjs); a refusal is `{ ok: false, error }` in the sender's language with the
 * status (400, 404, 409, 429, or 503 when the store stayed busy: nothing was written, the
 * composer keeps the text).
 *
 * Without JavaScript the composer is a plain form posting here: the member goes back to the thread
 * (303), where an error is shown as a toast.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { StoreBusyError, TransactionConflictError } from "~/engine/store/types";
import { requireUser } from "~/features/auth/auth.server";
import { ChatError, sendMessage } from "~/features/chat/chat.server";
import { chatErrorText } from "~/features/chat/errors";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { postOnly, readForm } from "~/utils/forms.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = postOnly;

/** The composer's script asks for JSON; a form posted without script wants the thread back. */
const wantsJson = (request: Request) => (request.headers.get("Accept") ?? "").includes("application/json");

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const user = await requireUser(request);
  const chatId = params.chatId ?? "";
  const form = await readForm(request);
  const quotePostId = form.get("quotePostId");
  const thread = `/inbox/${chatId}`;
  let refusal: { status: number; error: string };
  try {
    await sendMessage(
      await getStore(),
      user.uid,
      chatId,
      form.get("text"),
      Date.now(),
      quotePostId ? String(quotePostId) : null,
    );
    return wantsJson(request) ? new Response(null, { status: 204 }) : redirect(thread, 303);
  } catch (error) {
    const language = await languageOf(request, user.profile.language);
    const t = fixedT(language, "chat");
    if (error instanceof ChatError)
      refusal = { status: error.status, error: chatErrorText(t, intlLocale(language), error) };
    // Nothing was written; the composer keeps the text so the member can send it again.
    else if (error instanceof StoreBusyError || error instanceof TransactionConflictError)
      refusal = { status: 503, error: t("errors.busy") };
    else throw error;
  }
  if (wantsJson(request)) return Response.json({ ok: false, error: refusal.error }, { status: refusal.status });
  return redirectWithToast(thread, { type: "error", title: refusal.error }, { status: 303 });
}
