import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getStore } from "~/engine/index.server";
import { fileReport, ReportError, reportErrorText } from "~/features/reports/reports.server";
import { reportSchema } from "~/features/reports/schema";
import { requireUser } from "~/features/auth/auth.server";
import { clientKeyOf } from "~/utils/client-key.server";
import { fieldErrorsOf, readForm } from "~/utils/forms.server";
import { z } from "zod";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { zodErrorMap } from "~/i18n/validation";
import { intlLocale } from "~/utils/format";

/** "Report" on a forum post or a chat message (the ReportButton's fetcher posts here). */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const t = fixedT(language);
  const parsed = reportSchema.safeParse(Object.fromEntries(await readForm(request)), {
    errorMap: zodErrorMap(t, z.defaultErrorMap),
  });
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error, t);
    return Response.json({ ok: false, error: Object.values(errors)[0] }, { status: 400 });
  }
  try {
    // Who reports, and from which network, decides whether the report counts toward hiding (decision 028).
    const source = { emailVerified: user.emailVerified, clientKey: clientKeyOf(request, context) };
    const result = await fileReport(await getStore(), user.uid, parsed.data, Date.now(), source);
    const message = t(result.created ? "report.thanks" : "report.already");
    return Response.json({ ok: true, message, hidden: result.hidTarget });
  } catch (error) {
    if (error instanceof ReportError)
      return Response.json(
        { ok: false, error: reportErrorText(error, t, intlLocale(language)) },
        { status: error.status },
      );
    throw error;
  }
}

export function loader() {
  return redirect("/community");
}
