import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AdminActionResult } from "~/components/admin/action-result";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { getPayments } from "~/engine/payments/index.server";
import { AdminActionError } from "~/features/admin/members.server";
import { listPayments, refundPayment, type PaymentRow } from "~/features/admin/payments.server";
import { formatPrice } from "~/utils/format";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { adminContext } from "~/features/admin/guard.server";
import { formFailure, parseForm } from "~/utils/forms.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await adminContext(request);
  const before = Number(new URL(request.url).searchParams.get("before"));
  const page = await listPayments(store, { before: Number.isSafeInteger(before) && before > 0 ? before : undefined });
  return { ...page, refundsPossible: getPayments() !== null };
}

const RefundSchema = z.object({
  paymentId: z.string().regex(/^[A-Za-z0-9_]{1,255}$/, "This payment is not known."),
  reason: z
    .string()
    .trim()
    .min(3, "Say why in at least 3 characters: the audit log keeps it.")
    .max(500, "Keep the reason under 500 characters."),
});

export async function action({ request }: ActionFunctionArgs) {
  const { admin, store } = await adminContext(request);
  const parsed = await parseForm(request, RefundSchema);
  if (!parsed.ok) return parsed.failure;
  const { paymentId, reason } = parsed.value;
  try {
    const outcome = await refundPayment({ store, payments: getPayments() }, admin.uid, paymentId, reason);
    const message =
      outcome.status === "refunded"
        ? `Refunded: ${outcome.sp} SP left the member's wallet.`
        : "Refund asked of Stripe. The SP leave the member's wallet when Stripe confirms it.";
    return { ok: true as const, paymentId, message };
  } catch (error) {
    if (error instanceof AdminActionError) return formFailure(parsed.form, error.message, error.status);
    throw error;
  }
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

function statusText(p: PaymentRow, locale: string): string {
  if (p.status === "refunded") {
    const short = p.refund?.shortfallSp ? ` (${p.refund.shortfallSp} SP had been spent and stayed)` : "";
    return `Refunded${short}`;
  }
  switch (p.refund?.status) {
    case "requested":
      return "Refund asked, waiting for Stripe";
    case "partial":
      return `Partly refunded in Stripe (${formatPrice(p.refund.amountRefundedCents ?? 0, p.currency, locale)}); SP kept`;
    case "failed":
      return `Paid; the last refund failed: ${p.refund.error ?? "no reason given"}`;
    default:
      return "Paid";
  }
}

export default function AdminPayments() {
  const { payments, nextBefore, refundsPossible } = useLoaderData<typeof loader>();
  const locale = useFormatLocale();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Payments</h1>
      <p className="text-sm text-slate-600">
        Every SP pack bought, newest first. A refund gives the whole payment back and takes the pack's SP out of the
        member's wallet; it is refused once they have spent any of them.
      </p>
      <AdminActionResult result={result} />
      {payments.length === 0 ? <p className="text-sm text-slate-600">No purchases yet.</p> : null}
      <ul className="space-y-3">
        {payments.map((p) => (
          <li key={p.id} className="card space-y-2" aria-label={`Payment by ${p.memberName}, ${p.sp} SP`}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="min-w-0 break-words font-medium">
                <Link to={`/admin/members/${p.uid}`} className="text-brand-700 underline hover:text-brand-800">
                  {p.memberName}
                </Link>{" "}
                · {p.sp} SP · {formatPrice(p.amount, p.currency, locale)}
              </p>
              <p className="text-sm text-slate-600">
                {utc(p.fulfilledAt)} · {p.provider}
              </p>
            </div>
            <p className="text-sm" data-testid="payment-status">
              {statusText(p, locale)}
            </p>
            {refundsPossible && p.status === "paid" && p.refund?.status !== "partial" ? (
              <details className="text-sm">
                <summary className="cursor-pointer font-medium text-brand-700">Refund…</summary>
                <Form method="post" className="mt-2 space-y-2">
                  <input type="hidden" name="paymentId" value={p.id} />
                  <label htmlFor={`reason-${p.id}`} className="label">
                    Reason (kept in the audit log)
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
                    Refund {formatPrice(p.amount, p.currency, locale)} and take back {p.sp} SP
                  </button>
                </Form>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
      {nextBefore ? (
        <Link to={`?before=${nextBefore}`} className="btn-secondary">
          Older payments
        </Link>
      ) : null}
    </div>
  );
}
