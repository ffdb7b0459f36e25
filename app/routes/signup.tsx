import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthShell } from "~/components/auth-shell";
import { Field, FormError, FormNotice } from "~/components/form";
import { useBrowserAuthForm } from "~/components/auth/use-browser-auth-form";
import { getAuth, getStore } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { signUpSchema } from "~/features/auth/forms.server";
import { takeSignUp } from "~/features/auth/sign-up-throttle.server";
import { safeRedirect } from "~/features/layout/routes";
import { recordTermsAccepted } from "~/features/legal/acceptance.server";
import { currentTermsVersion } from "~/features/legal/content.server";
import { getSuspension } from "~/features/members/members.server";
import { authFormLoader } from "~/features/auth/auth.server";
import { clientKeyOf } from "~/utils/client-key.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { commitSessionToken } from "~/utils/session.server";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { interleave } from "~/i18n/interleave";
import { authErrorText } from "~/i18n/validation";
import { intlLocale, waitWords } from "~/utils/format";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "auth" };
export const clientLoader = loadingNamespaces("auth");

export async function loader({ request }: LoaderFunctionArgs) {
  const [form, language] = await Promise.all([authFormLoader(request), languageOf(request)]);
  return { ...form, title: fixedT(language, "auth")("signUp.meta") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm(request, signUpSchema);
  if (!parsed.ok) return parsed.failure;
  const { email, password, redirectTo } = parsed.value;
  const auth = await getAuth();
  const clientKey = clientKeyOf(request, context);
  // No profile language yet: answers and mails are in the language this page was in (decision 072).
  const language = await languageOf(request);
  // Counted before the address is looked at: a taken address costs a try like a new one (decision 024).
  const refusal = takeSignUp(clientKey);
  if (refusal) {
    const wait = waitWords(refusal.retryAfterMs, intlLocale(language));
    return formFailure(parsed.form, fixedT(language, "auth")("errors.tooMany.signUp", { wait }), 429);
  }
  const credentials = { kind: "password" as const, email, password, clientKey };
  const origin = publicOrigin(request);
  const next = safeRedirect(redirectTo, "");
  let user;
  try {
    user = await auth.signUp(credentials);
  } catch (error) {
    if (error instanceof AuthError && error.code === "email_taken")
      return signUpOfTakenAddress(credentials, next, origin, language);
    if (error instanceof AuthError) {
      const field = error.code === "weak_password" ? "password" : error.code === "invalid_email" ? "email" : undefined;
      const message = authErrorText(error, fixedT(language, "auth"), { what: "signUp", locale: intlLocale(language) });
      return formFailure(parsed.form, message, 400, field ? { [field]: message } : {});
    }
    throw error;
  }
  // Creating the account accepts the terms the form links to (decision 043).
  await recordTermsAccepted(await getStore(), user.uid, await currentTermsVersion());
  // The account is made: a mail that did not leave is sent again from Settings, not a failed sign-up.
  // /profile-setup says where the link went.
  await auth
    .sendEmailVerification(user.uid, origin, language)
    .catch((failure: unknown) => console.error("sign-up: the verification email was not sent", failure));
  const session = await auth.startSession(user, credentials);
  return redirect(next ? `/profile-setup?${new URLSearchParams({ redirectTo: next })}` : "/profile-setup", {
    headers: { "Set-Cookie": await commitSessionToken(session.token, session.expiresAt, user.uid) },
  });
}

/**
 * Decision 024: an address that has an account. Its owner, typing their own password, is
 * simply signed in; anyone else gets "check your e-mail", and the owner (at most once a day) a
 * message with a reset link. The engine spends a new account's hashing work either way.
 */
async function signUpOfTakenAddress(
  credentials: { kind: "password"; email: string; password: string; clientKey: string },
  next: string,
  origin: string,
  language: string,
) {
  const auth = await getAuth();
  const owner = await auth.signUpTakenAddress(credentials, origin, language);
  if (owner && !(await getSuspension(await getStore(), owner.uid))) {
    const session = await auth.startSession(owner, credentials);
    return redirect(next || "/dashboard", {
      headers: { "Set-Cookie": await commitSessionToken(session.token, session.expiresAt, owner.uid) },
    });
  }
  return { checkEmail: credentials.email };
}

export default function SignUp() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const browserForm = useBrowserAuthForm("signUp", useLoaderData<typeof loader>().formsInBrowser);
  const busy = browserForm.busy || (navigation.state !== "idle" && navigation.formAction === "/signup");
  const failure = actionData && "formError" in actionData ? actionData : undefined;
  const sentTo = actionData && "checkEmail" in actionData ? actionData.checkEmail : browserForm.sentTo;
  const { t } = useTranslation("auth");
  if (sentTo) return <CheckYourEmail email={sentTo} redirectTo={redirectTo} />;
  return (
    <AuthShell
      title={t("signUp.title")}
      subtitle={t("signUp.subtitle")}
      footer={interleave(
        (mark) => t("signUp.haveAccount", { link: mark }),
        <Link
          to={redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth"}
          className="font-semibold text-brand-600 hover:underline"
        >
          {t("signUp.signIn")}
        </Link>,
      )}
    >
      <Form method="post" className="space-y-4" noValidate onSubmit={browserForm.onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError message={browserForm.error ?? failure?.formError} />
        <Field
          label={t("signIn.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email}
          error={failure?.fieldErrors.email}
        />
        <Field
          label={t("signIn.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          error={failure?.fieldErrors.password}
          hint={t("signUp.passwordHint")}
        />
        <p className="text-sm text-slate-600">
          {interleave(
            (mark) => t("signUp.terms", { terms: mark, privacy: "\u2064" }),
            <Link to="/terms" className="font-medium text-brand-700 underline">
              {t("signUp.termsLink")}
            </Link>,
            {
              mark: "\u2064",
              element: (
                <Link to="/privacy" className="font-medium text-brand-700 underline">
                  {t("signUp.privacyLink")}
                </Link>
              ),
            },
          )}
        </p>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("signUp.busy") : t("signUp.submit")}
        </button>
      </Form>
    </AuthShell>
  );
}

/** The answer for an address that needs its owner's inbox: the same words whoever asks (decision 024). */
function CheckYourEmail({ email, redirectTo }: { email: string; redirectTo: string }) {
  const { t } = useTranslation("auth");
  return (
    <AuthShell title={t("signUp.checkTitle")}>
      <FormNotice>
        {interleave((mark) => t("signUp.checkText", { email: mark }), <strong translate="no">{email}</strong>)}
      </FormNotice>
      <Link
        to={redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth"}
        className="btn-secondary mt-6 w-full"
      >
        {t("signUp.signIn")}
      </Link>
    </AuthShell>
  );
}
