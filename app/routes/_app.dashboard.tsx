import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { UpcomingSessionsWidget } from "~/components/bookings/upcoming-sessions-widget";
import { ACTIVITY_SHOWN, ActivityWidget, activityNotices } from "~/components/dashboard/activity-widget";
import { BoardWidget } from "~/components/dashboard/board-widget";
import { bestFittingPosts } from "~/features/board/proposal-dashboard.server";
import { MatchesWidgetContent } from "~/components/matches/matches-widget";
import { Onboarding } from "~/components/onboarding/onboarding";
import { LevelWidget } from "~/components/progress/level-widget";
import { getStore } from "~/engine/index.server";
import { loadUpcomingSessions, viewerZone } from "~/features/bookings/views.server";
import { topMatches } from "~/features/matches/top-matches.server";
import { loadLatestNotifications } from "~/features/live/header.server";
import { onboardingState, rememberDashboardVisit } from "~/features/onboarding/onboarding.server";
import { levelFor } from "~/features/progress/levels";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { greetingValues } from "~/features/dashboard/greeting";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// "notifications": the recent activity renders each notice in the reader's language (decision 060).
export const handle = { i18n: ["dashboard", "notifications"] };
export const clientLoader = loadingNamespaces("dashboard", "notifications");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const language = await languageOf(request, user.profile.language);
  const [activity, onboarding, upcoming, matches, boardPosts] = await Promise.all([
    // The latest notices: the same read the header's bell counts from, kept by the change log.
    loadLatestNotifications(store, user.uid, ACTIVITY_SHOWN, language),
    onboardingState(store, user.uid, user.profile),
    loadUpcomingSessions(store, user.uid, language),
    topMatches(store, user.uid, language),
    bestFittingPosts(store, user.uid, user.profile, language),
  ]);
  // A new member is not "back": the first dashboard visit is remembered once, then greeted as a return.
  const firstVisit = user.profile.dashboardVisitedAt === null;
  if (firstVisit) await rememberDashboardVisit(store, user.uid);
  return {
    title: fixedT(language, "dashboard")("title"),
    firstVisit,
    firstName: user.profile.fullName.trim().split(/\s+/)[0] ?? "",
    level: levelFor(user.profile.xp),
    activity: activityNotices(activity),
    onboarding,
    upcoming,
    matches,
    boardPosts,
    timeZone: viewerZone(user.profile.timezone),
  };
}

function Widget({
  tour,
  title,
  children,
  action,
}: {
  tour: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section data-tour={tour} aria-labelledby={`${tour}-title`} className="card flex min-w-0 flex-col">
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
  const {
    firstVisit: firstLoad,
    firstName,
    level,
    activity,
    onboarding,
    upcoming,
    matches,
    boardPosts,
    timeZone,
  } = useLoaderData<typeof loader>();
  // Kept from the first load: the tour's writes revalidate this loader, which by then says "back".
  const [firstVisit] = useState(firstLoad);
  const { t } = useTranslation("dashboard");
  return (
    <>
      <Onboarding {...onboarding} />
      <div className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight">{t("greeting", greetingValues(firstName, firstVisit))}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Widget
          tour="activity-widget"
          title={t("widgets.activity")}
          action={
            <Link to="/notifications" className="text-sm font-medium text-brand-600 hover:underline">
              {t("links.all")}
            </Link>
          }
        >
          <ActivityWidget initial={activity} />
        </Widget>
        <Widget tour="matches-widget" title={t("widgets.matches")}>
          <MatchesWidgetContent items={matches} />
        </Widget>
        <Widget
          tour="calendar-widget"
          title={t("widgets.calendar")}
          action={
            <Link to="/calendar" className="text-sm font-medium text-brand-600 hover:underline">
              {t("links.calendar")}
            </Link>
          }
        >
          <UpcomingSessionsWidget sessions={upcoming} timeZone={timeZone} />
        </Widget>
        <Widget
          tour="level-widget"
          title={t("widgets.level")}
          action={
            <Link to="/progress" className="text-sm font-medium text-brand-600 hover:underline">
              {t("links.progress")}
            </Link>
          }
        >
          <LevelWidget level={level} />
        </Widget>
        <Widget
          tour="board-widget"
          title={t("widgets.board")}
          action={
            <Link to="/board" className="text-sm font-medium text-brand-600 hover:underline">
              {t("links.board")}
            </Link>
          }
        >
          <BoardWidget posts={boardPosts} />
        </Widget>
      </div>
    </>
  );
}
