import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UtcTime } from "~/components/admin/utc-time";
import { AUDIT_ACTIONS, isAuditAction, type AuditAction } from "~/features/admin/audit";
import { namesOf } from "~/features/members/members.server";
import { adminContext, refuseWrites as action } from "~/features/admin/guard.server";
import { readAuditQuery } from "./admin.audit.server";
import { IsolatedName } from "~/components/members/isolated-name";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store, language } = await adminContext(request);
  const { filter, page, search } = await readAuditQuery(store, new URL(request.url), 50);
  const names = await namesOf(
    store,
    [...new Set(page.entries.flatMap((e) => [e.actorUid, e.subjectUid ?? ""]).filter(Boolean))],
    language,
  );
  return {
    filter,
    search,
    nextBefore: page.nextBefore,
    entries: page.entries.map((e) => ({
      ...e,
      // namesOf names every uid it is asked for: a gone member by the admin's word for one.
      actorName: names.get(e.actorUid)!,
      subjectName: e.subjectUid ? names.get(e.subjectUid)! : null,
    })),
  };
}

/** The log's entries are stored as an action's kind (never as words), so they read in any language. */
const ACTION_KEYS: Record<AuditAction, string> = {
  "member.suspend": "audit.actions.suspend",
  "member.reinstate": "audit.actions.reinstate",
  "member.adjust_sp": "audit.actions.adjustSp",
  "member.grant_admin": "audit.actions.grantAdmin",
  "member.revoke_admin": "audit.actions.revokeAdmin",
  "dispute.resolve": "audit.actions.resolveDispute",
  "payment.refund": "audit.actions.refund",
  "report.hide": "audit.actions.hide",
  "report.dismiss": "audit.actions.dismiss",
  "report.restore": "audit.actions.restore",
  "data.export": "audit.actions.export",
};

export default function AdminAudit() {
  const { filter, search, entries, nextBefore } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  // A kind a later version wrote shows as stored.
  const actionText = (action: string) => (isAuditAction(action) ? t(ACTION_KEYS[action]) : action);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t("audit.title")}</h1>
        <a href={`/admin/audit.csv${search ? `?${search}` : ""}`} className="btn-secondary" download>
          {t("audit.export")}
        </a>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-action" className="label">
            {t("audit.action")}
          </label>
          <select id="audit-action" name="action" defaultValue={filter.action ?? ""} className="input">
            <option value="">{t("audit.allActions")}</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {t(ACTION_KEYS[a])}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-subject" className="label">
            {t("audit.memberId")}
          </label>
          <input id="audit-subject" name="subject" defaultValue={filter.subjectUid ?? ""} className="input" />
        </div>
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
          {t("audit.filter")}
        </button>
      </Form>
      {entries.length === 0 ? <p className="text-sm text-slate-600">{t("audit.none")}</p> : null}
      <ol className="space-y-2" aria-label={t("audit.list")}>
        {entries.map((e) => (
          <li key={e.id} className="card text-sm">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">{actionText(e.action)}</span>
              <span className="text-slate-500">
                <UtcTime ms={e.at} seconds />
              </span>
            </p>
            <p className="mt-1 break-words">
              <IsolatedName name={e.actorName} /> →{" "}
              {e.subjectName ? <IsolatedName name={e.subjectName} /> : <bdi translate="no">{e.target}</bdi>}:{" "}
              {e.reason ? (
                <span translate="no" dir="auto">
                  {e.reason}
                </span>
              ) : (
                t("audit.noReason")
              )}
            </p>
            {e.before === null && e.after === null ? null : (
              <p className="mt-1 break-all font-mono text-xs text-slate-500" translate="no" dir="ltr">
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
          {t("audit.older")}
        </Link>
      ) : null}
    </div>
  );
}

export { action };
