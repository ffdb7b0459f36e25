import type { DocStore } from "~/engine/store/types";
import { isAuditAction, listAudit, type AuditFilter } from "~/features/admin/audit.server";

/** The audit log's filters from the query string, shared by the page and its CSV export. */
export async function readAuditQuery(store: DocStore, url: URL, limit: number) {
  const params = url.searchParams;
  const action = params.get("action");
  const subject = (params.get("subject") ?? "").trim();
  const filter: AuditFilter = {
    ...(isAuditAction(action) && { action }),
    ...(/^[A-Za-z0-9_-]{1,128}$/.test(subject) && { subjectUid: subject }),
  };
  const before = Number(params.get("before")) || undefined;
  const page = await listAudit(store, filter, { limit, before });
  const search = new URLSearchParams({
    ...(filter.action && { action: filter.action }),
    ...(filter.subjectUid && { subject: filter.subjectUid }),
  }).toString();
  return { filter, page, search };
}
