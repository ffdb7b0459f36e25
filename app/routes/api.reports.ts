import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/features/auth/auth.server";
import { submitReport } from "~/features/reports/submit.server";

/** "Report" on a forum post, a board post or a chat message (the ReportButton's fetcher posts here; without script, /report). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { status, answer } = await submitReport(request, context, user);
  return Response.json(answer, { status });
}

export function loader() {
  return redirect("/community");
}
