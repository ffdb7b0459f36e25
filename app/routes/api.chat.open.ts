import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { ChatError, openChat } from "~/features/chat/chat.server";
import { requireUserId } from "~/features/auth/auth.server";
import { readForm } from "~/utils/forms.server";
import { isBoardId } from "~/documents/board";

/** "Message" on a profile, a match or a board post: opens the pair's conversation, creating it the first time. */
export async function action({ request }: ActionFunctionArgs) {
  const uid = await requireUserId(request);
  const form = await readForm(request);
  const other = String(form.get("uid") ?? "");
  if (!/^[A-Za-z0-9-]{1,128}$/.test(other))
    return Response.json({ error: "Choose a member to message." }, { status: 400 });
  // "Message" on a board post: the reply starts with the post quoted (decision 041).
  const postId = form.get("postId");
  if (postId !== null && !isBoardId(postId))
    return Response.json({ error: "This post does not exist or was removed." }, { status: 404 });
  try {
    const chatId = await openChat(await getStore(), uid, other);
    return redirect(postId ? `/inbox/${chatId}?post=${postId}` : `/inbox/${chatId}`);
  } catch (error) {
    if (error instanceof ChatError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}

export function loader() {
  return redirect("/inbox");
}
