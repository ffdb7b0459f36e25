/**
 * The digest's section of /settings (decision 047): how often the member gets it. Posts to its own
 * resource route (routes/settings.digest.ts) so the settings page keeps only a line for it.
 */
import { useFetcher } from "@remix-run/react";
import { DIGEST_FREQUENCIES, type DigestFrequency } from "~/documents/digest";
import { FormError, FormNotice } from "~/components/form";

const FREQUENCY_TEXT: Record<DigestFrequency, string> = {
  weekly: "Weekly, on Monday",
  daily: "Daily",
  off: "Off",
};

type Answer = { ok: true; message: string } | { ok: false; formError?: string; fieldErrors?: Record<string, string> };

export function DigestChoice({ frequency }: { frequency: DigestFrequency }) {
  const fetcher = useFetcher<Answer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section id="digest" aria-labelledby="digest-heading" className="card">
      <h2 id="digest-heading" className="text-base font-semibold">
        Digest e-mail
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        One e-mail with your unread messages, new matches and board posts for your skills, upcoming sessions, replies in
        threads you follow and SP you received. Nothing is sent when there is nothing new.
      </p>
      <fetcher.Form method="post" action="/settings/digest" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <label htmlFor="settings-digest" className="label">
            How often
          </label>
          <select id="settings-digest" name="frequency" defaultValue={frequency} className="input">
            {DIGEST_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_TEXT[f]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap" disabled={fetcher.state !== "idle"}>
          Save digest choice
        </button>
      </fetcher.Form>
      <div className="mt-3">
        {answer?.ok ? <FormNotice>{answer.message}</FormNotice> : null}
        {answer && !answer.ok ? (
          <FormError message={answer.fieldErrors?.frequency ?? answer.formError ?? "Your choice was not saved."} />
        ) : null}
      </div>
    </section>
  );
}
