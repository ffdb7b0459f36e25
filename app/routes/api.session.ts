/**
 * POST /api/session (Firebase mode): the browser signed up or in with the client SDK and sends
 * its fresh ID token; the answer sets the HttpOnly session cookie and says where to go next. A
 * sign-up also gets its verification link by mail.
 * Body `{ idToken, intent: "signIn" | "signUp", redirectTo? }`. A refusal's `error` is a sentence the
 * sign-in form shows as it is, in the request's language (the page's: cookie, else the browser's).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getAuth, getStore } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { redirectToSchema } from "~/features/auth/schemas";
import { settleIfVerified } from "~/features/auth/verification.server";
import { recordTermsAccepted } from "~/features/legal/acceptance.server";
import { currentTermsVersion } from "~/features/legal/content.server";
import { safeRedirect } from "~/features/layout/routes";
import { getSuspension } from "~/features/members/members.server";
import { suspendedMessage } from "~/features/auth/auth.server";
import { assertSameOrigin, publicOrigin } from "~/utils/origin.server";
import { postOnly } from "~/utils/forms.server";
import { commitSessionToken } from "~/utils/session.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { authErrorText } from "~/i18n/validation";

const Body = z.object({
  idToken: z.string().min(1).max(8_192),
  intent: z.enum(["signIn", "signUp"]),
  redirectTo: redirectToSchema,
});

const NO_STORE = { "Cache-Control": "no-store" };

export const loader = postOnly;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const language = await languageOf(request);
  const t = fixedT(language, "auth");
  const parsed = Body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: t("session.incomplete") }, { status: 400, headers: NO_STORE });
  const { idToken, intent, redirectTo } = parsed.data;
  const auth = await getAuth();
  const credentials = { kind: "idToken" as const, idToken };
  try {
    const user = intent === "signUp" ? await auth.signUp(credentials) : await auth.signIn(credentials);
    const suspension = await getSuspension(await getStore(), user.uid);
    if (suspension)
      return Response.json({ error: suspendedMessage(suspension, language) }, { status: 403, headers: NO_STORE });
    // Firebase verifies addresses on its own page: a fresh token is where this server learns of it.
    await settleIfVerified(await getStore(), user);
    // Creating the account accepts the terms the sign-up form links to (decision 043).
    if (intent === "signUp") await recordTermsAccepted(await getStore(), user.uid, await currentTermsVersion());
    const session = await auth.startSession(user, credentials);
    // The verification link is the server's, as on the embedded engine: it opens this app's page,
    // which settles the bonus hold at once. A mail that did not leave is sent again from Settings.
    if (intent === "signUp" && !user.emailVerified)
      await auth
        .sendEmailVerification(user.uid, publicOrigin(request), language)
        .catch((failure: unknown) => console.error("sign-up: the verification email was not sent", failure));
    const next = safeRedirect(redirectTo, intent === "signUp" ? "" : "/dashboard");
    const to =
      intent === "signUp"
        ? next
          ? `/profile-setup?${new URLSearchParams({ redirectTo: next })}`
          : "/profile-setup"
        : next;
    return Response.json(
      { redirectTo: to },
      { headers: { ...NO_STORE, "Set-Cookie": await commitSessionToken(session.token, session.expiresAt, user.uid) } },
    );
  } catch (error) {
    if (error instanceof AuthError)
      return Response.json(
        { error: error.code === "not_supported" ? t("session.notSupported") : authErrorText(error, t) },
        { status: error.code === "not_supported" ? 404 : 401, headers: NO_STORE },
      );
    throw error;
  }
}
