import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportResponse } from "~/features/admin/exports.server";
import { refuseWrites as action } from "~/features/admin/guard.server";

/** GET /admin/payments.csv: every pack purchase as a spreadsheet reads it, streamed and written to the audit log. */
export const loader = ({ request }: LoaderFunctionArgs) => exportResponse(request, "payments");

export { action };
