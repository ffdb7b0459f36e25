import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, auditActionLabel } from "~/features/admin/audit";
import { namesOf } from "~/features/members/members.server";
import { adminContext, refuseWrites as action } from "~/features/admin/guard.server";
import { readAuditQuery } from "./admin.audit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  const { filter, page, search } = await readAuditQuery(store, new URL(request.url), 50);
  const names = await namesOf(store, [
    ...new Set(page.entries.flatMap((e) => [e.actorUid, e.subjectUid ?? ""]).filter(Boolean)),
  ]);
  return {
    filter,
    search,
    nextBefore: page.nextBefore,
    entries: page.entries.map((e) => ({
      ...e,
      actorName: names.get(e.actorUid) ?? e.actorUid,
      subjectName: e.subjectUid ? (names.get(e.subjectUid) ?? e.subjectUid) : "",
    })),
  };
}

export default function AdminAudit() {
  const { filter, search, entries, nextBefore } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Audit log</h1>
        <a href={`/admin/audit.csv${search ? `?${search}` : ""}`} className="btn-secondary" download>
          Export CSV
        </a>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-action" className="label">
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filter.action ?? ""} className="input">
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTION_LABELS[a]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-subject" className="label">
            Member id
          </label>
          <input id="audit-subject" name="subject" defaultValue={filter.subjectUid ?? ""} className="input" />
        </div>
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
          Filter
        </button>
      </Form>
      {entries.length === 0 ? <p className="text-sm text-slate-600">No admin actions match.</p> : null}
      <ol className="space-y-2" aria-label="Admin actions, newest first">
        {entries.map((e) => (
          <li key={e.id} className="card text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">{auditActionLabel(e.action)}</span>
              <time className="text-slate-500" dateTime={new Date(e.at).toISOString()}>
                {new Date(e.at).toISOString().slice(0, 19).replace("T", " ")} UTC
              </time>
            </p>
            <p className="mt-1 break-words">
              {e.actorName} → {e.subjectName || e.target}: {e.reason || "no reason given"}
            </p>
            {e.before === null && e.after === null ? null : (
              <p className="mt-1 break-all font-mono text-xs text-slate-500">
                {JSON.stringify(e.before)} → {JSON.stringify(e.after)}
              </p>
            )}
          </li>
        ))}
      </ol>
      {nextBefore ? (
        <Link
          to={`?${new URLSearchParams({ ...(filter.action && { action: filter.action }), ...(filter.subjectUid && { subject: filter.subjectUid }), before: String(nextBefore) })}`}
          className="btn-secondary"
        >
          Older
        </Link>
      ) : null}
    </div>
  );
}

export { action };
