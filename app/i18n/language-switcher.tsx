import { Form, useLocation } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "./config";

/**
 * The language choice (decision 049): a list of the languages, each named in itself, and a button.
 * Posts to /api/language and reloads the page, so everything, <html lang dir> included, is drawn
 * again by the server in the new language. Works without JavaScript.
 */
export function LanguageForm({ redirectTo, className = "" }: { redirectTo?: string; className?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const id = useId();
  const current = LANGUAGES.some((l) => l.code === i18n.language) ? i18n.language : undefined;
  return (
    <Form method="post" action="/api/language" reloadDocument className={`flex items-end gap-2 ${className}`}>
      <input type="hidden" name="redirectTo" value={redirectTo ?? pathname + search} />
      <div>
        <label htmlFor={id} className="label">
          {t("language.label")}
        </label>
        <select id={id} name="language" defaultValue={current ?? i18n.language} className="input" translate="no">
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
          {current ? null : <option value={i18n.language}>{i18n.language}</option>}
        </select>
      </div>
      <button type="submit" className="btn-secondary shrink-0 whitespace-nowrap">
        {t("language.change")}
      </button>
    </Form>
  );
}

/** The switcher before sign-in: on /auth, /signup, /reset-password and the landing page. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  return <LanguageForm className={`text-sm ${className}`} />;
}

/** The section of /settings: the member's language, stored on the profile for every device. */
export function LanguageSettings() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="language-settings-title">
      <h2 id="language-settings-title" className="text-base font-semibold">
        {t("language.settingsTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("language.settingsHint")}</p>
      <LanguageForm redirectTo="/settings" className="mt-4" />
    </section>
  );
}
