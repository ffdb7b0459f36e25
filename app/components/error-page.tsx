import { Link, isRouteErrorResponse } from "@remix-run/react";
import { Logo } from "./logo";

const TITLES: Record<number, { title: string; text: string }> = {
  400: { title: "That request didn't look right", text: "Something in the address or the form was not valid." },
  401: { title: "Please sign in", text: "You need to sign in to see this page." },
  403: { title: "You can't open this page", text: "Your account doesn't have access to it." },
  404: { title: "Page not found", text: "We couldn't find the page you were looking for." },
  500: { title: "Something went wrong", text: "Something went wrong on our side. Please try again in a moment." },
};

/** What a thrown error means for a person: a status, a plain title, and the server's own message when it sent one. */
export function describeError(error: unknown): { status: number; title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = TITLES[status] ?? (status >= 500 ? TITLES[500]! : TITLES[400]!);
  let text = known.text;
  if (isRouteErrorResponse(error) && status < 500) {
    // Loaders throw `new Response("This member does not exist.", { status: 404 })` or `json({ error })`.
    if (typeof error.data === "string" && error.data.trim()) text = error.data;
    else if (typeof error.data?.error === "string") text = error.data.error;
  }
  return { status, title: known.title, text };
}

/**
 * The one page for 404/403/500. `inLayout` is for boundaries that keep the app's navigation
 * around it (no logo, no full-height centring); otherwise it stands alone.
 */
export function ErrorPage({ error, inLayout = false }: { error: unknown; inLayout?: boolean }) {
  const { status, title, text } = describeError(error);
  return (
    <main className={inLayout ? "px-6 py-16 text-center" : "grid min-h-full place-items-center px-6 py-16 text-center"}>
      <div>
        {inLayout ? null : <Logo className="justify-center" />}
        <p className={`${inLayout ? "" : "mt-10 "}text-sm font-semibold text-brand-600`}>{status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{text}</p>
        <Link to={inLayout ? "/dashboard" : "/"} className="btn-primary mt-8">
          {inLayout ? "Back to the dashboard" : "Go back home"}
        </Link>
      </div>
    </main>
  );
}
