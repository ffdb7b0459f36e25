import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { EmptyState, PageHeader } from "~/components/page-header";
import { NewPostsBanner, PostCard } from "~/components/board/post-card";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { loadBoardPage } from "~/features/board/board-page.server";
import { filtersQuery, FORMAT_LABELS, PRICE_LABELS, SORT_LABELS, BOARD_SORTS } from "~/features/board/rules";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";

export const meta: MetaFunction = ({ matches }) => pageMeta({ title: "Offers and needs", matches });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadBoardPage(await getStore(), user, new URL(request.url).searchParams);
}

export default function Board() {
  const d = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const f = d.filters;
  const filtered = !!(f.type || f.skill || f.format || f.price || f.mine || f.q);
  const firstPage = d.after === null && d.page === 0;
  return (
    <>
      <PageHeader
        title="Offers and needs"
        description="What members can give and what they are looking for. Answer a post, or put up your own."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/board/mine" className="btn-secondary">
              My posts
            </Link>
            <Link to="/board/new" className="btn-primary">
              New post
            </Link>
          </div>
        }
      />
      <Form method="get" action="/board" role="search" className="card mb-4 space-y-3" aria-label="Find posts">
        <div className="flex gap-2">
          <label htmlFor="board-search" className="sr-only">
            Search offers and needs
          </label>
          <input
            id="board-search"
            name="q"
            type="search"
            defaultValue={f.q}
            placeholder="Search titles and descriptions"
            className="input"
            maxLength={200}
          />
          <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
            Search
          </button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Select
            label="Type"
            name="type"
            value={f.type ?? ""}
            options={[
              ["", "Any type"],
              ["offer", "Offers"],
              ["need", "Needs"],
            ]}
          />
          <label className="min-w-0">
            <span className="label">Skill</span>
            <input
              name="skill"
              defaultValue={f.skill ?? ""}
              list="board-skills"
              placeholder="Any skill"
              className="input"
            />
            <datalist id="board-skills">
              {d.skills.map((s) => (
                <option key={s.tag} value={s.label} />
              ))}
            </datalist>
          </label>
          <Select
            label="Format"
            name="format"
            value={f.format ?? ""}
            options={[
              ["", "Any format"],
              ["online", FORMAT_LABELS.online],
              ["in_person", FORMAT_LABELS.in_person],
            ]}
          />
          <Select
            label="Price"
            name="price"
            value={f.price ?? ""}
            options={[
              ["", "Any price"],
              ["per_hour", PRICE_LABELS.per_hour],
              ["fixed", PRICE_LABELS.fixed],
              ["swap", PRICE_LABELS.swap],
            ]}
          />
          <Select
            label="Sort"
            name="sort"
            value={f.sort}
            options={BOARD_SORTS.map((s) => [s, SORT_LABELS[s]] as const)}
          />
          <label className="flex items-end gap-2 pb-2 text-sm">
            <input
              type="checkbox"
              name="mine"
              value="1"
              defaultChecked={f.mine}
              className="h-4 w-4 rounded border-slate-300"
            />
            Matches me
          </label>
        </div>
        {filtered ? (
          <p className="text-sm">
            <Link to="/board" className="font-medium text-brand-700 hover:underline">
              Clear filters
            </Link>
          </p>
        ) : null}
      </Form>

      <section aria-label={f.q ? "Search results" : "Posts"}>
        {firstPage && !f.q && f.sort === "newest" ? (
          <NewPostsBanner shown={d.posts.map((p) => p.id)} since={d.now} onShow={() => revalidator.revalidate()} />
        ) : null}
        {f.mine && !d.hasSkills ? (
          <p className="mb-3 text-sm text-slate-600">
            Add skills you teach or want on{" "}
            <Link to="/profile" className="font-medium text-brand-700 hover:underline">
              your profile
            </Link>{" "}
            to see the posts that match you.
          </p>
        ) : null}
        {d.posts.length === 0 ? (
          <EmptyState
            title={filtered ? "No posts match" : "No posts yet"}
            action={
              <Link to="/board/new" className="btn-primary">
                Put up a post
              </Link>
            }
          >
            {filtered ? "Try fewer filters or other words." : "Be the first to say what you can give or what you need."}
          </EmptyState>
        ) : (
          <ul
            className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
            data-testid="board-list"
          >
            {d.posts.map((p) => (
              <PostCard key={p.id} post={p} now={d.now} />
            ))}
          </ul>
        )}
        <nav aria-label="Pages" className="mt-4 flex justify-between text-sm">
          {!firstPage ? (
            <Link
              to={`/board${filtersQuery(f)}`}
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              <Icon name="back" className="h-4 w-4 shrink-0" />
              First page
            </Link>
          ) : (
            <span />
          )}
          {d.next ? (
            <Link
              to={`/board${filtersQuery(f, { after: d.next })}`}
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              rel="next"
            >
              Next page
              <Icon name="forward" className="h-4 w-4 shrink-0" />
            </Link>
          ) : d.more ? (
            <Link
              to={`/board${filtersQuery(f, { page: String(d.page + 1) })}`}
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              rel="next"
            >
              Next page
              <Icon name="forward" className="h-4 w-4 shrink-0" />
            </Link>
          ) : null}
        </nav>
      </section>
    </>
  );
}

function Select({
  label,
  name,
  value,
  options,
}: {
  label: string;
  name: string;
  value: string;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="min-w-0">
      <span className="label">{label}</span>
      <select name={name} defaultValue={value} className="input">
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
