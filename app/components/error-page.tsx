import { Link, isRouteErrorResponse } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Logo } from "./logo";

/** The statuses with their own title and text in the catalogue (`errors.<status>`); 503 is a busy store, to retry. */
const KNOWN = [400, 401, 403, 404, 500, 503];

/** What a thrown error means for a person: a status, a plain title, and the server's own message when it sent one. */
export function describeError(
  error: unknown,
  t: (key: string) => string,
): { status: number; title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const shown = KNOWN.includes(status) ? status : status >= 500 ? 500 : 400;
  const known = { title: t(`errors.${shown}.title`), text: t(`errors.${shown}.text`) };
  let text = known.text;
  if (isRouteErrorResponse(error) && status < 500) {
    // Loaders throw `new Response("This member does not exist.", { status: 404 })` or `json({ error })`.
    if (typeof error.data === "string" && error.data.trim()) text = error.data;
    else if (typeof error.data?.error === "string") text = error.data.error;
  }
  return { status, title: known.title, text };
}

/**
 * The one page for 404/403/500/503. `inLayout` is for boundaries that keep the app's navigation
 * around it (no logo, no full-height centring); otherwise it stands alone.
 */
export function ErrorPage({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  const { t } = useTranslation();
  const { status, title, text } = describeError(error, t);
  return (
    <main className={inLayout ? "px-6 py-16 text-center" : "grid min-h-full place-items-center px-6 py-16 text-center"}>
      <div>
        {inLayout ? null : <Logo className="justify-center" />}
        <p className={`${inLayout ? "" : "mt-10 "}text-sm font-semibold text-brand-600`}>{status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{text}</p>
        <Link to={inLayout ? "/dashboard" : "/"} className="btn-primary mt-8">
          {inLayout ? t("errors.backToDashboard") : t("errors.goHome")}
        </Link>
      </div>
    </main>
  );
}
