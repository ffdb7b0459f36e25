/**
 * POST /api/custom-token: a Firebase custom token for the signed-in user, so the browser's
 * islands can sign the client SDK in and attach their Firestore listeners (Firebase mode only).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getAuth } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { getAuthUser } from "~/features/auth/auth.server";
import { postOnly } from "~/utils/forms.server";
import { assertSameOrigin } from "~/utils/origin.server";

const NO_STORE = { "Cache-Control": "no-store" };

export const loader = postOnly;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await getAuthUser(request);
  if (!user) return Response.json({ error: "Not authenticated" }, { status: 401, headers: NO_STORE });
  try {
    const token = await (await getAuth()).createClientToken(user.uid);
    return Response.json({ token, uid: user.uid }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof AuthError && error.code === "not_supported")
      return Response.json({ error: error.message }, { status: 404, headers: NO_STORE });
    throw error;
  }
}
