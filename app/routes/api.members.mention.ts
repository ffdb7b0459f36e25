import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { mentionCandidates } from "~/features/community/mentions.server";
import { requireUserId } from "~/features/auth/auth.server";

/** `GET /api/members/mention?q=an`: members whose name starts with the text typed after "@". */
export async function loader({ request }: LoaderFunctionArgs) {
  const uid = await requireUserId(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim();
  if (q.length > 40) return Response.json({ error: "Type at most 40 characters of a name." }, { status: 400 });
  return Response.json({ members: await mentionCandidates(await getStore(), q, uid) });
}
