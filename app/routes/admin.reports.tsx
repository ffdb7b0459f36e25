import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminActionResult } from "~/components/admin/action-result";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getAuth } from "~/engine/index.server";
import { AdminActionError, suspendMember } from "~/features/admin/members.server";
import {
  moderate,
  moderationQueue,
  type QueueStatus,
  type ReportedItem,
  type ReporterLine,
} from "~/features/admin/reports.server";
import { ReportError } from "~/features/reports/reports.server";
import { accountAgeText } from "~/features/reports/types";
import { adminContext } from "~/features/admin/guard.server";
import { formFailure, parseForm } from "~/utils/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  const show: QueueStatus = new URL(request.url).searchParams.get("show") === "hidden" ? "hidden" : "open";
  return { show, items: await moderationQueue(store, show) };
}

const reportId = z.string().regex(/^[A-Za-z0-9_-]{1,600}$/, "This report is not known.");
const note = z.string().trim().max(500, "Keep the note under 500 characters.");

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["hide", "dismiss", "restore"]), reportId, note }),
  z.object({
    intent: z.literal("suspend"),
    authorUid: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, "This member is not known."),
    reason: z
      .string()
      .trim()
      .min(3, "Say why in at least 3 characters: the member is shown it.")
      .max(500, "Keep the reason under 500 characters."),
  }),
]);

const DONE = {
  hide: "Hidden from members. The reports are closed.",
  dismiss: "Reports dismissed: it stays visible.",
  restore: "Shown to members again.",
};

export async function action({ request }: ActionFunctionArgs) {
  const { admin, store } = await adminContext(request);
  const parsed = await parseForm(request, ActionSchema);
  if (!parsed.ok) return parsed.failure;
  const value = parsed.value;
  try {
    if (value.intent === "suspend") {
      const { applied } = await suspendMember(
        { store, auth: await getAuth() },
        admin.uid,
        value.authorUid,
        value.reason,
      );
      return {
        ok: true as const,
        message: applied ? "The author is suspended and signed out everywhere." : "The author was already suspended.",
      };
    }
    await moderate(store, admin.uid, value.reportId, value.intent, value.note || "No note.");
    return { ok: true as const, message: DONE[value.intent] };
  } catch (error) {
    if (error instanceof ReportError || error instanceof AdminActionError)
      return formFailure(parsed.form, error.message, error.status === 404 ? 404 : 409);
    throw error;
  }
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** One report: who filed it, how old their account was, and whether it counts toward hiding (decision 028). */
function Reporter({ report: r }: { report: ReporterLine }) {
  const facts = [
    r.accountAgeMs === null ? "account age unknown" : `account ${accountAgeText(r.accountAgeMs)} old when reporting`,
    r.verified ? "email verified" : "email not verified",
    r.sameNetwork === null
      ? "network unknown"
      : r.sameNetwork === 0
        ? null
        : `same network as ${r.sameNetwork} other ${r.sameNetwork === 1 ? "reporter" : "reporters"}`,
    r.counts ? "counts toward hiding" : "does not count toward hiding",
  ].filter(Boolean);
  return (
    <li className="break-words" data-testid="reporter">
      <Link
        to={`/admin/members/${r.reporterUid}`}
        className="font-medium text-brand-700 underline hover:text-brand-800"
      >
        {r.reporterName}
      </Link>{" "}
      · {r.reason}
      {r.text ? <>: {r.text}</> : null}
      <span className="block text-xs text-slate-600">{facts.join(" · ")}</span>
    </li>
  );
}

function Item({ item, show, busy }: { item: ReportedItem; show: QueueStatus; busy: boolean }) {
  const what =
    item.targetKind === "post"
      ? `Forum post${item.threadTitle ? ` in “${item.threadTitle}”` : ""}`
      : item.targetKind === "board_post"
        ? `Board post${item.threadTitle ? ` “${item.threadTitle}”` : ""}`
        : "Chat message";
  return (
    <article className="card space-y-4" aria-label={`${what} by ${item.authorName}`}>
      <header className="space-y-1">
        <h2 className="break-words text-lg font-semibold">
          {what} by{" "}
          <Link to={`/admin/members/${item.authorUid}`} className="text-brand-700 underline hover:text-brand-800">
            {item.authorName}
          </Link>
          {item.authorSuspended ? (
            <span className="ms-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-800">Suspended</span>
          ) : null}
        </h2>
        <p className="text-sm text-slate-600">
          {item.reports.length} {item.reports.length === 1 ? "report" : "reports"} · first {utc(item.firstReportedAt)}
          {item.hidden ? " · hidden from members now" : ""}
          {item.link ? (
            <>
              {" · "}
              <Link to={item.link} className="text-brand-700 underline hover:text-brand-800">
                {item.targetKind === "board_post" ? "Open the post" : "Open the thread"}
              </Link>
            </>
          ) : null}
        </p>
      </header>
      {item.context.length > 0 ? (
        <ol className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" aria-label="The conversation around it">
          {item.context.map((line, i) => (
            <li
              key={i}
              className={`break-words ${line.reported ? "rounded bg-amber-100 px-2 py-1 font-medium" : "text-slate-700"}`}
              data-reported={line.reported ? "true" : undefined}
            >
              <span className="font-semibold">{line.sender}:</span>{" "}
              <span className="whitespace-pre-wrap">{line.text}</span>
            </li>
          ))}
        </ol>
      ) : (
        <blockquote
          className="whitespace-pre-wrap break-words rounded-lg bg-amber-50 p-3 text-sm"
          data-testid="reported-content"
        >
          {item.text}
        </blockquote>
      )}
      <ul className="space-y-2 text-sm" aria-label="Who reported it">
        {item.reports.map((r) => (
          <Reporter key={r.reporterUid} report={r} />
        ))}
      </ul>
      <Form method="post" className="flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
        <input type="hidden" name="reportId" value={item.reportId} />
        <div className="min-w-[12rem] flex-1">
          <label htmlFor={`note-${item.reportId}`} className="label">
            Note for the audit log (optional)
          </label>
          <input id={`note-${item.reportId}`} name="note" maxLength={500} className="input" />
        </div>
        {show === "open" ? (
          <>
            <button type="submit" name="intent" value="hide" className="btn-danger" disabled={busy}>
              Hide
            </button>
            <button type="submit" name="intent" value="dismiss" className="btn-secondary" disabled={busy}>
              {item.hidden ? "Dismiss and show again" : "Dismiss"}
            </button>
          </>
        ) : (
          <button type="submit" name="intent" value="restore" className="btn-secondary" disabled={busy}>
            Show again
          </button>
        )}
      </Form>
      {item.authorSuspended ? null : (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-red-700">Suspend {item.authorName}…</summary>
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="suspend" />
            <input type="hidden" name="authorUid" value={item.authorUid} />
            <label htmlFor={`suspend-${item.reportId}`} className="label">
              Reason (the member is shown it)
            </label>
            <textarea
              id={`suspend-${item.reportId}`}
              name="reason"
              required
              minLength={3}
              maxLength={500}
              rows={2}
              className="input"
            />
            <button type="submit" className="btn-danger" disabled={busy}>
              Suspend the author
            </button>
          </Form>
        </details>
      )}
    </article>
  );
}

export default function AdminReports() {
  const { show, items } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Reports</h1>
      <nav aria-label="Report queues" className="flex gap-2 text-sm">
        <Link
          to="/admin/reports"
          className={show === "open" ? "btn-primary" : "btn-secondary"}
          aria-current={show === "open" ? "page" : undefined}
        >
          Waiting for a decision
        </Link>
        <Link
          to="/admin/reports?show=hidden"
          className={show === "hidden" ? "btn-primary" : "btn-secondary"}
          aria-current={show === "hidden" ? "page" : undefined}
        >
          Hidden
        </Link>
      </nav>
      <AdminActionResult result={result} />
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">
          {show === "open" ? "No reports are waiting. Oldest first when there are." : "Nothing is hidden."}
        </p>
      ) : null}
      {items.map((item) => (
        <Item key={item.reportId} item={item} show={show} busy={busy} />
      ))}
    </div>
  );
}
