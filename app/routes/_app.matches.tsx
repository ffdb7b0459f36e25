import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { MatchCard } from "~/components/matches/match-card";
import { usePresence } from "~/components/members/use-presence";
import { EmptyState, PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { viewerZone } from "~/features/bookings/views.server";
import { findMatches } from "~/features/matches/matches.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Matches", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const skill = (params.get("skill") ?? "").slice(0, 80);
  const onlineOnly = params.get("online") === "1";
  const page = Number(params.get("page") ?? "1") || 1;
  const result = await findMatches(await getStore(), user.uid, { skill, onlineOnly, page, nextSlot: true });
  return { ...result, filters: { skill, onlineOnly }, now: Date.now(), timeZone: viewerZone(user.profile.timezone) };
}

export default function Matches() {
  const { cards, page, pages, total, noSkills, filters, now, timeZone } = useLoaderData<typeof loader>();
  const presence = usePresence(Object.fromEntries(cards.map((c) => [c.member.uid, c.presence])));
  return (
    <>
      <PageHeader
        title="Matches"
        description="Members who teach what you want to learn, and want to learn what you teach."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/board" className="btn-secondary">
              Offers and needs
            </Link>
            <Link to="/members" className="btn-secondary">
              Browse all members
            </Link>
          </div>
        }
      />
      <Form method="get" className="card mb-6 flex flex-wrap items-end gap-3" role="search">
        <label className="min-w-48 flex-1">
          <span className="label">Skill</span>
          <input
            name="skill"
            type="search"
            defaultValue={filters.skill}
            placeholder="e.g. Spanish, React, guitar"
            className="input"
          />
        </label>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            name="online"
            value="1"
            defaultChecked={filters.onlineOnly}
            className="h-4 w-4 rounded border-slate-300"
          />
          Online now
        </label>
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
          Filter
        </button>
      </Form>
      {noSkills ? (
        <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Add the skills you teach and want to learn on{" "}
          <Link to="/profile" className="font-semibold underline">
            your profile
          </Link>{" "}
          to get ranked matches.
        </p>
      ) : null}
      {cards.length === 0 ? (
        <EmptyState title="No matches yet">
          {filters.skill || filters.onlineOnly
            ? "Nobody fits these filters right now. Try another skill or include offline members."
            : "Nobody teaches what you want to learn yet. Add more skills to your profile to widen the search."}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            {total} {total === 1 ? "member fits" : "members fit"}
          </p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {cards.map((card) => (
              <MatchCard
                key={card.member.uid}
                {...card}
                presence={presence[card.member.uid] ?? card.presence}
                now={now}
                timeZone={timeZone}
              />
            ))}
          </div>
          <Pager page={page} pages={pages} />
        </>
      )}
    </>
  );
}
