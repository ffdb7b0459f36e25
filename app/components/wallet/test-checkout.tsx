import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckoutShell } from "./checkout-shell";

interface TestCheckoutProps {
  /** The label that says nothing is charged. */
  note: string;
  title: ReactNode;
  /** What is bought: the SP (in the coin colour) and the price. */
  sp: { label: ReactNode; value: ReactNode };
  price: { label: ReactNode; value: ReactNode };
  confirm: { intent: string; label: ReactNode };
  /** Where a member goes from a checkout that closed meanwhile. */
  back: { to: string; label: string };
}

/** The page of a labelled test checkout (a pack or a plan): what is bought, confirm or cancel. */
export function TestCheckout({ note, title, sp, price, confirm, back }: TestCheckoutProps) {
  const actionData = useActionData<{ error?: string }>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation("wallet");
  return (
    <CheckoutShell>
      <p
        role="note"
        className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-800 ring-1 ring-amber-200"
      >
        {note}
      </p>
      <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <div className="flex justify-between py-2">
          <dt className="text-slate-600">{sp.label}</dt>
          <dd className="font-semibold text-amber-700">{sp.value}</dd>
        </div>
        <div className="flex justify-between py-2">
          <dt className="text-slate-600">{price.label}</dt>
          <dd className="font-semibold text-slate-900">{price.value}</dd>
        </div>
      </dl>
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {actionData.error}{" "}
          <Link to={back.to} className="font-medium underline">
            {back.label}
          </Link>
        </p>
      ) : null}
      <Form method="post" className="mt-8 flex flex-col gap-3 sm:flex-row-reverse">
        <button type="submit" name="intent" value={confirm.intent} className="btn-primary flex-1" disabled={busy}>
          {confirm.label}
        </button>
        <button type="submit" name="intent" value="cancel" className="btn-secondary flex-1" disabled={busy}>
          {t("test.cancel")}
        </button>
      </Form>
    </CheckoutShell>
  );
}
