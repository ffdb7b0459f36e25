import { Form } from "@remix-run/react";
import { AvailabilityForm, type AvailabilityProps } from "./availability-form";
import { Outcome } from "./calendar-outcome";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";

/** Weekly hours in the member's own timezone, exceptions for single dates, and a rate per offered skill. */
export function AvailabilityEditor({ availability, result, busy }: AvailabilityProps) {
  const { t } = useTranslation("bookings");
  return (
    <div className="mb-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section className="card" aria-labelledby="availability-title">
        <h2 id="availability-title" className="text-lg font-semibold">
          {t("availability.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("availability.about")}</p>
        {/* Saved hours come back from the loader: start the form again from them. */}
        <AvailabilityForm
          key={JSON.stringify([availability.timeZone, availability.days, availability.exceptions])}
          availability={availability}
          result={result}
          busy={busy}
        />
      </section>

      <section className="card" aria-labelledby="rates-title">
        <h2 id="rates-title" className="text-lg font-semibold">
          {t("rates.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("rates.about")}</p>
        {availability.skills.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">
            {interleave(
              (link) => t("rates.noSkills", { link }),
              <a href="/profile" className="font-medium text-brand-600 hover:underline">
                {t("rates.profileLink")}
              </a>,
            )}
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="rates" />
            {availability.skills.map((s) => (
              <div key={s.tag} className="grid grid-cols-[minmax(0,1fr)_8rem] items-center gap-2">
                <label htmlFor={`rate-${s.tag}`} className="text-sm font-medium text-slate-700" translate="no">
                  {s.label}
                </label>
                <input
                  id={`rate-${s.tag}`}
                  name={`rate:${s.tag}`}
                  type="number"
                  min={0}
                  step={1}
                  inputMode="numeric"
                  defaultValue={s.rate ?? ""}
                  placeholder={t("rates.placeholder")}
                  className="input"
                />
              </div>
            ))}
            <Outcome result={result} intent="rates" />
            <button type="submit" className="btn-primary" disabled={busy}>
              {t("rates.save")}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
