import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/auth-shell";
import { Field, FormError, TextAreaField } from "~/components/form";
import { SkillPicker } from "~/components/skills/skill-picker";
import { getStore } from "~/engine/index.server";
import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH, profileSetupSchema } from "~/features/auth/schemas";
import { safeRedirect } from "~/features/layout/routes";
import { setSkills, skillsInUse } from "~/features/skills/skills.server";
import { skillsField } from "~/features/skills/skills-field";
import { levelWordsOf } from "~/features/skills/tags";
import { skillNamer, type SkillNames } from "~/features/skills/skill-names.server";
import { knownTimeZone } from "~/utils/zoned-time";
import { requireUnnamedUser } from "~/features/auth/auth.server";
import { parseForm } from "~/utils/forms.server";
import { pageMeta } from "~/utils/meta";
import { privatePageHeaders } from "~/utils/private-page";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "profile" };
export const clientLoader = loadingNamespaces("profile");

// Signed-in pages are never cached, so Back after Log Out cannot show them (utils/private-page).
export const headers = privatePageHeaders;

// The optional second step: skills, so that a newcomer's first matches are real ones.
// `names`: the taxonomy's skills by their names in the member's language, as the fields show them;
// `t`: the "profile" namespace in it, for the lists' names in their refusals.
const setupSchema = (names: SkillNames, t: TFunction) => {
  const levels = levelWordsOf(t);
  return profileSetupSchema.extend({
    skillsOffered: skillsField(t("setup.teach"), names, levels),
    skillsWanted: skillsField(t("setup.learn"), names, levels),
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUnnamedUser(request);
  const language = await languageOf(request, user.profile.language);
  return {
    title: fixedT(language, "profile")("setup.title"),
    email: user.email,
    emailVerified: user.emailVerified,
    bio: user.profile.bio,
    memberSkills: await skillsInUse(await getStore()),
    // The picker finds and shows the taxonomy's skills by their names in the reader's language too.
    skillNames: skillNamer(language).taxonomyNames(),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUnnamedUser(request);
  const language = await languageOf(request, user.profile.language);
  const parsed = await parseForm(
    request,
    setupSchema(skillNamer(language).taxonomyNames(), fixedT(language, "profile")),
    { language },
  );
  if (!parsed.ok) return parsed.failure;
  const { fullName, bio, timezone, redirectTo, skillsOffered, skillsWanted } = parsed.value;
  // Name, bio and skills in one transaction: the profile never has skills without its index.
  await setSkills(await getStore(), user.uid, skillsOffered, skillsWanted, {
    fullName,
    bio,
    timezone: knownTimeZone(timezone) ?? user.profile.timezone,
  });
  return redirect(safeRedirect(redirectTo));
}

export default function ProfileSetup() {
  const { t } = useTranslation("profile");
  const { email, emailVerified, bio, memberSkills, skillNames } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [timezone, setTimezone] = useState("");
  // Two steps once the page runs JavaScript; without it, one form with everything.
  const [hydrated, setHydrated] = useState(false);
  const [step, setStep] = useState<1 | 2>(1);
  const skillsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setTimezone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    setHydrated(true);
  }, []);
  const errors = actionData?.fieldErrors;
  // A refused name sends the member back to the step that holds it.
  useEffect(() => {
    if (errors?.fullName || errors?.bio) setStep(1);
    else if (errors?.skillsOffered || errors?.skillsWanted) setStep(2);
  }, [errors]);
  useEffect(() => {
    if (hydrated && step === 2) skillsHeading.current?.focus();
  }, [hydrated, step]);
  const busy = navigation.state !== "idle";
  const showStep1 = !hydrated || step === 1;
  const showStep2 = !hydrated || step === 2;
  return (
    <AuthShell
      title={t("setup.title")}
      subtitle={
        <>
          {t("setup.subtitle", { email })}
          {/* Decision 024: where the verification link went (a toast here would cover the form on a phone). */}
          {emailVerified ? null : <> {t("setup.verifySent")}</>}
        </>
      }
    >
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <input type="hidden" name="timezone" value={timezone} />
        <FormError message={actionData?.formError} />
        <div className="space-y-4" hidden={!showStep1}>
          {hydrated ? (
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t("setup.step1")}</p>
          ) : null}
          <Field
            label={t("setup.fullName")}
            name="fullName"
            autoComplete="name"
            required
            minLength={2}
            maxLength={FULL_NAME_MAX_LENGTH}
            defaultValue={actionData?.values.fullName}
            error={errors?.fullName}
            hint={t("setup.fullNameHint")}
          />
          <TextAreaField
            label={t("setup.bio")}
            name="bio"
            rows={3}
            maxLength={BIO_MAX_LENGTH}
            defaultValue={actionData?.values.bio ?? bio}
            error={errors?.bio}
            hint={t("setup.bioHint")}
          />
          {hydrated ? (
            <div className="space-y-2">
              <button type="button" className="btn-primary w-full" onClick={() => setStep(2)}>
                {t("setup.next")}
              </button>
              <button type="submit" className="btn-secondary w-full" disabled={busy}>
                {t("setup.skip")}
              </button>
            </div>
          ) : null}
        </div>
        <div className="space-y-4" hidden={!showStep2}>
          {hydrated ? (
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{t("setup.step2")}</p>
          ) : null}
          <h2 ref={skillsHeading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
            {t("setup.skillsHeading")}
          </h2>
          <p className="text-sm text-slate-600">{t("setup.skillsIntro")}</p>
          <SkillPicker
            label={t("setup.teach")}
            name="skillsOffered"
            defaultLevel="intermediate"
            memberSkills={memberSkills}
            names={skillNames}
            placeholder={t("setup.teachPlaceholder")}
            initial={actionData?.values.skillsOffered ?? []}
            error={errors?.skillsOffered}
            hint={t("setup.teachHint")}
          />
          <SkillPicker
            label={t("setup.learn")}
            name="skillsWanted"
            defaultLevel="beginner"
            memberSkills={memberSkills}
            names={skillNames}
            placeholder={t("setup.learnPlaceholder")}
            initial={actionData?.values.skillsWanted ?? []}
            error={errors?.skillsWanted}
            hint={t("setup.learnHint")}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {hydrated ? (
              <button type="button" className="btn-secondary sm:flex-1" onClick={() => setStep(1)}>
                {t("setup.back")}
              </button>
            ) : null}
            <button type="submit" className="btn-primary sm:flex-[2]" disabled={busy}>
              {t("setup.continue")}
            </button>
          </div>
        </div>
      </Form>
    </AuthShell>
  );
}
