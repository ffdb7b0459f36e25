/**
 * /settings' password change where the engine checks passwords in the browser (the auth port's
 * capability checksPasswords is false): intercepts the form's submit, checks it with the server
 * action's own schema, then changes the password through the port's browser face. The outcome has
 * the shape of the action's answer, so the page shows it in the same places, in the same words.
 * Where the server checks passwords it returns no handler, and the form posts as before.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loadBrowserAuthForms } from "~/engine/auth/browser-forms.client";
import { fieldErrorsOf, type FieldErrors } from "~/i18n/validation";

export type PasswordChangeOutcome =
  | { ok: true; message: string }
  | { ok: false; fieldErrors: FieldErrors; formError: string; values: Record<string, string> };

const refused = (formError: string, fieldErrors: FieldErrors = {}): PasswordChangeOutcome => ({
  ok: false,
  fieldErrors,
  formError,
  values: { intent: "password" },
});

/** `inBrowser`: the loader's answer to whether this engine changes passwords in the browser. */
export function useBrowserPasswordChange(inBrowser: boolean) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PasswordChangeOutcome | null>(null);
  const { state } = useNavigation();
  // Another form of the page was sent: its answer is the one to show.
  useEffect(() => {
    if (state === "submitting") setOutcome(null);
  }, [state]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries(new FormData(form));
    setBusy(true);
    setOutcome(null);
    try {
      // zod (decision 053) and the SDK arrive with the first change; the SDK's refusals are worded in "auth".
      const [forms, { passwordChangeSchema }] = await Promise.all([
        loadBrowserAuthForms(),
        import("~/features/auth/schemas"),
        i18n.loadNamespaces("auth"),
      ]);
      const parsed = passwordChangeSchema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error, t);
        setOutcome(refused(fieldErrors.form ?? t("validation.correctFields"), fieldErrors));
      } else {
        try {
          await forms.changePassword(parsed.data.currentPassword, parsed.data.newPassword);
          form.reset();
          setOutcome({ ok: true, message: t("profile:settings.messages.passwordChanged") });
        } catch (error) {
          const { message, field } = forms.passwordChangeProblem(error, t);
          setOutcome(field ? refused("", { [field]: message }) : refused(message));
        }
      }
    } catch {
      setOutcome(refused(t("auth:errors.browser.notLoaded")));
    }
    setBusy(false);
  }

  return {
    onSubmit: inBrowser ? (event: FormEvent<HTMLFormElement>) => void onSubmit(event) : undefined,
    outcome,
    busy,
  };
}
