import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { BookingPanel } from "~/components/bookings/booking-panel";
import { AvailabilityEditor } from "~/components/bookings/availability-editor";
import { MonthGrid } from "~/components/bookings/calendar-views";
import { WeekGrid } from "~/components/bookings/week-grid";
import { CalendarFeed } from "~/components/bookings/calendar-feed";
import { RequestActions } from "~/components/bookings/request-actions";
import { SessionList } from "~/components/bookings/session-list";
import { PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { exceptionsToText, rangesToText } from "~/features/bookings/availability-text";
import { calendarRange } from "~/features/bookings/calendar-range";
import { calendarHref } from "~/features/bookings/calendar-href";
import { SessionRange } from "~/components/bookings/session-range";
import { feedStatus } from "~/features/bookings/ical.server";
import { getTeachingSettings } from "~/features/bookings/teaching.server";
import { handleCalendarAction } from "./_app.calendar.server";
import { loadBookingPanel, loadCalendarPage, viewerZone } from "~/features/bookings/views.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { firstDayOfWeek, formatDate, formatSp, intlLocale } from "~/utils/format";
import { Icon } from "~/components/icons";
import { interleave } from "~/i18n/interleave";
import { viewSchema } from "./_app.calendar.server";
import { IsolatedName } from "~/components/members/isolated-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// "profile": the availability form's time-zone field.
export const handle = { i18n: ["bookings", "profile"] };
export const clientLoader = loadingNamespaces("bookings", "profile");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const now = Date.now();
  const url = new URL(request.url);
  const timeZone = viewerZone(user.profile.timezone);
  const language = await languageOf(request, user.profile.language);
  const range = calendarRange(
    viewSchema.parse(url.searchParams.get("view")),
    url.searchParams.get("date"),
    timeZone,
    now,
    firstDayOfWeek(intlLocale(language)),
  );
  // /calendar?book=<uid> opens the booking panel for that member (linked from profiles and matches).
  const bookWith = url.searchParams.get("book");
  const [sessions, settings, feed, booking] = await Promise.all([
    loadCalendarPage(store, user.uid, range, language, now),
    getTeachingSettings(store, user.uid, user.profile),
    feedStatus(store, user.uid),
    bookWith && /^[A-Za-z0-9_-]{1,128}$/.test(bookWith) && bookWith !== user.uid
      ? loadBookingPanel(store, bookWith, { uid: user.uid, timezone: user.profile.timezone, language }, now)
      : Promise.resolve(null),
  ]);
  return {
    title: fixedT(language, "bookings")("calendar.title"),
    timeZone,
    range,
    sessions: sessions.sessions,
    pending: sessions.pending,
    upcoming: sessions.upcoming,
    past: sessions.past,
    availability: {
      timeZone: settings.timeZone,
      days: [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
        rangesToText(settings.teaching.weekly.filter((s) => s.weekday === weekday)),
      ),
      exceptions: exceptionsToText(settings.teaching.exceptions),
      skills: settings.offered.map((s) => ({
        tag: s.tag,
        label: s.label,
        rate: settings.teaching.rates[s.tag] ?? null,
      })),
    },
    feed,
    booking,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return handleCalendarAction(request, await getStore(), user.uid, await languageOf(request, user.profile.language));
}

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { range, timeZone } = data;
  const { t, i18n } = useTranslation("bookings");
  const locale = intlLocale(i18n.language);
  const isoDay = (iso: string, options: Intl.DateTimeFormatOptions) => {
    const [y = 0, m = 1, d = 1] = iso.split("-").map(Number);
    return formatDate(Date.UTC(y, m - 1, d, 12), locale, "UTC", options);
  };
  const link = (params: Record<string, string>) =>
    calendarHref({ view: range.view, date: range.days[range.view === "week" ? 0 : 7]!, ...params });
  return (
    <>
      <PageHeader title={t("calendar.title")} description={t("calendar.description", { timeZone })} />

      {data.booking ? (
        <div className="mb-6">
          <BookingPanel data={data.booking} />
        </div>
      ) : null}

      {data.pending.length > 0 ? (
        <section className="card mb-6" aria-labelledby="pending-title">
          <h2 id="pending-title" className="text-lg font-semibold">
            {t("calendar.pending")}
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {data.pending.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid="pending-request"
              >
                <div>
                  <Link to={`/session/${s.id}`} className="font-medium text-slate-900 hover:underline">
                    {interleave(
                      (mark) => t("calendar.with", { skill: mark, name: "\u2064" }),
                      <bdi translate={s.skillOwn ? "no" : undefined}>{s.skillLabel}</bdi>,
                      { mark: "\u2064", element: <IsolatedName name={s.otherName} /> },
                    )}
                  </Link>
                  <p className="text-sm text-slate-600">
                    <SessionRange session={s} timeZone={timeZone} locale={locale} /> ·{" "}
                    {s.price === 0 ? t("calendar.freeSwap") : formatSp(s.price, locale)}
                  </p>
                </div>
                <RequestActions bookingId={s.id} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="card mb-6" aria-label={t("calendar.title")}>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Link
              to={calendarHref({ view: range.view, date: range.previous })}
              className="btn-secondary"
              aria-label={t("calendar.previous")}
            >
              <Icon name="chevron-back" className="h-5 w-5" />
            </Link>
            <Link to={calendarHref({ view: range.view })} className="btn-secondary shrink-0 whitespace-nowrap">
              {t("calendar.today")}
            </Link>
            <Link
              to={calendarHref({ view: range.view, date: range.next })}
              className="btn-secondary"
              aria-label={t("calendar.next")}
            >
              <Icon name="chevron-forward" className="h-5 w-5" />
            </Link>
            <span className="ms-2 text-sm font-medium text-slate-700">
              {range.view === "week" ? (
                t("calendar.weekOf", {
                  date: isoDay(range.days[0]!, { day: "numeric", month: "long", year: "numeric" }),
                })
              ) : (
                <time dateTime={range.month}>{isoDay(`${range.month}-01`, { month: "long", year: "numeric" })}</time>
              )}
            </span>
          </div>
          <div className="flex gap-1" role="group" aria-label={t("calendar.view")}>
            <Link
              to={link({ view: "week" })}
              aria-current={range.view === "week" ? "page" : undefined}
              className={range.view === "week" ? "btn-primary" : "btn-secondary"}
            >
              {t("calendar.week")}
            </Link>
            <Link
              to={link({ view: "month" })}
              aria-current={range.view === "month" ? "page" : undefined}
              className={range.view === "month" ? "btn-primary" : "btn-secondary"}
            >
              {t("calendar.month")}
            </Link>
          </div>
        </div>
        {range.view === "week" ? (
          <WeekGrid range={range} sessions={data.sessions} timeZone={timeZone} />
        ) : (
          <MonthGrid range={range} sessions={data.sessions} timeZone={timeZone} />
        )}
      </section>

      <div className="mb-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SessionList
          id="upcoming-sessions"
          title={t("calendar.upcoming")}
          sessions={data.upcoming}
          timeZone={timeZone}
          empty={t("calendar.noUpcoming")}
        />
        <SessionList
          id="past-sessions"
          title={t("calendar.past")}
          sessions={data.past}
          timeZone={timeZone}
          empty={t("calendar.noPast")}
        />
      </div>

      <AvailabilityEditor availability={data.availability} result={result} busy={navigation.state === "submitting"} />
      <CalendarFeed feed={data.feed} result={result} />
    </>
  );
}
