import { Link } from "@remix-run/react";
import { Logo } from "./logo";

export function NotFound() {
  return (
    <main className="grid min-h-full place-items-center px-6 py-16 text-center">
      <div>
        <Logo className="justify-center" />
        <p className="mt-10 text-sm font-semibold text-brand-600">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">We couldn't find the page you were looking for.</p>
        <Link to="/" className="btn-primary mt-8">
          Go back home
        </Link>
      </div>
    </main>
  );
}
