/**
 * The auth forms' island where the engine checks passwords in the browser (the auth port's
 * capability checksPasswords is false): intercepts the form's submit, does the work through the
 * port's browser face, then follows the answer. Where the server checks passwords it returns no
 * handler, so the plain Remix form posts exactly as before. Validation uses the same schemas, so
 * the same messages, as the server's actions.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { loadBrowserAuthForms } from "~/engine/auth/browser-forms.client";
import { issueText } from "~/i18n/validation";

type Intent = "signIn" | "signUp" | "reset";

/**
 * The form's schema, fetched with the sign-in service on the first submit: the schemas are built
 * with zod, which no page load carries (decision 053), and only this engine's forms need them here.
 */
async function loadSchema(intent: Intent) {
  const schemas = await import("~/features/auth/schemas");
  return { signIn: schemas.signInSchema, signUp: schemas.signUpSchema, reset: schemas.resetRequestSchema }[intent];
}

/**
 * `inBrowser`: the route loader's answer to whether this engine's forms run in the browser.
 * `sentTo` is the address told to check its e-mail (a reset, or a sign-up that needs the inbox).
 */
export function useBrowserAuthForm(intent: Intent, inBrowser: boolean) {
  const [error, setError] = useState<string | null>(null);
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    setBusy(true);
    setError(null);
    try {
      const [forms, schema] = await Promise.all([loadBrowserAuthForms(), loadSchema(intent)]);
      const parsed = schema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        setError(issue ? issueText(issue, t) : t("validation.correctFields"));
        setBusy(false);
        return;
      }
      const value = parsed.data as { email: string; password?: string; redirectTo?: string };
      try {
        if (intent === "reset") {
          await forms.requestPasswordReset(value.email);
          setSentTo(value.email);
        } else {
          const password = value.password ?? "";
          const redirectTo = value.redirectTo ?? "";
          const outcome =
            intent === "signUp"
              ? await forms.signUp(value.email, password, redirectTo)
              : { kind: "redirect" as const, to: await forms.signIn(value.email, password, redirectTo) };
          if (outcome.kind === "checkEmail") {
            setSentTo(value.email);
          } else {
            window.location.assign(outcome.to);
            return; // keep the button busy while the browser leaves
          }
        }
      } catch (failure) {
        setError(forms.messageFor(failure, t));
      }
    } catch {
      setError(t("auth:errors.browser.notLoaded"));
    }
    setBusy(false);
  }

  return {
    onSubmit: inBrowser ? (event: FormEvent<HTMLFormElement>) => void onSubmit(event) : undefined,
    error,
    busy,
    sentTo,
  };
}
