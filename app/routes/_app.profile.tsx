import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, MaxPartSizeExceededError, NodeOnDiskFile, unstable_createFileUploadHandler } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { z } from "zod";
import { Field, FormError, FormNotice, TextAreaField } from "~/components/form";
import { SkillChips } from "~/components/members/skill-chips";
import { SkillPicker } from "~/components/skills/skill-picker";
import { fitAvatar, UNREADABLE_PICTURE } from "~/components/members/fit-avatar";
import { PageHeader } from "~/components/page-header";
import { getFiles, getStore } from "~/engine/index.server";
import { BIO_MAX_LENGTH, bioSchema, FULL_NAME_MAX_LENGTH, fullNameSchema } from "~/features/auth/schemas";
import { AvatarError, uploadAvatar } from "~/features/members/avatar.server";
import { MAX_PICTURE_BYTES, pictureSources } from "~/features/members/picture";
import { levelFor } from "~/features/progress/levels";
import { setSkills, skillsInUse } from "~/features/skills/skills.server";
import { skillsField } from "~/features/skills/skills-field";
import { skillNamer } from "~/features/skills/skill-names.server";
import { requireUser } from "~/features/auth/auth.server";
import { formFailure, parseForm, readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { loadingNamespaces } from "~/i18n/client-loader";
import { languageOf } from "~/i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Your profile", matches });

// The skill picker's texts are in "profile".
// "members": the skill chips.
export const handle = { i18n: ["profile", "members"] };
export const clientLoader = loadingNamespaces("profile", "members");

const MAX_LANGUAGES = 8;

const profileSchema = z.object({
  fullName: fullNameSchema,
  bio: bioSchema.default(""),
  languages: z
    .string()
    .max(400)
    .default("")
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((l) => l.trim().replace(/\s+/g, " ").slice(0, 30))
          .filter(Boolean),
      ),
    ])
    .refine((list) => list.length <= MAX_LANGUAGES, `List at most ${MAX_LANGUAGES} languages.`),
  skillsOffered: skillsField("Skills you teach"),
  skillsWanted: skillsField("Skills you want to learn"),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const p = user.profile;
  const names = skillNamer(await languageOf(request, p.language));
  return {
    uid: user.uid,
    email: user.email,
    avatar: user.avatar,
    fullName: p.fullName,
    bio: p.bio,
    timezone: p.timezone,
    languages: p.languages.join(", "),
    // The picker edits the stored skills (English labels, its wire format) and shows skillNames.
    offered: p.skillsOffered,
    wanted: p.skillsWanted,
    shownOffered: names.skills(p.skillsOffered),
    shownWanted: names.skills(p.skillsWanted),
    skillNames: names.taxonomyNames(),
    memberSkills: await skillsInUse(await getStore()),
    level: levelFor(p.xp).level,
    xp: p.xp,
  };
}

const TOO_LARGE = "The picture is larger than 12 MB. Choose a smaller one.";

async function changeAvatar(request: Request, uid: string) {
  let form: FormData;
  try {
    // The picture goes to a temporary file as it arrives, never whole into memory (decision 027).
    form = await readForm(
      request,
      unstable_createFileUploadHandler({ maxPartSize: MAX_PICTURE_BYTES, filter: ({ name }) => name === "avatar" }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return formFailure(null, TOO_LARGE, 400, { avatar: TOO_LARGE });
    throw error;
  }
  const file = form.get("avatar");
  if (!(file instanceof NodeOnDiskFile) || file.size === 0) {
    if (file instanceof NodeOnDiskFile) await file.remove();
    return formFailure(null, "Choose a picture to upload.", 400, { avatar: "Choose a picture to upload." });
  }
  try {
    await uploadAvatar(await getStore(), await getFiles(), uid, { file: file.getFilePath() });
  } catch (error) {
    if (error instanceof AvatarError) return formFailure(null, error.message, 400, { avatar: error.message });
    throw error;
  } finally {
    await file.remove();
  }
  return data({ ok: true as const, message: "Your picture was updated." });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return changeAvatar(request, user.uid);
  }
  const parsed = await parseForm(request, profileSchema);
  if (!parsed.ok) return parsed.failure;
  const { skillsOffered, skillsWanted, ...fields } = parsed.value;
  await setSkills(await getStore(), user.uid, skillsOffered, skillsWanted, fields);
  return data({ ok: true as const, message: "Your profile was saved." });
}

/** Its own fetcher, so the picture's messages show beside it and the details form keeps its input. */
function AvatarForm() {
  const upload = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  // Decoding and shrinking happen in the browser before the upload; its own refusal shows here too.
  const [preparing, setPreparing] = useState(false);
  const [browserError, setBrowserError] = useState<string | null>(null);
  const result = upload.state === "idle" && !browserError ? upload.data : undefined;
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = (event.currentTarget.elements.namedItem("avatar") as HTMLInputElement).files?.[0];
    const body = new FormData();
    setBrowserError(null);
    if (file) {
      setPreparing(true);
      try {
        body.set("avatar", await fitAvatar(file));
      } catch (error) {
        setBrowserError(error instanceof Error ? error.message : UNREADABLE_PICTURE);
        return;
      } finally {
        setPreparing(false);
      }
    }
    upload.submit(body, { method: "post", encType: "multipart/form-data" });
  };
  const failed = browserError ?? (result && !result.ok ? (result.fieldErrors.avatar ?? result.formError) : null);
  return (
    <upload.Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="mt-3 space-y-2 text-start"
    >
      <label className="label" htmlFor="avatar">
        Profile picture
      </label>
      <input
        id="avatar"
        name="avatar"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-invalid={failed ? true : undefined}
        aria-describedby="avatar-hint avatar-result"
        className="block w-full text-xs text-slate-600 file:me-2 file:rounded-md file:border-0 file:bg-brand-50 file:px-2 file:py-1 file:text-brand-700"
      />
      <p id="avatar-hint" className="text-xs text-slate-500">
        JPEG, PNG or WebP. Large photos are made smaller before they are sent.
      </p>
      <div id="avatar-result">
        {failed ? (
          <p className="field-error" role="alert">
            {failed}
          </p>
        ) : null}
        {result?.ok ? <FormNotice>{result.message}</FormNotice> : null}
      </div>
      <button type="submit" className="btn-secondary w-full" disabled={preparing || upload.state !== "idle"}>
        {preparing ? "Preparing…" : upload.state === "submitting" ? "Uploading…" : "Upload picture"}
      </button>
    </upload.Form>
  );
}

export default function Profile() {
  const profile = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const busy = navigation.state !== "idle";
  return (
    <>
      <PageHeader
        title="Your profile"
        description="This is how other members see you."
        actions={
          <Link to={`/members/${profile.uid}`} className="btn-secondary">
            View as others see it
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[280px_minmax(0,1fr)]">
        <aside className="card text-center">
          <img
            {...pictureSources(profile.avatar, 96)}
            alt=""
            width={96}
            height={96}
            className="mx-auto h-24 w-24 rounded-full object-cover ring-4 ring-brand-50"
          />
          <AvatarForm />
          <h2 className="mt-4 text-lg font-semibold">{profile.fullName}</h2>
          <p className="break-all text-sm text-slate-500">{profile.email}</p>
          <p className="mt-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
            Level {profile.level} · {profile.xp} xp
          </p>
          <p className="mt-3 text-xs text-slate-500">Timezone: {profile.timezone}</p>
          <div className="mt-4 space-y-3 text-start">
            <div>
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Teaches</p>
              <SkillChips skills={profile.shownOffered} empty="Nothing yet." />
            </div>
            <div>
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Wants to learn</p>
              <SkillChips skills={profile.shownWanted} empty="Nothing yet." />
            </div>
          </div>
        </aside>
        <section className="card">
          <h2 className="text-base font-semibold">Edit your details</h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            {actionData?.ok ? <FormNotice>{actionData.message}</FormNotice> : null}
            <FormError message={failure?.formError} />
            <Field
              label="Full name"
              name="fullName"
              required
              maxLength={FULL_NAME_MAX_LENGTH}
              defaultValue={failure?.values.fullName ?? profile.fullName}
              error={failure?.fieldErrors.fullName}
            />
            <TextAreaField
              label="Bio"
              name="bio"
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              defaultValue={failure?.values.bio ?? profile.bio}
              error={failure?.fieldErrors.bio}
            />
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <SkillPicker
                label="Skills you teach"
                name="skillsOffered"
                defaultLevel="intermediate"
                memberSkills={profile.memberSkills}
                names={profile.skillNames}
                placeholder={"Spanish: expert\nGuitar: intermediate"}
                initial={failure?.values.skillsOffered ?? profile.offered}
                error={failure?.fieldErrors.skillsOffered}
                hint="Pick from the list or add your own, with your level."
              />
              <SkillPicker
                label="Skills you want to learn"
                name="skillsWanted"
                defaultLevel="beginner"
                memberSkills={profile.memberSkills}
                names={profile.skillNames}
                placeholder={"React: beginner\nPublic speaking"}
                initial={failure?.values.skillsWanted ?? profile.wanted}
                error={failure?.fieldErrors.skillsWanted}
                hint="Your current level helps teachers prepare."
              />
            </div>
            <Field
              label="Languages"
              name="languages"
              maxLength={400}
              defaultValue={failure?.values.languages ?? profile.languages}
              error={failure?.fieldErrors.languages}
              hint="Separated by commas, e.g. English, Spanish."
            />
            <button type="submit" className="btn-primary" disabled={busy}>
              Save profile
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
