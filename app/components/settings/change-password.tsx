import type { FormEvent } from "react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Field } from "~/components/form";
import { NewPasswordFields } from "~/components/new-password-fields";

interface ChangePasswordProps {
  /** The engine changes passwords in the browser (useBrowserPasswordChange): the form needs the page's scripts. */
  inBrowser: boolean;
  /** The browser's handler where `inBrowser`; otherwise the form posts to the page's action. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  fieldErrors?: Record<string, string | undefined>;
  busy: boolean;
}

/** /settings' "Change password" section. Its words are in "profile". */
export function ChangePassword({ inBrowser, onSubmit, fieldErrors, busy }: ChangePasswordProps) {
  const { t } = useTranslation("profile");
  // In the browser the change needs the page's scripts: until they run the fields stay closed and,
  // without JavaScript, the section says why, rather than taking three passwords it cannot use.
  const hydrated = useHydrated();
  return (
    <section className="card">
      <h2 className="text-base font-semibold">{t("settings.password.heading")}</h2>
      {inBrowser ? (
        <noscript>
          <p className="mt-1 text-sm text-slate-600">{t("settings.password.needsJavaScript")}</p>
        </noscript>
      ) : null}
      <Form method="post" className="mt-4" noValidate onSubmit={onSubmit}>
        <fieldset className="grid grid-cols-1 gap-4 sm:max-w-md" disabled={inBrowser && !hydrated}>
          <input type="hidden" name="intent" value="password" />
          <Field
            label={t("settings.password.current")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={fieldErrors?.currentPassword}
          />
          <NewPasswordFields
            name="newPassword"
            errors={{ password: fieldErrors?.newPassword, confirm: fieldErrors?.confirm }}
          />
          <div>
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("settings.password.save")}
            </button>
          </div>
        </fieldset>
      </Form>
    </section>
  );
}
