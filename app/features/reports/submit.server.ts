/**
 * A member's report as a form sends it, answered in their language: the ReportButton's fetcher
 * (POST /api/reports, JSON) and the report page readers without JavaScript use (POST /report) share it.
 */
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/engine/index.server";
import type { CurrentUser } from "~/features/auth/auth.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { fieldErrorsOf, zodErrorMap } from "~/i18n/validation";
import { clientKeyOf } from "~/utils/client-key.server";
import { intlLocale } from "~/utils/format";
import { readForm } from "~/utils/forms.server";
import { fileReport, ReportError, reportErrorText } from "./reports.server";
import { reportSchema } from "./schema";
import type { ReportAnswer } from "./types";

export async function submitReport(
  request: Request,
  context: AppLoadContext,
  user: CurrentUser,
): Promise<{ status: number; answer: ReportAnswer }> {
  const language = await languageOf(request, user.profile.language);
  const t = fixedT(language);
  const parsed = reportSchema.safeParse(Object.fromEntries(await readForm(request)), {
    errorMap: zodErrorMap(t, z.defaultErrorMap),
  });
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error, t);
    return { status: 400, answer: { ok: false, error: Object.values(errors)[0] } };
  }
  try {
    // Who reports, and from which network, decides whether the report counts toward hiding (decision 028).
    const source = { emailVerified: user.emailVerified, clientKey: clientKeyOf(request, context) };
    const result = await fileReport(await getStore(), user.uid, parsed.data, Date.now(), source);
    const message = t(result.created ? "report.thanks" : "report.already");
    return { status: 200, answer: { ok: true, message, hidden: result.hidTarget } };
  } catch (error) {
    if (error instanceof ReportError)
      return {
        status: error.status,
        answer: { ok: false, error: reportErrorText(error, t, intlLocale(language)) },
      };
    throw error;
  }
}
