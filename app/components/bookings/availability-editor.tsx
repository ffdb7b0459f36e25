import { Form } from "@remix-run/react";
import { AvailabilityForm, type AvailabilityProps } from "./availability-form";
import { Outcome } from "./calendar-outcome";

/** Weekly hours in the member's own timezone, exceptions for single dates, and a rate per offered skill. */
export function AvailabilityEditor({ availability, result, busy }: AvailabilityProps) {
  return (
    <div className="mb-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section className="card" aria-labelledby="availability-title">
        <h2 id="availability-title" className="text-lg font-semibold">
          Availability
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          When learners can book you, as ranges like 09:00-12:00, 14:00-18:00. Leave a day empty when you're not
          available.
        </p>
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
          Rates
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          SP per hour for each skill you offer; 0 makes it a free swap. Skills without a rate can't be booked.
        </p>
        {availability.skills.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">
            Add the skills you teach on{" "}
            <a href="/profile" className="font-medium text-brand-600 hover:underline">
              your profile
            </a>{" "}
            first.
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="rates" />
            {availability.skills.map((s) => (
              <div key={s.tag} className="grid grid-cols-[minmax(0,1fr)_8rem] items-center gap-2">
                <label htmlFor={`rate-${s.tag}`} className="text-sm font-medium text-slate-700">
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
                  placeholder="SP / hour"
                  className="input"
                />
              </div>
            ))}
            <Outcome result={result} intent="rates" />
            <button type="submit" className="btn-primary" disabled={busy}>
              Save rates
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
