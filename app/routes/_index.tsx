import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { Logo } from "~/components/logo";
import { getCurrentUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ matches });

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getCurrentUser(request)) throw redirect("/dashboard");
  return null;
}

const FEATURES = [
  {
    title: "Find your match",
    body: "Meet members who teach what you want to learn, and want to learn what you teach.",
  },
  {
    title: "Trade with SP",
    body: "Earn SP by teaching, spend them on learning. Every SP is held safely until a session is done.",
  },
  { title: "Learn live", body: "Chat in real time, book sessions on a shared calendar and level up as you go." },
];

export default function Landing() {
  return (
    <div className="min-h-full bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Logo />
        <nav className="flex items-center gap-3">
          <Link to="/auth" className="btn-secondary">
            Sign in
          </Link>
          <Link to="/signup" className="btn-primary">
            Sign up
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-6 pb-20 pt-12 sm:pt-20">
        <section className="max-w-2xl">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Swap skills with people who <span className="text-brand-600">love to teach</span>.
          </h1>
          <p className="mt-5 text-lg text-slate-600">
            SkillSwap is a real-time skill exchange platform. Teach an hour of what you know, learn an hour of what you
            don't — and pay for it in SP, not money.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" className="btn-primary px-6 py-3 text-base">
              Create a free account
            </Link>
            <Link to="/auth" className="btn-secondary px-6 py-3 text-base">
              I already have one
            </Link>
          </div>
          <p className="mt-3 text-sm text-slate-500">New members start with 200 SP.</p>
        </section>
        <section className="mt-16 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {FEATURES.map((f) => (
            <div key={f.title} className="card">
              <h2 className="font-semibold text-slate-900">{f.title}</h2>
              <p className="mt-2 text-sm text-slate-600">{f.body}</p>
            </div>
          ))}
        </section>
      </main>
    </div>
  );
}
