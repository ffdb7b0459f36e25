import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SelectField } from "~/components/form";
import { Pager } from "~/components/pager";
import { Avatar } from "~/components/members/avatar";
import { SkillChips } from "~/components/members/skill-chips";
import { EmptyState, PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { loadDirectory } from "~/features/members/directory.server";
import { priceOf, readDirectoryQuery, searchDirectory } from "~/features/members/directory";
import { ratingText } from "~/features/reviews/types";
import { SKILL_LEVELS } from "~/documents/values";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Members", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = readDirectoryQuery(new URL(request.url).searchParams);
  const result = searchDirectory(await loadDirectory(await getStore(), user.uid), query);
  return {
    query,
    total: result.total,
    page: result.page,
    pages: result.pages,
    members: result.entries.map((e) => ({ ...e, price: priceOf(e, query) })),
  };
}

const SORT_LABELS = {
  relevance: "Best fit",
  rating: "Highest rated",
  price: "Lowest price",
  newest: "Newest",
  name: "Name",
} as const;

function priceText(price: number | null): string {
  if (price === null) return "Not taking bookings yet";
  return price === 0 ? "Free swap" : `From ${price} SP per hour`;
}

export default function Members() {
  const { query, total, page, pages, members } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Members"
        description="Find anyone in the community by name, skill or language."
        actions={
          <Link to="/matches" className="btn-secondary">
            Your matches
          </Link>
        }
      />
      <Form
        method="get"
        role="search"
        aria-label="Search members"
        className="card mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="min-w-0 sm:col-span-2">
          <span className="label">Name, skill or language</span>
          <input
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={80}
            placeholder="e.g. Spanish, Ana, guitar"
            className="input"
          />
        </label>
        <SelectField
          label="Skill is one they"
          name="role"
          value={query.role}
          options={[
            ["any", "Teach or want to learn"],
            ["teaches", "Teach"],
            ["learns", "Want to learn"],
          ]}
        />
        <SelectField
          label="Level"
          name="level"
          value={query.level}
          options={[["any", "Any level"], ...SKILL_LEVELS.map((l) => [l, l[0].toUpperCase() + l.slice(1)] as const)]}
        />
        <label className="min-w-0">
          <span className="label">Highest price (SP per hour)</span>
          <input
            name="maxPrice"
            type="number"
            min={0}
            inputMode="numeric"
            defaultValue={query.maxPrice ?? ""}
            className="input"
          />
        </label>
        <SelectField
          label="Rating"
          name="minRating"
          value={String(query.minRating ?? "")}
          options={[
            ["", "Any rating"],
            ["4", "4 stars and up"],
            ["3", "3 stars and up"],
          ]}
        />
        <SelectField label="Sort by" name="sort" value={query.sort} options={Object.entries(SORT_LABELS)} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pt-5">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="online"
              value="1"
              defaultChecked={!!query.online}
              className="h-4 w-4 rounded border-slate-300"
            />
            Online now
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="free"
              value="1"
              defaultChecked={!!query.free}
              className="h-4 w-4 rounded border-slate-300"
            />
            Free swaps
          </label>
        </div>
        <div className="flex items-end sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary">
            Search
          </button>
        </div>
      </Form>
      {members.length === 0 ? (
        <EmptyState title="Nobody fits this search">Try another name or skill, or fewer filters.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" role="status">
            {total} {total === 1 ? "member" : "members"}
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {members.map((m) => (
              <li key={m.uid} className="card flex min-w-0 flex-col gap-3" data-testid="member-card">
                <div className="flex items-start gap-3">
                  <Avatar src={m.avatar} presence={{ online: m.online, lastChanged: 0 }} />
                  <div className="min-w-0 flex-1">
                    <h2 className="break-words text-base font-semibold leading-snug">
                      <Link to={`/members/${m.uid}`} className="hover:text-brand-700 hover:underline">
                        <bdi>{m.fullName}</bdi>
                      </Link>
                    </h2>
                    <p className="text-xs text-slate-600">
                      {ratingText(m.rating)}
                      {m.languages.length ? ` · ${m.languages.join(", ")}` : ""}
                    </p>
                  </div>
                </div>
                {m.skillsOffered.length ? (
                  <div>
                    <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Teaches</p>
                    <SkillChips skills={m.skillsOffered.slice(0, 6)} />
                  </div>
                ) : null}
                {m.skillsWanted.length ? (
                  <div>
                    <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Wants to learn</p>
                    <SkillChips skills={m.skillsWanted.slice(0, 6)} />
                  </div>
                ) : null}
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
                  <p className="text-sm font-medium text-slate-700">{priceText(m.price)}</p>
                  {m.price !== null ? (
                    <Link to={`/calendar?book=${m.uid}`} className="btn-primary" aria-label={`Book ${m.fullName}`}>
                      Book
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} />
        </>
      )}
    </>
  );
}
