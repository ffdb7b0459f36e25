import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BookingPanel } from "~/components/bookings/booking-panel";
import { Avatar } from "~/components/members/avatar";
import { MemberReviews } from "~/components/members/member-reviews";
import { MemberActions } from "~/components/members/member-actions";
import { SkillChips } from "~/components/members/skill-chips";
import { usePresence } from "~/components/members/use-presence";
import { useLastSeen } from "~/components/members/use-last-seen";
import { interleave } from "~/i18n/interleave";
import { getStore } from "~/engine/index.server";
import { loadBookingPanel } from "~/features/bookings/views.server";
import { levelFor } from "~/features/progress/levels";
import { reviewsReceived } from "~/features/reviews/reviews.server";
import { languagesLine } from "~/features/members/languages";
import { getMember, getPresences } from "~/features/members/members.server";
import { isSaved } from "~/features/members/saved.server";
import { hasPlus } from "~/features/subscriptions/read.server";
import { PlusBadge } from "~/components/plus-badge";
import { requireUser } from "~/features/auth/auth.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { IsolatedName } from "~/components/members/isolated-name";
import { nameInPlainText } from "~/features/members/member";

// The page's title is the member's name (theirs, not translated, inside a message so a language may frame it).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// "bookings": the booking panel below the profile.
export const handle = { i18n: ["members", "bookings"] };
export const clientLoader = loadingNamespaces("members", "bookings");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const uid = params.uid ?? "";
  const store = await getStore();
  const member = /^[A-Za-z0-9-]{1,128}$/.test(uid) ? await getMember(store, uid) : null;
  if (!member) throw new Response(fixedT(language, "members")("member.notFound"), { status: 404 });
  const names = skillNamer(language);
  const [presences, saved, booking, reviews, plus] = await Promise.all([
    getPresences(store, [uid]),
    isSaved(store, user.uid, [uid]),
    loadBookingPanel(store, uid, { uid: user.uid, timezone: user.profile.timezone, language }),
    reviewsReceived(store, uid, 5),
    hasPlus(store, uid),
  ]);
  const mine = {
    offered: new Set(user.profile.skillsOffered.map((s) => s.tag)),
    wanted: new Set(user.profile.skillsWanted.map((s) => s.tag)),
  };
  return {
    title: fixedT(language, "members")("member.pageTitle", { name: nameInPlainText(member.name) }),
    member: {
      ...member,
      skillsOffered: names.skills(member.skillsOffered),
      skillsWanted: names.skills(member.skillsWanted),
    },
    presence: presences.get(uid)!,
    level: levelFor(member.xp).level,
    booking,
    reviews: reviews.map((r) => ({
      id: `${r.bookingId}_${r.reviewerUid}`,
      rating: r.rating,
      comment: r.comment,
      skillLabel: names.name(r.skillTag, r.skillLabel),
      createdAt: r.createdAt,
    })),
    saved: saved.has(uid),
    plus,
    isMe: uid === user.uid,
    // Highlight what fits: what they teach that I want, what they want that I teach.
    fits: {
      teaches: member.skillsOffered.filter((s) => mine.wanted.has(s.tag)).map((s) => s.tag),
      learns: member.skillsWanted.filter((s) => mine.offered.has(s.tag)).map((s) => s.tag),
    },
    now: Date.now(),
  };
}

export default function MemberProfile() {
  const {
    member,
    presence: initial,
    saved,
    plus,
    isMe,
    fits,
    now,
    level,
    booking,
    reviews,
  } = useLoaderData<typeof loader>();
  const presence = usePresence({ [member.uid]: initial })[member.uid] ?? initial;
  const { t } = useTranslation("members");
  const locale = useFormatLocale();
  const lastSeen = useLastSeen()(presence, now);
  const average =
    member.rating.average === null
      ? ""
      : formatNumber(member.rating.average, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[300px_minmax(0,1fr)]">
      <aside className="card text-center">
        <Avatar src={member.avatar} size="lg" presence={presence} presenceLabel={lastSeen} />
        <h1 className="mt-4 text-xl font-bold">
          <IsolatedName name={member.name} />
        </h1>
        {plus ? (
          <p className="mt-1 flex justify-center" aria-label={t("member.plus")}>
            <PlusBadge />
          </p>
        ) : null}
        <p className="text-sm text-slate-500">{lastSeen}</p>
        <p className="mt-3 flex flex-wrap justify-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-700">
            {t("member.level", { level: formatNumber(level, locale) })}
          </span>
          <span
            className="rounded-full bg-amber-50 px-3 py-1 text-amber-800"
            aria-label={
              member.rating.average === null
                ? t("rating.none")
                : t("member.ratedLabel", { average, count: member.rating.count })
            }
          >
            {member.rating.average === null
              ? t("rating.none")
              : t("member.rated", { average, count: member.rating.count })}
          </span>
        </p>
        <p className="mt-1 text-xs text-slate-500">
          {interleave((mark) => t("member.timezone", { zone: mark }), <bdi translate="no">{member.timezone}</bdi>)}
        </p>
        {member.languages.length ? (
          <p className="mt-1 text-xs text-slate-500">
            {interleave(
              (mark) => t("member.speaks", { languages: mark }),
              <bdi translate="no">{languagesLine(member.languages, locale)}</bdi>,
            )}
          </p>
        ) : null}
        <div className="mt-5 flex justify-center">
          {isMe ? (
            <Link to="/profile" className="btn-secondary">
              {t("member.edit")}
            </Link>
          ) : member.deleted ? null : (
            <MemberActions uid={member.uid} saved={saved} name={member.name.text} />
          )}
        </div>
      </aside>
      <section className="card space-y-6">
        <div>
          <h2 className="text-base font-semibold">{t("member.about")}</h2>
          {member.bio ? (
            <p dir="auto" translate="no" className="mt-1 whitespace-pre-line text-sm text-slate-700">
              {member.bio}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-700">{t("member.noBio")}</p>
          )}
        </div>
        <div>
          <h2 className="mb-2 text-base font-semibold">{t("teaches")}</h2>
          <SkillChips
            skills={member.skillsOffered}
            highlight={new Set(fits.teaches)}
            empty={t("member.nothingListed")}
          />
        </div>
        <div>
          <h2 className="mb-2 text-base font-semibold">{t("wantsToLearn")}</h2>
          <SkillChips skills={member.skillsWanted} highlight={new Set(fits.learns)} empty={t("member.nothingListed")} />
        </div>
        <MemberReviews reviews={reviews} now={now} />
      </section>
      {isMe || member.deleted ? null : (
        <div className="lg:col-start-2">
          <BookingPanel data={booking} />
        </div>
      )}
    </div>
  );
}
