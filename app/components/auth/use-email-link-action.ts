/**
 * The `/auth/action` island where the auth engine opens e-mail links in the browser (Firebase):
 * opens the link through the auth port's browser face (loaded lazily), then, for a password
 * reset, takes the new password. The route renders
 * each step; validation uses the same schema, so the same messages, as the embedded form.
 */
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { issueText } from "~/i18n/validation";
import { resetPasswordSchema } from "~/features/auth/schemas";
import { loadEmailLinkActions, type EmailActionMode } from "~/engine/auth/email-links.client";

export type EmailActionStep =
  | { step: "loading" }
  | { step: "resetPassword"; email: string }
  | { step: "passwordChanged" }
  | { step: "emailVerified" }
  | { step: "emailRestored"; email: string }
  /** The link is used, expired or not one of ours: the person needs a new e-mail. */
  | { step: "invalid"; message: string }
  /** The SDK could not load or reach Firebase: the link may still work after a reload. */
  | { step: "unavailable"; message: string };

export interface NewPasswordForm {
  busy: boolean;
  fieldErrors: Record<string, string>;
  formError?: string;
}

const loadSdk = loadEmailLinkActions;

export function useEmailLinkAction(mode: EmailActionMode, oobCode: string) {
  const [view, setView] = useState<EmailActionStep>({ step: "loading" });
  const [form, setForm] = useState<NewPasswordForm>({ busy: false, fieldErrors: {} });
  const { t } = useTranslation("common");

  useEffect(() => {
    let active = true;
    loadSdk().then(
      (sdk) =>
        sdk.openEmailAction(mode, oobCode).then(
          (outcome) => {
            if (!active) return;
            if (outcome.kind === "resetPassword") setView({ step: "resetPassword", email: outcome.email });
            else if (outcome.kind === "emailVerified") {
              setView({ step: "emailVerified" });
              // Signed in here: the server settles the account now (decision 024); signed out, at the next sign-in.
              void fetch("/api/email-verified", { method: "POST", credentials: "same-origin" }).catch(() => {});
            } else setView({ step: "emailRestored", email: outcome.email });
          },
          (error: unknown) => {
            if (!active) return;
            const problem = sdk.linkProblemOf(error, t);
            setView(
              problem
                ? { step: "invalid", message: problem }
                : { step: "unavailable", message: sdk.messageFor(error, t) },
            );
          },
        ),
      () => active && setView({ step: "unavailable", message: t("auth:errors.browser.linkNotLoaded") }),
    );
    return () => {
      active = false;
    };
  }, [mode, oobCode, t]);

  async function submitNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ ...Object.fromEntries(new FormData(event.currentTarget)), oobCode });
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issueText(issue, t);
      setForm({ busy: false, fieldErrors, formError: fieldErrors.form ?? fieldErrors.oobCode });
      return;
    }
    setForm({ busy: true, fieldErrors: {} });
    try {
      const sdk = await loadSdk();
      try {
        await sdk.confirmNewPassword(oobCode, parsed.data.password);
        setView({ step: "passwordChanged" });
        return;
      } catch (error) {
        const problem = sdk.linkProblemOf(error, t);
        if (problem) {
          setView({ step: "invalid", message: problem });
          return;
        }
        setForm(
          sdk.isWeakPassword(error)
            ? { busy: false, fieldErrors: { password: sdk.messageFor(error, t) } }
            : { busy: false, fieldErrors: {}, formError: sdk.messageFor(error, t) },
        );
      }
    } catch {
      setForm({ busy: false, fieldErrors: {}, formError: t("auth:errors.browser.linkNotLoaded") });
    }
  }

  return { view, form, onSubmitNewPassword: (event: FormEvent<HTMLFormElement>) => void submitNewPassword(event) };
}
