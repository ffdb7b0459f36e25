import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PageHeader } from "~/components/page-header";
import { ReportPageForm, type ReportTarget } from "~/components/reports/report-button";
import { requireUser } from "~/features/auth/auth.server";
import { reportSchema } from "~/features/reports/schema";
import { submitReport } from "~/features/reports/submit.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { fieldErrorsOf, zodErrorMap } from "~/i18n/validation";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

const targetSchema = reportSchema.pick({ targetKind: true, targetId: true, contextId: true });

/** Where the reported post or message is read. */
function backHref({ targetKind, contextId }: ReportTarget): string {
  if (targetKind === "message") return `/inbox/${contextId}`;
  if (targetKind === "board_post") return `/board/${contextId}`;
  return `/community/${contextId}`;
}

/**
 * The report page: where "Report" under a post or a message leads when the page runs no script
 * (with script, the form opens in place). `?targetKind=&targetId=&contextId=` name what is reported;
 * the form posts here and the answer is this page again, with the thanks or the refusal.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = fixedT(await languageOf(request, user.profile.language));
  const parsed = targetSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams), {
    errorMap: zodErrorMap(t, z.defaultErrorMap),
  });
  if (!parsed.success) throw new Response(Object.values(fieldErrorsOf(parsed.error, t))[0], { status: 400 });
  return { title: t("report.button"), target: parsed.data };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { status, answer } = await submitReport(request, context, user);
  return data(answer, { status });
}

export default function ReportPage() {
  const { t } = useTranslation();
  const { target } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const what = target.targetKind === "message" ? "message" : "post";
  return (
    <>
      <PageHeader title={t("report.button")} />
      <div className="card max-w-md p-4">
        {answer?.ok ? (
          <p role="status" className="text-sm text-slate-700">
            {answer.message}
          </p>
        ) : (
          <ReportPageForm target={target} error={answer && !answer.ok ? answer.error : null} />
        )}
        <p className="mt-4 text-sm">
          <Link to={backHref(target)} className="text-indigo-700 hover:underline">
            {t("report.back", { what })}
          </Link>
        </p>
      </div>
    </>
  );
}
