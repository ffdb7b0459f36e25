import { useTranslation } from "react-i18next";

/**
 * SPEC.md §2: while the authentication state is loading, a full-screen placeholder reading
 * "Loading…" is shown. Used by the Firebase-mode islands that wait for the client SDK.
 */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 grid place-items-center bg-white">
      <p className="flex items-center gap-3 text-sm font-medium text-slate-600">
        <span
          aria-hidden="true"
          className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none"
        />
        {t("loading")}
      </p>
    </div>
  );
}
