import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, MaxPartSizeExceededError, NodeOnDiskFile, unstable_createFileUploadHandler } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { z } from "zod";
import { Field, FormError, FormNotice, TextAreaField } from "~/components/form";
import { SkillChips } from "~/components/members/skill-chips";
import { SkillPicker } from "~/components/skills/skill-picker";
import { fitAvatar, PictureRefused } from "~/components/members/fit-avatar";
import { PageHeader } from "~/components/page-header";
import { getFiles, getStore } from "~/engine/index.server";
import { BIO_MAX_LENGTH, bioSchema, FULL_NAME_MAX_LENGTH, fullNameSchema } from "~/features/auth/schemas";
import { AvatarError, uploadAvatar } from "~/features/members/avatar.server";
import { MAX_PICTURE_BYTES, pictureSources } from "~/features/members/picture";
import { levelFor } from "~/features/progress/levels";
import { setSkills, skillsInUse } from "~/features/skills/skills.server";
import { skillsField } from "~/features/skills/skills-field";
import { levelWordsOf } from "~/features/skills/tags";
import { skillNamer, type SkillNames } from "~/features/skills/skill-names.server";
import { requireUser } from "~/features/auth/auth.server";
import { formFailure, parseForm, readForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { loadingNamespaces } from "~/i18n/client-loader";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { interleave } from "~/i18n/interleave";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// The page's and the skill picker's texts are in "profile"; "members": the skill chips.
export const handle = { i18n: ["profile", "members"] };
export const clientLoader = loadingNamespaces("profile", "members");

const MAX_LANGUAGES = 8;

/**
 * The form's rules; `names`: the taxonomy's skills by their names in the member's language, as the
 * fields show them; `t`: the "profile" namespace in it, for the lists' names in their refusals.
 */
const profileSchema = (names: SkillNames, t: TFunction) => {
  const levels = levelWordsOf(t);
  return z.object({
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
      .pipe(z.array(z.string()).max(MAX_LANGUAGES, "profile:validation.tooManyLanguages")),
    skillsOffered: skillsField(t("profilePage.teach"), names, levels),
    skillsWanted: skillsField(t("profilePage.learn"), names, levels),
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const p = user.profile;
  const language = await languageOf(request, p.language);
  const names = skillNamer(language);
  return {
    title: fixedT(language, "profile")("profilePage.title"),
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
    // The chips show the taxonomy's names in the reader's language.
    shownOffered: names.skills(p.skillsOffered),
    shownWanted: names.skills(p.skillsWanted),
    skillNames: names.taxonomyNames(),
    memberSkills: await skillsInUse(await getStore()),
    level: levelFor(p.xp).level,
    xp: p.xp,
  };
}

async function changeAvatar(request: Request, uid: string, t: TFunction) {
  let form: FormData;
  try {
    // The picture goes to a temporary file as it arrives, never whole into memory (decision 027).
    form = await readForm(
      request,
      unstable_createFileUploadHandler({ maxPartSize: MAX_PICTURE_BYTES, filter: ({ name }) => name === "avatar" }),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      const tooLarge = t("profilePage.pictureTooLarge");
      return formFailure(null, tooLarge, 400, { avatar: tooLarge });
    }
    throw error;
  }
  const file = form.get("avatar");
  if (!(file instanceof NodeOnDiskFile) || file.size === 0) {
    if (file instanceof NodeOnDiskFile) await file.remove();
    const choose = t("profilePage.choosePicture");
    return formFailure(null, choose, 400, { avatar: choose });
  }
  try {
    await uploadAvatar(await getStore(), await getFiles(), uid, { file: file.getFilePath() });
  } catch (error) {
    if (error instanceof AvatarError) {
      const refusal = t(error.reason === "empty" ? "profilePage.choosePicture" : "profilePage.pictureUnreadable");
      return formFailure(null, refusal, 400, { avatar: refusal });
    }
    throw error;
  } finally {
    await file.remove();
  }
  return data({ ok: true as const, message: t("profilePage.pictureUpdated") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const t = fixedT(language, "profile");
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    return changeAvatar(request, user.uid, t);
  }
  const parsed = await parseForm(request, profileSchema(skillNamer(language).taxonomyNames(), t), { language });
  if (!parsed.ok) return parsed.failure;
  const { skillsOffered, skillsWanted, ...fields } = parsed.value;
  await setSkills(await getStore(), user.uid, skillsOffered, skillsWanted, fields);
  return data({ ok: true as const, message: t("profilePage.saved") });
}

/** Its own fetcher, so the picture's messages show beside it and the details form keeps its input. */
function AvatarForm() {
  const { t } = useTranslation("profile");
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
        const tooLarge = error instanceof PictureRefused && error.reason === "tooLarge";
        setBrowserError(t(tooLarge ? "profilePage.pictureTooLarge" : "profilePage.pictureUnreadable"));
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
        {t("profilePage.picture")}
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
        {t("profilePage.pictureHint")}
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
        {preparing
          ? t("profilePage.preparing")
          : upload.state === "submitting"
            ? t("profilePage.uploading")
            : t("profilePage.upload")}
      </button>
    </upload.Form>
  );
}

export default function Profile() {
  const { t } = useTranslation("profile");
  const profile = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const failure = actionData && !actionData.ok ? actionData : undefined;
  const busy = navigation.state !== "idle";
  return (
    <>
      <PageHeader
        title={t("profilePage.title")}
        description={t("profilePage.description")}
        actions={
          <Link to={`/members/${profile.uid}`} className="btn-secondary">
            {t("profilePage.viewAsOthers")}
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
          <h2 className="mt-4 text-lg font-semibold" translate="no">
            {profile.fullName}
          </h2>
          <p className="break-all text-sm text-slate-500" translate="no">
            {profile.email}
          </p>
          <p className="mt-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
            {t("profilePage.level", { level: profile.level, xp: profile.xp })}
          </p>
          <p className="mt-3 text-xs text-slate-500">
            {interleave(
              (mark) => t("profilePage.timezone", { zone: mark }),
              <bdi translate="no">{profile.timezone}</bdi>,
            )}
          </p>
          <div className="mt-4 space-y-3 text-start">
            <div>
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {t("profilePage.teaches")}
              </p>
              <SkillChips skills={profile.shownOffered} empty={t("profilePage.nothingYet")} />
            </div>
            <div>
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {t("profilePage.wantsToLearn")}
              </p>
              <SkillChips skills={profile.shownWanted} empty={t("profilePage.nothingYet")} />
            </div>
          </div>
        </aside>
        <section className="card">
          <h2 className="text-base font-semibold">{t("profilePage.editHeading")}</h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            {actionData?.ok ? <FormNotice>{actionData.message}</FormNotice> : null}
            <FormError message={failure?.formError} />
            <Field
              label={t("profilePage.fullName")}
              name="fullName"
              required
              maxLength={FULL_NAME_MAX_LENGTH}
              defaultValue={failure?.values.fullName ?? profile.fullName}
              error={failure?.fieldErrors.fullName}
            />
            <TextAreaField
              label={t("profilePage.bio")}
              name="bio"
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              defaultValue={failure?.values.bio ?? profile.bio}
              // The member's own words.
              translate="no"
              error={failure?.fieldErrors.bio}
            />
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <SkillPicker
                label={t("profilePage.teach")}
                name="skillsOffered"
                defaultLevel="intermediate"
                memberSkills={profile.memberSkills}
                names={profile.skillNames}
                placeholder={t("setup.teachPlaceholder")}
                initial={failure?.values.skillsOffered ?? profile.offered}
                error={failure?.fieldErrors.skillsOffered}
                hint={t("setup.teachHint")}
              />
              <SkillPicker
                label={t("profilePage.learn")}
                name="skillsWanted"
                defaultLevel="beginner"
                memberSkills={profile.memberSkills}
                names={profile.skillNames}
                placeholder={t("setup.learnPlaceholder")}
                initial={failure?.values.skillsWanted ?? profile.wanted}
                error={failure?.fieldErrors.skillsWanted}
                hint={t("setup.learnHint")}
              />
            </div>
            <Field
              label={t("profilePage.languages")}
              name="languages"
              maxLength={400}
              defaultValue={failure?.values.languages ?? profile.languages}
              error={failure?.fieldErrors.languages}
              hint={t("profilePage.languagesHint")}
            />
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("profilePage.save")}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
