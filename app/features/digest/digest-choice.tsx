/**
 * The digest's section of /settings (decision 047): how often the member gets it. Posts to its own
 * resource route (routes/settings.digest.ts) so the settings page keeps only a line for it.
 */
import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DIGEST_FREQUENCIES, type DigestFrequency } from "~/documents/digest";
import { FormError, FormNotice } from "~/components/form";

/** The choice's words per frequency (namespace "digest": the settings route names it). */
const FREQUENCY_KEY = {
  weekly: "choice.frequency.weekly",
  daily: "choice.frequency.daily",
  off: "choice.frequency.off",
} as const satisfies Record<DigestFrequency, string>;

type Answer = { ok: true; message: string } | { ok: false; formError?: string; fieldErrors?: Record<string, string> };

export function DigestChoice({ frequency }: { frequency: DigestFrequency }) {
  const { t } = useTranslation("digest");
  const fetcher = useFetcher<Answer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section id="digest" aria-labelledby="digest-heading" className="card">
      <h2 id="digest-heading" className="text-base font-semibold">
        {t("choice.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("choice.intro")}</p>
      <fetcher.Form method="post" action="/settings/digest" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <label htmlFor="settings-digest" className="label">
            {t("choice.howOften")}
          </label>
          <select id="settings-digest" name="frequency" defaultValue={frequency} className="input">
            {DIGEST_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(FREQUENCY_KEY[f])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap" disabled={fetcher.state !== "idle"}>
          {t("choice.save")}
        </button>
      </fetcher.Form>
      <div className="mt-3">
        {answer?.ok ? <FormNotice>{answer.message}</FormNotice> : null}
        {answer && !answer.ok ? (
          <FormError message={answer.fieldErrors?.frequency ?? answer.formError ?? t("choice.notSaved")} />
        ) : null}
      </div>
    </section>
  );
}
