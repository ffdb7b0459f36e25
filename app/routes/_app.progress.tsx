import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { BadgeList, SkillHoursTable, XpHistory } from "~/components/progress/progress-sections";
import { LevelWidget } from "~/components/progress/level-widget";
import { getStore } from "~/engine/index.server";
import { loadProgress } from "~/features/progress/progress.server";
import { viewerZone } from "~/features/bookings/views.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Progress", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { ...(await loadProgress(await getStore(), user.uid)), timeZone: viewerZone(user.profile.timezone) };
}

export default function ProgressPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title="Progress" description="Your level, xp and the skills you have practised." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="card" aria-labelledby="level-title">
          <h2 id="level-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
            Your level
          </h2>
          <LevelWidget level={data.level} />
          <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
            <div>
              <dt className="text-xs text-slate-500">Sessions taught</dt>
              <dd className="text-xl font-semibold" data-testid="sessions-taught">
                {data.taught}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Sessions learned</dt>
              <dd className="text-xl font-semibold" data-testid="sessions-learned">
                {data.learned}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Rating</dt>
              <dd className="text-xl font-semibold">
                {data.rating.average === null ? "–" : `${data.rating.average} ★`}
              </dd>
            </div>
          </dl>
        </section>
        <BadgeList badges={data.badges} />
        <SkillHoursTable skills={data.skills} />
        <XpHistory history={data.history} timeZone={data.timeZone} />
      </div>
    </>
  );
}
