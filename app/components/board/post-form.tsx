import { Form, useNavigation } from "@remix-run/react";
import { Field, FormError, TextAreaField } from "~/components/form";
import { POST_FORMATS, PRICE_KINDS, type PostFormat, type PriceKind } from "~/documents/board";
import { DEFAULT_EXPIRY_DAYS, EXPIRY_CHOICES } from "~/features/board/expiry";
import { AREA_MAX, DESCRIPTION_MAX, MAX_SP, TITLE_MAX } from "~/features/board/rules";
import { useTranslation } from "react-i18next";

export interface PostFormValues {
  type: string;
  skill: string;
  title: string;
  description: string;
  format: string;
  area: string;
  priceKind: string;
  sp: string;
  swapSkill: string;
  days?: string;
}

// The fields that depend on a choice follow the checked radio through CSS, not state: the form works
// the same before its scripts run (or without them), and the server ignores the fields not chosen.
const ONLINE_CHOSEN_HIDES = "group-has-[input[name=format][value=online]:checked]/post:hidden";
const SWAP_CHOSEN_SHOWS = "hidden group-has-[input[name=priceKind][value=swap]:checked]/post:block";
const SWAP_CHOSEN_HIDES = "group-has-[input[name=priceKind][value=swap]:checked]/post:hidden";
const FIXED_CHOSEN_HIDES = "group-has-[input[name=priceKind][value=fixed]:checked]/post:hidden";
const FIXED_CHOSEN_SHOWS = "hidden group-has-[input[name=priceKind][value=fixed]:checked]/post:inline";

/** The post form, for a new post and for editing one (without the expiry: renewing moves that). */
export function PostForm({
  values,
  errors,
  formError,
  skills,
  submitLabel,
  withExpiry,
}: {
  values: PostFormValues;
  errors: Record<string, string>;
  formError?: string;
  skills: { tag: string; label: string }[];
  submitLabel: string;
  withExpiry: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { t } = useTranslation("board");
  return (
    <Form method="post" className="group/post card space-y-5" noValidate>
      <FormError message={formError} />
      <fieldset>
        <legend className="label">{t("form.what")}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {(["offer", "need"] as const).map((v) => (
            <label key={v} className="flex items-center gap-2">
              <input type="radio" name="type" value={v} defaultChecked={(values.type || "offer") === v} />
              {t(`form.${v}`)}
            </label>
          ))}
        </div>
        {errors.type ? (
          <p className="field-error" role="alert">
            {errors.type}
          </p>
        ) : null}
      </fieldset>
      <Field
        label={t("form.skill")}
        name="skill"
        defaultValue={values.skill}
        list="post-skills"
        error={errors.skill}
        hint={t("form.skillHint")}
        maxLength={40}
        required
      />
      <datalist id="post-skills">
        {skills.map((s) => (
          <option key={s.tag} value={s.label} />
        ))}
      </datalist>
      <Field
        label={t("form.title")}
        translate="no"
        name="title"
        defaultValue={values.title}
        error={errors.title}
        maxLength={TITLE_MAX}
        required
      />
      <TextAreaField
        label={t("form.description")}
        name="description"
        defaultValue={values.description}
        error={errors.description}
        hint={t("form.descriptionHint")}
        translate="no"
        rows={6}
        maxLength={DESCRIPTION_MAX}
        required
      />
      <fieldset>
        <legend className="label">{t("form.where")}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {POST_FORMATS.map((v: PostFormat) => (
            <label key={v} className="flex items-center gap-2">
              <input type="radio" name="format" value={v} defaultChecked={(values.format || "online") === v} />
              {t(`formats.${v}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={ONLINE_CHOSEN_HIDES}>
        <Field
          label={t("form.area")}
          name="area"
          defaultValue={values.area}
          error={errors.area}
          hint={t("form.areaHint")}
          maxLength={AREA_MAX}
        />
      </div>
      <fieldset>
        <legend className="label">{t("form.price")}</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {PRICE_KINDS.map((v: PriceKind) => (
            <label key={v} className="flex items-center gap-2">
              <input type="radio" name="priceKind" value={v} defaultChecked={(values.priceKind || "per_hour") === v} />
              {t(`priceKinds.${v}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={SWAP_CHOSEN_SHOWS}>
        <Field
          label={t("form.swapSkill")}
          name="swapSkill"
          defaultValue={values.swapSkill}
          error={errors.swapSkill}
          hint={t("form.swapSkillHint")}
          maxLength={40}
        />
      </div>
      <div className={SWAP_CHOSEN_HIDES}>
        <Field
          label={
            <>
              <span className={FIXED_CHOSEN_HIDES}>{t("form.spPerHour")}</span>
              <span className={FIXED_CHOSEN_SHOWS}>{t("form.spInAll")}</span>
            </>
          }
          name="sp"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SP}
          defaultValue={values.sp}
          error={errors.sp}
        />
      </div>
      {withExpiry ? (
        <div>
          <label htmlFor="post-days" className="label">
            {t("form.stays")}
          </label>
          <select
            id="post-days"
            name="days"
            defaultValue={values.days || String(DEFAULT_EXPIRY_DAYS)}
            className="input"
          >
            {EXPIRY_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t("form.days", { count: d })}
              </option>
            ))}
          </select>
          {errors.days ? (
            <p className="field-error" role="alert">
              {errors.days}
            </p>
          ) : null}
        </div>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t("form.saving") : submitLabel}
      </button>
    </Form>
  );
}
