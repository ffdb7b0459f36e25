import { Link } from "@remix-run/react";
import { formatDateTime } from "~/features/bookings/format";
import type { MatchCard as MatchCardData } from "~/features/matches/matches.server";
import type { Presence } from "~/features/members/presence";
import { lastSeenText } from "~/features/members/presence";
import { ratingText } from "~/features/reviews/types";
import { Avatar } from "../members/avatar";
import { MemberActions } from "../members/member-actions";
import { SkillChips } from "../members/skill-chips";

export type MatchCardProps = Omit<MatchCardData, "presence"> & {
  presence: Presence;
  now: number;
  /** The viewer's zone, the one the next free slot is shown in. */
  timeZone: string;
};

export function MatchCard({ member, presence, reason, twoWay, saved, rate, nextSlot, now, timeZone }: MatchCardProps) {
  return (
    <article className="card flex flex-col gap-3" data-testid="match-card" aria-label={member.fullName}>
      <div className="flex items-start gap-3">
        <Avatar src={member.avatar} presence={presence} now={now} />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold leading-snug">
            <Link to={`/members/${member.uid}`} className="hover:text-brand-700 hover:underline">
              <bdi>{member.fullName}</bdi>
            </Link>
          </h2>
          <p className="text-xs text-slate-500">
            {lastSeenText(presence, now)} · {member.timezone}
          </p>
          <p className="text-xs text-slate-600" data-testid="match-rating">
            {ratingText(member.rating)}
          </p>
          {/* Under the name, so a long name is never cut short to make room for it. */}
          {twoWay ? (
            <span className="mt-1.5 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
              Two-way swap
            </span>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-slate-700" data-testid="match-reason">
        {reason.charAt(0).toUpperCase() + reason.slice(1)}
      </p>
      {member.skillsOffered.length ? (
        <div>
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Teaches</p>
          <SkillChips skills={member.skillsOffered.slice(0, 5)} />
        </div>
      ) : null}
      {rate ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-800" data-testid="match-rate">
              {rate.label}: {rate.sp === 0 ? "free swap" : `${rate.sp} SP per hour`}
            </p>
            <p className="text-xs text-slate-600" data-testid="match-next-slot">
              {nextSlot === null
                ? "No free hour in the next two weeks"
                : `Next free: ${formatDateTime(nextSlot, timeZone)}`}
            </p>
          </div>
          <Link to={`/calendar?book=${member.uid}`} className="btn-primary" aria-label={`Book ${member.fullName}`}>
            Book
          </Link>
        </div>
      ) : null}
      <div className="mt-auto pt-1">
        <MemberActions uid={member.uid} saved={saved} name={member.fullName} compact />
      </div>
    </article>
  );
}
