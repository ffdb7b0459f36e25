import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatPrice, formatSp } from "~/utils/format";
import { PACKS, type Pack } from "~/engine/payments/packs";
import { Coin } from "./coin";
import { Icon } from "../icons";

/**
 * What the server sells, as the `_app` loader sends it: the provider's price id of each pack in
 * PACKS' order, or null when this server takes no payments (the packs say so and cannot be bought).
 * The packs' SP and prices come from PACKS here, not in every signed-in document (decision 180).
 */
export interface OfferedPayments {
  priceIds: string[] | null;
  /** Labels the packs "Test checkout" when payments run in test mode. */
  testMode: boolean;
}

interface TopUpModalProps extends OfferedPayments {
  open: boolean;
  onClose: () => void;
}

/** SPEC.md §2 top-up modal: idle → processing (chosen pack) → hosted checkout; back to idle on failure. */
export function TopUpModal({ open, onClose, priceIds, testMode }: TopUpModalProps) {
  const [processing, setProcessing] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const { t } = useTranslation();
  const locale = useFormatLocale();

  useEffect(() => {
    if (!open) return;
    returnFocus.current = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      returnFocus.current?.focus();
    };
  }, [open, onClose]);

  if (!open) return null;

  async function buy(pack: Pack, priceId: string) {
    setProcessing(pack.id);
    try {
      // Loaded at the first purchase, not with every page that has the header (the JS budget).
      const { startCheckout } = await import("~/engine/payments/checkout.client");
      // startCheckout navigates away on success; it only returns when the purchase could not start.
      await startCheckout(priceId);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    } finally {
      setProcessing(null);
    }
  }

  return (
    <div
      role="presentation"
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-0 sm:items-center sm:p-4"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="top-up-title"
        className="w-full max-w-lg rounded-t-2xl bg-white p-6 shadow-xl sm:rounded-2xl"
      >
        <div className="flex items-start justify-between">
          <div>
            <h2 id="top-up-title" className="text-lg font-bold">
              {t("topUp.title")}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t("topUp.intro")}</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("topUp.close")}
            className="rounded-full p-1 text-slate-500 hover:bg-slate-100"
          >
            <Icon name="x" className="h-5 w-5" />
          </button>
        </div>
        {priceIds ? (
          <ul className="mt-5 grid grid-cols-2 gap-3">
            {PACKS.map((pack, i) => (
              <li key={pack.id}>
                <button
                  type="button"
                  data-testid={`pack-${pack.sp}`}
                  disabled={processing !== null}
                  onClick={() => buy(pack, priceIds[i])}
                  className="flex w-full flex-col items-center gap-1 rounded-xl border border-slate-200 p-4 text-center transition hover:border-brand-400 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  <Coin className="h-8 w-8" />
                  {processing === pack.id ? (
                    <span className="text-base font-bold text-brand-700">{t("topUp.processing")}</span>
                  ) : (
                    <>
                      <span className="text-base font-bold">{formatSp(pack.sp, locale)}</span>
                      <span className="text-sm text-slate-600">
                        {formatPrice(pack.amountCents, pack.currency, locale)}
                      </span>
                    </>
                  )}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-5 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800" role="status">
            {t("topUp.unavailable")}
          </p>
        )}
        {testMode ? (
          <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800">
            {t("topUp.testMode")}
          </p>
        ) : null}
        <p className="mt-4 flex items-center gap-2 text-xs text-slate-500">
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          {t("topUp.secure")}
        </p>
      </div>
    </div>
  );
}
