import { PASSWORD_MIN_LENGTH } from "~/engine/auth/types";
import { Field } from "./form";

interface NewPasswordFieldsProps {
  /** The new password's field name ("password" on the reset page, "newPassword" in settings); the repeat is "confirm". */
  name: string;
  errors?: { password?: string; confirm?: string };
}

/** A new password and its repetition, as the reset page and the settings page ask for them. */
export function NewPasswordFields({ name, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <Field
        label="New password"
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        error={errors?.password}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <Field
        label="Repeat the new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors?.confirm}
      />
    </>
  );
}
