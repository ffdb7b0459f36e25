import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Field, FormError, FormNotice, TextAreaField } from "~/components/form";
import { PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { fullNameSchema } from "~/features/auth/schemas";
import { updateProfile } from "~/features/profile/profile.server";
import { levelFor } from "~/features/progress/levels";
import { requireUser } from "~/utils/auth.server";
import { parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Your profile" });

const profileSchema = z.object({
  fullName: fullNameSchema,
  bio: z.string().trim().max(280, "Keep your bio under 280 characters.").default(""),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    email: user.email,
    avatar: user.avatar,
    fullName: user.profile.fullName,
    bio: user.profile.bio ?? "",
    timezone: user.profile.timezone,
    level: levelFor(user.profile.xp).level,
    xp: user.profile.xp,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = await parseForm(request, profileSchema);
  if (!parsed.ok) return parsed.failure;
  await updateProfile(await getStore(), user.uid, parsed.value);
  return { ok: true as const };
}

export default function Profile() {
  const profile = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <PageHeader title="Your profile" description="This is how other members see you." />
      <div className="grid gap-6 lg:grid-cols-[280px_1fr]">
        <aside className="card text-center">
          <img src={profile.avatar} alt="" width={96} height={96} className="mx-auto h-24 w-24 rounded-full object-cover ring-4 ring-brand-50" />
          <h2 className="mt-4 text-lg font-semibold">{profile.fullName}</h2>
          <p className="text-sm text-slate-500">{profile.email}</p>
          <p className="mt-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
            Level {profile.level} · {profile.xp} xp
          </p>
          <p className="mt-3 text-xs text-slate-500">Timezone: {profile.timezone}</p>
        </aside>
        <section className="card">
          <h2 className="text-base font-semibold">Edit your details</h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            {actionData?.ok ? <FormNotice>Your profile was saved.</FormNotice> : null}
            <FormError message={failure?.formError} />
            <Field label="Full name" name="fullName" required maxLength={80} defaultValue={failure?.values.fullName ?? profile.fullName} error={failure?.fieldErrors.fullName} />
            <TextAreaField label="Bio" name="bio" rows={4} maxLength={280} defaultValue={failure?.values.bio ?? profile.bio} error={failure?.fieldErrors.bio} />
            <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
              Save profile
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
