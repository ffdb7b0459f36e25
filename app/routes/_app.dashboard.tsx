import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Onboarding } from "~/components/onboarding/onboarding";
import { getStore } from "~/engine/index.server";
import { onboardingState } from "~/features/onboarding/onboarding.server";
import { levelFor } from "~/features/progress/levels";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta({ title: "Dashboard" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    uid: user.uid,
    firstName: user.profile.fullName.trim().split(/\s+/)[0] ?? "",
    level: levelFor(user.profile.xp),
    onboarding: await onboardingState(await getStore(), user.uid, user.profile),
  };
}

function Widget({ tour, title, children, action }: { tour: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section data-tour={tour} aria-labelledby={`${tour}-title`} className="card flex flex-col">
      <div className="mb-3 flex items-center justify-between">
        <h2 id={`${tour}-title`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {title}
        </h2>
        {action}
      </div>
      <div className="flex-1">{children}</div>
    </section>
  );
}

export default function Dashboard() {
  const { firstName, level, onboarding } = useLoaderData<typeof loader>();
  return (
    <>
      <Onboarding {...onboarding} />
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight">Welcome back{firstName ? `, ${firstName}` : ""}!</h1>
        <p className="mt-1 text-sm text-slate-600">Here is what's happening in your skill exchange.</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Widget tour="activity-widget" title="Recent activity">
          <p className="text-sm text-slate-600">Your SP movements, messages and session updates will show up here.</p>
        </Widget>
        <Widget
          tour="matches-widget"
          title="Your matches"
          action={
            <Link to="/matches" className="text-sm font-medium text-brand-600 hover:underline">
              See all
            </Link>
          }
        >
          <p className="text-sm text-slate-600">Add the skills you teach and want to learn on your profile, and we'll suggest members to swap with.</p>
        </Widget>
        <Widget
          tour="calendar-widget"
          title="Upcoming sessions"
          action={
            <Link to="/calendar" className="text-sm font-medium text-brand-600 hover:underline">
              Calendar
            </Link>
          }
        >
          <p className="text-sm text-slate-600">No sessions booked yet. When you book or accept a session, it appears here.</p>
        </Widget>
        <Widget tour="level-widget" title="Your level">
          <div className="flex items-center gap-4">
            <div className="grid h-14 w-14 place-items-center rounded-full bg-brand-600 text-xl font-bold text-white" aria-label={`Level ${level.level}`}>
              {level.level}
            </div>
            <div className="flex-1">
              <p className="text-sm font-medium text-slate-900">
                Level {level.level} · {level.xp} xp
              </p>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuemin={level.levelStartXp} aria-valuemax={level.nextLevelXp} aria-valuenow={level.xp} aria-label="Progress to the next level">
                <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.round(level.progress * 100)}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-500">{level.nextLevelXp - level.xp} xp to level {level.level + 1}</p>
            </div>
          </div>
        </Widget>
      </div>
    </>
  );
}
