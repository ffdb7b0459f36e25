import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthShell } from "~/components/auth-shell";
import { Field, FormError } from "~/components/form";
import { getAuth } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { resetPasswordSchema } from "~/features/auth/schemas";
import { formFailure, parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Choose a new password" });

/** Handles the links in account emails: `?mode=resetPassword&oobCode=…`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const mode = url.searchParams.get("mode");
  const oobCode = url.searchParams.get("oobCode") ?? "";
  if (mode !== "resetPassword") {
    return { state: "unknown" as const, oobCode: "", email: "", message: "This link is not one we recognise. Open the latest email we sent you." };
  }
  try {
    const email = await (await getAuth()).checkResetCode(oobCode);
    return { state: "reset" as const, oobCode, email, message: "" };
  } catch (error) {
    if (error instanceof AuthError) return { state: "invalid" as const, oobCode: "", email: "", message: error.message };
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = await parseForm(request, resetPasswordSchema);
  if (!parsed.ok) return parsed.failure;
  try {
    await (await getAuth()).resetPassword(parsed.value.oobCode, parsed.value.password);
  } catch (error) {
    if (error instanceof AuthError) return formFailure(parsed.form, error.message, 400);
    throw error;
  }
  return redirect("/auth?reset=1");
}

export default function AuthAction() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  if (data.state !== "reset") {
    return (
      <AuthShell title="This link can't be used">
        <FormError message={data.message} />
        <Link to="/reset-password" className="btn-primary mt-6 w-full">
          Ask for a new link
        </Link>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Choose a new password" subtitle={<>For {data.email}</>}>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="oobCode" value={data.oobCode} />
        <FormError message={actionData?.formError} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" required minLength={8} error={actionData?.fieldErrors.password} hint="At least 8 characters." />
        <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" required error={actionData?.fieldErrors.confirm} />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          Save new password
        </button>
      </Form>
    </AuthShell>
  );
}
