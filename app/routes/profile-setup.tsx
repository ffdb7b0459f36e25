import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthShell } from "~/components/auth-shell";
import { Field, FormError, TextAreaField } from "~/components/form";
import { getStore } from "~/engine/index.server";
import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH, profileSetupSchema } from "~/features/auth/schemas";
import { safeRedirect } from "~/features/layout/routes";
import { updateProfile } from "~/features/profile/profile.server";
import { knownTimeZone } from "~/utils/zoned-time";
import { requireUnnamedUser } from "~/utils/auth.server";
import { parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Set up your profile", matches });

// Signed-in pages are never cached, so Back after Log Out cannot show them (utils/private-page).
export const headers = privatePageHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUnnamedUser(request);
  return { email: user.email, bio: user.profile.bio ?? "" };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUnnamedUser(request);
  const parsed = await parseForm(request, profileSetupSchema);
  if (!parsed.ok) return parsed.failure;
  const { fullName, bio, timezone, redirectTo } = parsed.value;
  await updateProfile(await getStore(), user.uid, {
    fullName,
    bio,
    timezone: knownTimeZone(timezone) ?? user.profile.timezone ?? "UTC",
  });
  return redirect(safeRedirect(redirectTo));
}

export default function ProfileSetup() {
  const { email, bio } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [timezone, setTimezone] = useState("");
  useEffect(() => setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return (
    <AuthShell title="Set up your profile" subtitle={<>Tell other members who you are. You are signed in as {email}.</>}>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <input type="hidden" name="timezone" value={timezone} />
        <FormError message={actionData?.formError} />
        <Field
          label="Full name"
          name="fullName"
          autoComplete="name"
          required
          minLength={2}
          maxLength={FULL_NAME_MAX_LENGTH}
          defaultValue={actionData?.values.fullName}
          error={actionData?.fieldErrors.fullName}
          hint="How other members will see you, 2 to 80 characters."
        />
        <TextAreaField
          label="Short bio (optional)"
          name="bio"
          rows={3}
          maxLength={BIO_MAX_LENGTH}
          defaultValue={actionData?.values.bio ?? bio}
          error={actionData?.fieldErrors.bio}
          hint="What you can teach, what you'd love to learn."
        />
        <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
          Continue to your dashboard
        </button>
      </Form>
    </AuthShell>
  );
}
