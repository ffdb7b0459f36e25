import { useTranslation } from "react-i18next";
import { PASSWORD_MIN_LENGTH } from "~/engine/auth/types";
import { Field } from "./form";

interface NewPasswordFieldsProps {
  /** The new password's field name ("password" on the reset page, "newPassword" in settings); the repeat is "confirm". */
  name: string;
  errors?: { password?: string; confirm?: string };
}

/**
 * A new password and its repetition, as the reset page and the settings page ask for them. Its
 * words are in "profile": a route that shows it names that namespace.
 */
export function NewPasswordFields({ name, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation("profile");
  return (
    <>
      <Field
        label={t("password.new")}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        error={errors?.password}
        hint={t("password.hint", { minimum: PASSWORD_MIN_LENGTH })}
      />
      <Field
        label={t("password.repeat")}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors?.confirm}
      />
    </>
  );
}
