import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { ChatError, openChat } from "~/features/chat/chat.server";
import { requireUserId } from "~/features/auth/auth.server";
import { readForm } from "~/utils/forms.server";

/** "Message" on a profile or match: opens the pair's conversation, creating it the first time. */
export async function action({ request }: ActionFunctionArgs) {
  const uid = await requireUserId(request);
  const other = String((await readForm(request)).get("uid") ?? "");
  if (!/^[A-Za-z0-9-]{1,128}$/.test(other))
    return Response.json({ error: "Choose a member to message." }, { status: 400 });
  try {
    return redirect(`/inbox/${await openChat(await getStore(), uid, other)}`);
  } catch (error) {
    if (error instanceof ChatError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}

export function loader() {
  return redirect("/inbox");
}
