/**
 * POST /api/email-verified: the browser opened a verification link where the engine applies them
 * in the browser (Firebase) and tells the server, which asks the auth engine itself (never the
 * browser's word) and, when the address is verified, lifts the bonus hold and releases the
 * payments that waited (decision 024). Answers `{ verified }`; signed out, a 401.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getAuth, getStore } from "~/engine/index.server";
import { settleVerifiedAccount } from "~/features/auth/verification.server";
import { getAuthUser } from "~/features/auth/auth.server";
import { postOnly } from "~/utils/forms.server";
import { assertSameOrigin } from "~/utils/origin.server";

const NO_STORE = { "Cache-Control": "no-store" };

export const loader = postOnly;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const session = await getAuthUser(request);
  if (!session) return Response.json({ error: "Not authenticated." }, { status: 401, headers: NO_STORE });
  // The session cookie keeps the claims it was made with: ask for the account as it is now.
  const account = await (await getAuth()).getUser(session.uid);
  if (!account?.emailVerified) return Response.json({ verified: false }, { headers: NO_STORE });
  await settleVerifiedAccount(await getStore(), session.uid);
  return Response.json({ verified: true }, { headers: NO_STORE });
}
