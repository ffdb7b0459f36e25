import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminActionResult } from "~/components/admin/action-result";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getPayments } from "~/engine/payments/index.server";
import type { RefundRefusalReason } from "~/engine/payments/types";
import { AdminActionError } from "~/features/admin/members.server";
import { listPayments, refundPayment, type PaymentRow } from "~/features/admin/payments.server";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { UtcTime } from "~/components/admin/utc-time";
import { formatPrice, formatSp } from "~/utils/format";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { adminContext, adminErrorText } from "~/features/admin/guard.server";
import { formFailure, parseForm } from "~/utils/forms.server";
import { nameInPlainText } from "~/features/members/member";
import { nameTranslate } from "~/components/members/isolated-name";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store, language } = await adminContext(request);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const page = await listPayments(store, {
    before: Number.isSafeInteger(before) && before > 0 ? before : undefined,
    language,
  });
  return { ...page, refundsPossible: getPayments() !== null };
}

/** The form's rules, their messages in the admin's language (decision 064). */
function refundSchema(t: TFunction) {
  return z.object({
    paymentId: z.string().regex(/^[A-Za-z0-9_]{1,255}$/, t("payments.errors.unknown")),
    reason: z.string().trim().min(3, t("payments.errors.reasonShort")).max(500, t("errors.reasonLong")),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, store, language, t } = await adminContext(request);
  const parsed = await parseForm(request, refundSchema(t), { language });
  if (!parsed.ok) return parsed.failure;
  const { paymentId, reason } = parsed.value;
  try {
    const outcome = await refundPayment({ store, payments: getPayments() }, admin.uid, paymentId, reason);
    const message =
      outcome.status === "refunded" ? t("payments.refunded", { sp: outcome.sp }) : t("payments.refundAsked");
    return { ok: true as const, paymentId, message };
  } catch (error) {
    if (error instanceof AdminActionError) return formFailure(parsed.form, adminErrorText(error, t), error.status);
    throw error;
  }
}

const PROVIDER_REFUSALS = [
  "no_payment_intent",
  "refused",
  "not_test_checkout",
  "unknown_checkout",
  "never_paid",
] as const satisfies readonly RefundRefusalReason[];

function StatusText({ p, locale, t }: { p: PaymentRow; locale: string; t: TFunction }) {
  if (p.status === "refunded") {
    return p.refund?.shortfallSp
      ? t("payments.status.refundedShort", { sp: formatSp(p.refund.shortfallSp, locale) })
      : t("payments.status.refunded");
  }
  switch (p.refund?.status) {
    case "requested":
      return t("payments.status.requested");
    case "partial":
      return t("payments.status.partial", {
        amount: formatPrice(p.refund.amountRefundedCents ?? 0, p.currency, locale),
      });
    case "failed": {
      const { errorCode, errorDetail = "", error } = p.refund;
      // The refusal by its code, the provider's own words inside it as it gave them; one stored
      // before codes (or with a code from a later version) shows its stored line.
      if (errorCode && (PROVIDER_REFUSALS as readonly string[]).includes(errorCode))
        return (
          <>
            {t("payments.status.failed")}{" "}
            {interleave(
              (mark) => t(`payments.refusals.provider.${errorCode}`, { id: p.id, detail: mark }),
              <bdi translate="no">{errorDetail}</bdi>,
            )}
          </>
        );
      return error ? (
        <>
          {t("payments.status.failed")}{" "}
          <span lang="en" translate="no">
            {error}
          </span>
        </>
      ) : (
        t("payments.status.failedNoReason")
      );
    }
    default:
      return t("payments.status.paid");
  }
}

export default function AdminPayments() {
  const { payments, nextBefore, refundsPossible } = useLoaderData<typeof loader>();
  const locale = useFormatLocale();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("payments.title")}</h1>
      <p className="text-sm text-slate-600">{t("payments.intro")}</p>
      <AdminActionResult result={result} />
      {payments.length === 0 ? <p className="text-sm text-slate-600">{t("payments.none")}</p> : null}
      <ul className="space-y-3">
        {payments.map((p) => (
          <li
            key={p.id}
            className="card space-y-2"
            aria-label={t("payments.label", { name: nameInPlainText(p.memberName), sp: formatSp(p.sp, locale) })}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="min-w-0 break-words font-medium">
                <Link
                  to={`/admin/members/${p.uid}`}
                  className="text-brand-700 underline hover:text-brand-800"
                  translate={nameTranslate(p.memberName)}
                >
                  <bdi>{p.memberName.text}</bdi>
                </Link>{" "}
                · {formatSp(p.sp, locale)} · {formatPrice(p.amount, p.currency, locale)}
              </p>
              <p className="text-sm text-slate-600">
                <UtcTime ms={p.fulfilledAt} /> · <span translate="no">{p.provider}</span>
              </p>
            </div>
            <p className="text-sm" data-testid="payment-status">
              <StatusText p={p} locale={locale} t={t} />
            </p>
            {refundsPossible && p.status === "paid" && p.refund?.status !== "partial" ? (
              <details className="text-sm">
                <summary className="cursor-pointer font-medium text-brand-700">{t("payments.refund")}</summary>
                <Form method="post" className="mt-2 space-y-2">
                  <input type="hidden" name="paymentId" value={p.id} />
                  <label htmlFor={`reason-${p.id}`} className="label">
                    {t("payments.reason")}
                  </label>
                  <textarea
                    id={`reason-${p.id}`}
                    name="reason"
                    required
                    minLength={3}
                    maxLength={500}
                    rows={2}
                    className="input"
                  />
                  <button type="submit" className="btn-danger" disabled={busy}>
                    {t("payments.refundButton", {
                      amount: formatPrice(p.amount, p.currency, locale),
                      sp: formatSp(p.sp, locale),
                    })}
                  </button>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {nextBefore ? (
        <Link to={`?before=${nextBefore}`} className="btn-secondary">
          {t("payments.older")}
        </Link>
      ) : null}
    </div>
  );
}
