import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthShell } from "~/components/auth-shell";
import { Field, FormError, FormNotice } from "~/components/form";
import { useBrowserAuthForm } from "~/components/auth/use-browser-auth-form";
import { getAuth } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { resetRequestSchema } from "~/features/auth/forms.server";
import { authFormLoader } from "~/features/auth/auth.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
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
  return { ...form, title: fixedT(language, "auth")("reset.meta") };
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = await parseForm(request, resetRequestSchema);
  if (!parsed.ok) return parsed.failure;
  // A visitor: the mail is in the language this page was in (decision 072).
  const language = await languageOf(request);
  try {
    await (await getAuth()).requestPasswordReset(parsed.value.email, publicOrigin(request), language);
  } catch (error) {
    if (error instanceof AuthError)
      return formFailure(
        parsed.form,
        authErrorText(error, fixedT(language, "auth"), { what: "reset", locale: intlLocale(language) }),
        error.code === "too_many_attempts" ? 429 : 400,
      );
    throw error;
  }
  // The same answer whether or not the email has an account, so it cannot be used to probe.
  return { ok: true as const, email: parsed.value.email };
}

export default function ResetPassword() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const browserForm = useBrowserAuthForm("reset", useLoaderData<typeof loader>().formsInBrowser);
  const busy = browserForm.busy || navigation.state !== "idle";
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const sentTo = actionData?.ok ? actionData.email : browserForm.sentTo;
  const { t } = useTranslation("auth");
  if (sentTo) {
    return (
      <AuthShell title={t("reset.checkTitle")}>
        <FormNotice>
          {interleave((mark) => t("reset.checkText", { email: mark }), <strong translate="no">{sentTo}</strong>)}
        </FormNotice>
        <Link to="/auth" className="btn-secondary mt-6 w-full">
          {t("reset.back")}
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title={t("reset.title")}
      subtitle={t("reset.subtitle")}
      footer={
        <Link to="/auth" className="font-semibold text-brand-600 hover:underline">
          {t("reset.back")}
        </Link>
      }
    >
      <Form method="post" className="space-y-4" noValidate onSubmit={browserForm.onSubmit}>
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
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("reset.busy") : t("reset.submit")}
        </button>
      </Form>
    </AuthShell>
  );
}
