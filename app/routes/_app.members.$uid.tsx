import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BookingPanel } from "~/components/bookings/booking-panel";
import { Avatar } from "~/components/members/avatar";
import { MemberReviews } from "~/components/members/member-reviews";
import { MemberActions } from "~/components/members/member-actions";
import { SkillChips } from "~/components/members/skill-chips";
import { usePresence } from "~/components/members/use-presence";
import { getStore } from "~/engine/index.server";
import { loadBookingPanel } from "~/features/bookings/views.server";
import { levelFor } from "~/features/progress/levels";
import { reviewsReceived } from "~/features/reviews/reviews.server";
import { getMember, getPresences } from "~/features/members/members.server";
import { lastSeenText } from "~/features/members/presence";
import { isSaved } from "~/features/members/saved.server";
import { hasPlus } from "~/features/subscriptions/read.server";
import { PlusBadge } from "~/components/plus-badge";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({ title: data?.member.fullName ?? "Member", matches });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const uid = params.uid ?? "";
  const store = await getStore();
  const member = /^[A-Za-z0-9-]{1,128}$/.test(uid) ? await getMember(store, uid) : null;
  if (!member) throw new Response("This member does not exist.", { status: 404 });
  const [presences, saved, booking, reviews, plus] = await Promise.all([
    getPresences(store, [uid]),
    isSaved(store, user.uid, [uid]),
    loadBookingPanel(store, uid, { uid: user.uid, timezone: user.profile.timezone }),
    reviewsReceived(store, uid, 5),
    hasPlus(store, uid),
  ]);
  const mine = {
    offered: new Set(user.profile.skillsOffered.map((s) => s.tag)),
    wanted: new Set(user.profile.skillsWanted.map((s) => s.tag)),
  };
  return {
    member,
    presence: presences.get(uid)!,
    level: levelFor(member.xp).level,
    booking,
    reviews: reviews.map((r) => ({
      id: `${r.bookingId}_${r.reviewerUid}`,
      rating: r.rating,
      comment: r.comment,
      skillLabel: r.skillLabel,
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
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[300px_minmax(0,1fr)]">
      <aside className="card text-center">
        <Avatar src={member.avatar} size="lg" presence={presence} now={now} />
        <h1 className="mt-4 text-xl font-bold">{member.fullName}</h1>
        {plus ? (
          <p className="mt-1 flex justify-center" aria-label="Plus member">
            <PlusBadge />
          </p>
        ) : null}
        <p className="text-sm text-slate-500">{lastSeenText(presence, now)}</p>
        <p className="mt-3 flex flex-wrap justify-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-700">Level {level}</span>
          <span
            className="rounded-full bg-amber-50 px-3 py-1 text-amber-800"
            aria-label={
              member.rating.average === null
                ? "No reviews yet"
                : `Rated ${member.rating.average} out of 5 from ${member.rating.count} reviews`
            }
          >
            {member.rating.average === null
              ? "No reviews yet"
              : `★ ${member.rating.average.toFixed(1)} · ${member.rating.count} review${member.rating.count === 1 ? "" : "s"}`}
          </span>
        </p>
        <p className="mt-1 text-xs text-slate-500">Timezone: {member.timezone}</p>
        {member.languages.length ? (
          <p className="mt-1 text-xs text-slate-500">Speaks {member.languages.join(", ")}</p>
        ) : null}
        <div className="mt-5 flex justify-center">
          {isMe ? (
            <Link to="/profile" className="btn-secondary">
              Edit your profile
            </Link>
          ) : member.deleted ? null : (
            <MemberActions uid={member.uid} saved={saved} name={member.fullName} />
          )}
        </div>
      </aside>
      <section className="card space-y-6">
        <div>
          <h2 className="text-base font-semibold">About</h2>
          <p dir="auto" className="mt-1 whitespace-pre-line text-sm text-slate-700">
            {member.bio || "No bio yet."}
          </p>
        </div>
        <div>
          <h2 className="mb-2 text-base font-semibold">Teaches</h2>
          <SkillChips skills={member.skillsOffered} highlight={new Set(fits.teaches)} empty="Nothing listed yet." />
        </div>
        <div>
          <h2 className="mb-2 text-base font-semibold">Wants to learn</h2>
          <SkillChips skills={member.skillsWanted} highlight={new Set(fits.learns)} empty="Nothing listed yet." />
        </div>
        <MemberReviews reviews={reviews} />
      </section>
      {isMe || member.deleted ? null : (
        <div className="lg:col-start-2">
          <BookingPanel data={booking} />
        </div>
      )}
    </div>
  );
}
