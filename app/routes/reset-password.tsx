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

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Reset your password", matches });

export function loader({ request }: LoaderFunctionArgs) {
  return authFormLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = await parseForm(request, resetRequestSchema);
  if (!parsed.ok) return parsed.failure;
  try {
    await (await getAuth()).requestPasswordReset(parsed.value.email, publicOrigin(request));
  } catch (error) {
    if (error instanceof AuthError)
      return formFailure(parsed.form, error.message, error.code === "too_many_attempts" ? 429 : 400);
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
  if (sentTo) {
    return (
      <AuthShell title="Check your email">
        <FormNotice>
          If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new password. The link
          works once and expires in an hour.
        </FormNotice>
        <Link to="/auth" className="btn-secondary mt-6 w-full">
          Back to sign in
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell
      title="Reset your password"
      subtitle="Enter the email of your account and we'll send you a link to choose a new password."
      footer={
        <Link to="/auth" className="font-semibold text-brand-600 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <Form method="post" className="space-y-4" noValidate onSubmit={browserForm.onSubmit}>
        <FormError message={browserForm.error ?? failure?.formError} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values.email}
          error={failure?.fieldErrors.email}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </button>
      </Form>
    </AuthShell>
  );
}
