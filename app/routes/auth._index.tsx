import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthShell } from "~/components/auth-shell";
import { Field, FormError } from "~/components/form";
import { useBrowserAuthForm } from "~/components/auth/use-browser-auth-form";
import { getAuth, getStore } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { signInSchema } from "~/features/auth/forms.server";
import { settleIfVerified } from "~/features/auth/verification.server";
import { safeRedirect } from "~/features/layout/routes";
import { getSuspension } from "~/features/members/members.server";
import { authFormLoader, suspendedMessage } from "~/features/auth/auth.server";
import { clientKeyOf } from "~/utils/client-key.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { commitSessionToken } from "~/utils/session.server";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { interleave } from "~/i18n/interleave";
import { authErrorText } from "~/i18n/validation";
import { intlLocale } from "~/utils/format";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "auth" };
export const clientLoader = loadingNamespaces("auth");

export async function loader({ request }: LoaderFunctionArgs) {
  const [form, language] = await Promise.all([authFormLoader(request), languageOf(request)]);
  return { ...form, title: fixedT(language, "auth")("signIn.meta") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm(request, signInSchema);
  if (!parsed.ok) return parsed.failure;
  const { email, password, redirectTo } = parsed.value;
  const auth = await getAuth();
  const credentials = { kind: "password" as const, email, password, clientKey: clientKeyOf(request, context) };
  try {
    const user = await auth.signIn(credentials);
    const suspension = await getSuspension(await getStore(), user.uid);
    if (suspension) return formFailure(parsed.form, suspendedMessage(suspension, await languageOf(request)), 403);
    await settleIfVerified(await getStore(), user);
    const session = await auth.startSession(user, credentials);
    return redirect(safeRedirect(redirectTo), {
      headers: { "Set-Cookie": await commitSessionToken(session.token, session.expiresAt, user.uid) },
    });
  } catch (error) {
    if (error instanceof AuthError) {
      const language = await languageOf(request);
      const message = authErrorText(error, fixedT(language, "auth"), { what: "signIn", locale: intlLocale(language) });
      return formFailure(parsed.form, message, error.code === "too_many_attempts" ? 429 : 401);
    }
    throw error;
  }
}

export default function SignIn() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const browserForm = useBrowserAuthForm("signIn", useLoaderData<typeof loader>().formsInBrowser);
  const busy = browserForm.busy || (navigation.state !== "idle" && navigation.formAction === "/auth?index");
  const values = actionData?.values ?? {};
  const { t } = useTranslation("auth");
  return (
    <AuthShell
      title={t("signIn.title")}
      subtitle={t("signIn.subtitle")}
      footer={interleave(
        (mark) => t("signIn.newHere", { link: mark }),
        <Link
          to={redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : "/signup"}
          className="font-semibold text-brand-600 hover:underline"
        >
          {t("signIn.createAccount")}
        </Link>,
      )}
    >
      <Form method="post" className="space-y-4" noValidate onSubmit={browserForm.onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError message={browserForm.error ?? actionData?.formError} />
        <Field
          label={t("signIn.email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={actionData?.fieldErrors.email}
        />
        <Field
          label={t("signIn.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={actionData?.fieldErrors.password}
        />
        <div className="flex justify-end">
          <Link to="/reset-password" className="text-sm font-medium text-brand-600 hover:underline">
            {t("signIn.forgot")}
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("signIn.busy") : t("signIn.submit")}
        </button>
      </Form>
    </AuthShell>
  );
}
