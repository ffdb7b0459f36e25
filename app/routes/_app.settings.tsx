import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { getAuth, getStore } from "~/engine/index.server";
import { AuthError } from "~/engine/auth/types";
import { newPasswordSchema } from "~/features/auth/schemas";
import { startTour } from "~/features/onboarding/start-tour";
import { updateProfile } from "~/features/profile/profile.server";
import { validTimeZone } from "~/features/profile/timezone";
import { requireUser } from "~/utils/auth.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { clientKeyOf } from "~/utils/client-key.server";
import { pageMeta } from "~/utils/meta";
import { commitSessionToken } from "~/utils/session.server";

export const meta: MetaFunction = () => pageMeta({ title: "Settings" });

const settingsSchema = z.union([
  z.object({
    intent: z.literal("timezone"),
    timezone: z.string().refine((tz) => validTimeZone(tz) !== null, "Choose a timezone from the list."),
  }),
  z
    .object({
      intent: z.literal("password"),
      currentPassword: z.string().min(1, "Enter your current password."),
      newPassword: newPasswordSchema,
      confirm: z.string(),
    })
    .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "The two passwords do not match." }),
]);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { email: user.email, timezone: user.profile.timezone, timezones: Intl.supportedValuesOf("timeZone") };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await parseForm(request, settingsSchema);
  if (!parsed.ok) return parsed.failure;
  const input = parsed.value;
  if (input.intent === "timezone") {
    await updateProfile(await getStore(), user.uid, { timezone: validTimeZone(input.timezone) ?? "UTC" });
    return { ok: true as const, message: "Your timezone was saved." };
  }
  const auth = await getAuth();
  try {
    await auth.changePassword(user.uid, input.currentPassword, input.newPassword);
  } catch (error) {
    if (error instanceof AuthError) {
      return formFailure(parsed.form, error.message, error.code === "too_many_attempts" ? 429 : 400, { currentPassword: error.message });
    }
    throw error;
  }
  // Changing the password ended every session; this device gets a fresh one, the others stay signed out.
  const credentials = { kind: "password" as const, email: user.email, password: input.newPassword, clientKey: clientKeyOf(request) };
  const session = await auth.startSession(await auth.signIn(credentials), credentials);
  return data(
    { ok: true as const, message: "Your password was changed. Other devices have been signed out." },
    { headers: { "Set-Cookie": await commitSessionToken(session.token, session.expiresAt) } },
  );
}

export default function Settings() {
  const { email, timezone, timezones } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <PageHeader title="Settings" description="Your account and preferences." />
      <div className="space-y-6">
        {actionData?.ok ? <FormNotice>{actionData.message}</FormNotice> : null}
        <FormError message={failure?.formError} />
        <section className="card space-y-4">
          <h2 className="text-base font-semibold">Account</h2>
          <Field label="Email" name="email" value={email} readOnly disabled hint="Your sign-in email cannot be changed here." />
        </section>
        <section className="card">
          <h2 className="text-base font-semibold">Timezone</h2>
          <p className="mt-1 text-sm text-slate-600">Session times are shown in this timezone.</p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="timezone" />
            <label className="flex-1">
              <span className="label">Timezone</span>
              <select name="timezone" defaultValue={timezone} className="input">
                {timezones.map((tz) => (
                  <option key={tz} value={tz}>
                    {tz}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
              Save timezone
            </button>
          </Form>
        </section>
        <section className="card">
          <h2 className="text-base font-semibold">Change password</h2>
          <Form method="post" className="mt-4 grid gap-4 sm:max-w-md" noValidate>
            <input type="hidden" name="intent" value="password" />
            <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={failure?.fieldErrors.currentPassword} />
            <Field label="New password" name="newPassword" type="password" autoComplete="new-password" error={failure?.fieldErrors.newPassword} hint="At least 8 characters." />
            <Field label="Repeat the new password" name="confirm" type="password" autoComplete="new-password" error={failure?.fieldErrors.confirm} />
            <div>
              <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
                Change password
              </button>
            </div>
          </Form>
        </section>
        <section className="card">
          <h2 className="text-base font-semibold">Guided tour</h2>
          <p className="mt-1 text-sm text-slate-600">See the tour of your dashboard again.</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => startTour(pathname, navigate)}>
            Take the tour
          </button>
        </section>
      </div>
    </>
  );
}
