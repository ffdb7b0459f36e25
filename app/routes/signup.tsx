import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { AuthShell } from "~/components/auth-shell";
import { Field, FormError } from "~/components/form";
import { useBrowserAuthForm } from "~/components/auth/use-browser-auth-form";
import { getAuth } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { signUpSchema } from "~/features/auth/schemas";
import { recordSignUp, signUpRefusal } from "~/features/auth/sign-up-throttle.server";
import { safeRedirect } from "~/features/layout/routes";
import { authFormLoader } from "~/utils/auth.server";
import { clientKeyOf } from "~/utils/client-key.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { commitSessionToken } from "~/utils/session.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Create your account", matches });

export function loader({ request }: LoaderFunctionArgs) {
  return authFormLoader(request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const parsed = await parseForm(request, signUpSchema);
  if (!parsed.ok) return parsed.failure;
  const { email, password, redirectTo } = parsed.value;
  const auth = await getAuth();
  const clientKey = clientKeyOf(request, context);
  const refusal = signUpRefusal(clientKey);
  if (refusal) return formFailure(parsed.form, refusal, 429);
  const credentials = { kind: "password" as const, email, password, clientKey };
  try {
    const user = await auth.signUp(credentials);
    recordSignUp(clientKey);
    const session = await auth.startSession(user, credentials);
    const next = safeRedirect(redirectTo, "");
    return redirect(next ? `/profile-setup?${new URLSearchParams({ redirectTo: next })}` : "/profile-setup", {
      headers: { "Set-Cookie": await commitSessionToken(session.token, session.expiresAt, user.uid) },
    });
  } catch (error) {
    if (error instanceof AuthError) {
      const field =
        error.code === "weak_password"
          ? "password"
          : error.code === "email_taken" || error.code === "invalid_email"
            ? "email"
            : undefined;
      return formFailure(
        parsed.form,
        error.message,
        error.code === "email_taken" ? 409 : 400,
        field ? { [field]: error.message } : {},
      );
    }
    throw error;
  }
}

export default function SignUp() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const browserForm = useBrowserAuthForm("signUp", useLoaderData<typeof loader>().formsInBrowser);
  const busy = browserForm.busy || (navigation.state !== "idle" && navigation.formAction === "/signup");
  return (
    <AuthShell
      title="Create your account"
      subtitle="Teach what you know, learn what you love. You start with 200 SP."
      footer={
        <>
          Already have an account?{" "}
          <Link
            to={redirectTo ? `/auth?${new URLSearchParams({ redirectTo })}` : "/auth"}
            className="font-semibold text-brand-600 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4" noValidate onSubmit={browserForm.onSubmit}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormError message={browserForm.error ?? actionData?.formError} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
          error={actionData?.fieldErrors.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          error={actionData?.fieldErrors.password}
          hint="At least 8 characters."
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </button>
      </Form>
    </AuthShell>
  );
}
