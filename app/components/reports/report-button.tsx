import { Form, useFetcher } from "@remix-run/react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportAnswer, type ReportTargetKind } from "~/features/reports/types";

export interface ReportTarget {
  targetKind: ReportTargetKind;
  targetId: string;
  contextId: string;
}

/** The report page of a post or a message: where "Report" leads a reader whose page runs no script. */
export function reportHref({ targetKind, targetId, contextId }: ReportTarget): string {
  return `/report?${new URLSearchParams({ targetKind, targetId, contextId })}`;
}

/**
 * "Report" beside a forum post, a board post or a chat message: a reason from the short list and
 * an optional explanation, sent to the moderation queue. A link to the report page (/report), so
 * it works without script; once the page's scripts run, it opens the form in place instead, so it
 * works on a phone without a modal. The form is rendered only once opened: a thread of fifty
 * messages would otherwise render fifty closed forms.
 */
export function ReportButton({ className = "", ...target }: ReportTarget & { className?: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`text-xs ${className}`} data-testid="report">
      <a
        href={reportHref(target)}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={hydrated && open ? `${id}-form` : undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpen((was) => !was);
        }}
        className="cursor-pointer text-slate-500 hover:text-red-700 hover:underline"
      >
        {t("report.button")}
      </a>
      {open ? <InPlaceReport id={`${id}-form`} target={target} /> : null}
    </div>
  );
}

function InPlaceReport({ id, target }: { id: string; target: ReportTarget }) {
  const fetcher = useFetcher<ReportAnswer>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (answer?.ok)
    return (
      <p id={id} role="status" className="mt-2 rounded border border-slate-200 bg-white p-2 text-slate-700">
        {answer.message}
      </p>
    );
  return (
    <fetcher.Form
      id={id}
      method="post"
      action="/api/reports"
      className="mt-2 w-64 max-w-full space-y-2 rounded border border-slate-200 bg-white p-3 text-start text-slate-900 shadow-sm"
    >
      <ReportFields
        target={target}
        error={answer && !answer.ok ? answer.error : null}
        sending={fetcher.state !== "idle"}
      />
    </fetcher.Form>
  );
}

/** The report page's form (/report): a plain post, for readers without script. */
export function ReportPageForm({ target, error }: { target: ReportTarget; error: string | null }) {
  return (
    <Form method="post" className="space-y-3 text-sm">
      <ReportFields target={target} error={error} sending={false} />
    </Form>
  );
}

function ReportFields({ target, error, sending }: { target: ReportTarget; error: string | null; sending: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const what = target.targetKind === "message" ? "message" : "post";
  return (
    <>
      <input type="hidden" name="targetKind" value={target.targetKind} />
      <input type="hidden" name="targetId" value={target.targetId} />
      <input type="hidden" name="contextId" value={target.contextId} />
      <fieldset>
        <legend className="font-semibold">{t("report.why", { what })}</legend>
        {REPORT_REASONS.map((reason, i) => (
          <label key={reason} className="mt-1 flex items-center gap-2">
            <input type="radio" name="reason" value={reason} defaultChecked={i === 0} required />
            {t(`report.reasons.${reason}`)}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-text`} className="block font-medium">
        {t("report.text")}
      </label>
      <textarea
        id={`${id}-text`}
        name="text"
        maxLength={REPORT_TEXT_MAX}
        rows={2}
        className="w-full rounded border border-slate-300 p-1"
      />
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="rounded bg-red-700 px-2 py-1 font-medium text-white disabled:opacity-60"
      >
        {sending ? t("report.sending") : t("report.send")}
      </button>
    </>
  );
}
