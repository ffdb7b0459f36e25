import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { REPORT_REASONS, REPORT_TEXT_MAX, type ReportTargetKind } from "~/features/reports/types";

type ReportAnswer = { ok: true; message: string; hidden: boolean } | { ok: false; error: string };

/**
 * "Report" beside a forum post or a chat message: a reason from the short list and an optional
 * explanation, sent to the moderation queue. Opens in place (a disclosure), so it works on a
 * phone without a modal and needs no script to be reached.
 */
export function ReportButton({
  targetKind,
  targetId,
  contextId,
  className = "",
}: {
  targetKind: ReportTargetKind;
  targetId: string;
  contextId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ReportAnswer>();
  const id = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const what = targetKind === "message" ? "message" : "post";
  return (
    <details className={`group text-xs ${className}`} data-testid="report">
      <summary className="cursor-pointer list-none text-slate-500 hover:text-red-700 hover:underline">
        {t("report.button")}
      </summary>
      {answer?.ok ? (
        <p role="status" className="mt-2 rounded border border-slate-200 bg-white p-2 text-slate-700">
          {answer.message}
        </p>
      ) : (
        <fetcher.Form
          method="post"
          action="/api/reports"
          className="mt-2 w-64 max-w-full space-y-2 rounded border border-slate-200 bg-white p-3 text-start text-slate-900 shadow-sm"
        >
          <input type="hidden" name="targetKind" value={targetKind} />
          <input type="hidden" name="targetId" value={targetId} />
          <input type="hidden" name="contextId" value={contextId} />
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
          {answer && !answer.ok ? (
            <p role="alert" className="text-red-700">
              {answer.error}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded bg-red-700 px-2 py-1 font-medium text-white disabled:opacity-60"
          >
            {fetcher.state !== "idle" ? t("report.sending") : t("report.send")}
          </button>
        </fetcher.Form>
      )}
    </details>
  );
}
