import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ToastMessage {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}

const TONE: Record<ToastMessage["type"], string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-slate-200 bg-white text-slate-900",
};

/**
 * The flash message after a redirect. The live region is always in the page so screen readers
 * announce the message when it is put in; the person closes it with the button.
 */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  const [shown, setShown] = useState(toast);
  const { t } = useTranslation();
  useEffect(() => setShown(toast), [toast]);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 lg:bottom-6"
    >
      {shown ? (
        <div
          data-testid="toast"
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg border px-4 py-3 shadow-lg ${TONE[shown.type]}`}
        >
          <div>
            <p className="font-semibold">{shown.title}</p>
            {shown.description ? <p className="mt-1 text-sm">{shown.description}</p> : null}
          </div>
          <button
            type="button"
            onClick={() => setShown(null)}
            className="ms-2 text-sm font-medium underline"
            aria-label={t("toast.dismiss")}
          >
            {t("toast.close")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
