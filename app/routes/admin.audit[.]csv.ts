import type { LoaderFunctionArgs } from "@remix-run/node";
import { toCsv } from "~/utils/csv";
import { adminContext, refuseWrites as action } from "~/features/admin/guard.server";
import { readAuditQuery } from "./admin.audit.server";

/** Every matching entry, oldest first, as a spreadsheet reads it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  const { page } = await readAuditQuery(store, new URL(request.url), 100_000);
  const rows = [...page.entries]
    .reverse()
    .map((e) => [
      new Date(e.at).toISOString(),
      e.action,
      e.actorUid,
      e.subjectUid ?? "",
      e.target,
      e.reason,
      e.before,
      e.after,
      e.id,
    ]);
  const csv = toCsv(["at", "action", "actor", "member", "target", "reason", "before", "after", "id"], rows);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="skillswap-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export { action };
