import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportResponse } from "~/features/admin/exports.server";
import { refuseWrites as action } from "~/features/admin/guard.server";

/** GET /admin/ledger.csv: every ledger entry as a spreadsheet reads it, streamed and written to the audit log. */
export const loader = ({ request }: LoaderFunctionArgs) => exportResponse(request, "ledger");

export { action };
