import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { ChatError, openChat } from "~/features/chat/chat.server";
import { requireUserId } from "~/features/auth/auth.server";
import { readForm } from "~/utils/forms.server";
import { isBoardId } from "~/documents/board";
import { chatErrorText } from "~/features/chat/errors";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";

/** "Message" on a profile, a match or a board post: opens the pair's conversation, creating it the first time. */
export async function action({ request }: ActionFunctionArgs) {
  const uid = await requireUserId(request);
  const form = await readForm(request);
  const language = await languageOf(request);
  const t = fixedT(language, "chat");
  const other = String(form.get("uid") ?? "");
  if (!/^[A-Za-z0-9-]{1,128}$/.test(other)) return Response.json({ error: t("errors.chooseMember") }, { status: 400 });
  // "Message" on a board post: the reply starts with the post quoted (decision 041).
  const postId = form.get("postId");
  if (postId !== null && !isBoardId(postId)) return Response.json({ error: t("errors.postGone") }, { status: 404 });
  try {
    const chatId = await openChat(await getStore(), uid, other);
    return redirect(postId ? `/inbox/${chatId}?post=${postId}` : `/inbox/${chatId}`);
  } catch (error) {
    if (error instanceof ChatError)
      return Response.json({ error: chatErrorText(t, intlLocale(language), error) }, { status: error.status });
    throw error;
  }
}

export function loader() {
  return redirect("/inbox");
}
