import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { EmptyState, PageHeader } from "~/components/page-header";
import { NewPostsBanner, PostCard } from "~/components/board/post-card";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { loadBoardPage } from "~/features/board/board-page.server";
import { filtersQuery, BOARD_SORTS } from "~/features/board/rules";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { interleave } from "~/i18n/interleave";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// Cards show post times through the forum's PostTime ("community").
export const handle = { i18n: ["board", "community"] };
export const clientLoader = loadingNamespaces("board", "community");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const page = await loadBoardPage(await getStore(), user, new URL(request.url).searchParams, language);
  return { ...page, title: fixedT(language, "board")("title") };
}

export default function Board() {
  const d = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const f = d.filters;
  const filtered = !!(f.type || f.skill || f.format || f.price || f.mine || f.q);
  const firstPage = d.after === null && d.page === 0;
  const { t } = useTranslation("board");
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/board/mine" className="btn-secondary">
              {t("links.mine")}
            </Link>
            <Link to="/board/new" className="btn-primary">
              {t("links.new")}
            </Link>
          </div>
        }
      />
      <Form method="get" action="/board" role="search" className="card mb-4 space-y-3" aria-label={t("filters.find")}>
        <div className="flex gap-2">
          <label htmlFor="board-search" className="sr-only">
            {t("filters.searchLabel")}
          </label>
          <input
            id="board-search"
            name="q"
            type="search"
            defaultValue={f.q}
            placeholder={t("filters.searchPlaceholder")}
            className="input"
            maxLength={200}
          />
          <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
            {t("filters.search")}
          </button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Select
            label={t("filters.type")}
            name="type"
            value={f.type ?? ""}
            options={[
              ["", t("filters.anyType")],
              ["offer", t("filters.offers")],
              ["need", t("filters.needs")],
            ]}
          />
          <label className="min-w-0">
            <span className="label">{t("filters.skill")}</span>
            <input
              name="skill"
              defaultValue={f.skill ?? ""}
              list="board-skills"
              placeholder={t("filters.anySkill")}
              className="input"
            />
            <datalist id="board-skills">
              {d.skills.map((s) => (
                <option key={s.tag} value={s.label} />
              ))}
            </datalist>
          </label>
          <Select
            label={t("filters.format")}
            name="format"
            value={f.format ?? ""}
            options={[
              ["", t("filters.anyFormat")],
              ["online", t("formats.online")],
              ["in_person", t("formats.in_person")],
            ]}
          />
          <Select
            label={t("filters.price")}
            name="price"
            value={f.price ?? ""}
            options={[
              ["", t("filters.anyPrice")],
              ["per_hour", t("priceKinds.per_hour")],
              ["fixed", t("priceKinds.fixed")],
              ["swap", t("priceKinds.swap")],
            ]}
          />
          <Select
            label={t("filters.sort")}
            name="sort"
            value={f.sort}
            options={BOARD_SORTS.map((s) => [s, t(`sorts.${s}`)] as const)}
          />
          <label className="flex items-end gap-2 pb-2 text-sm">
            <input
              type="checkbox"
              name="mine"
              value="1"
              defaultChecked={f.mine}
              className="h-4 w-4 rounded border-slate-300"
            />
            {t("filters.matchesMe")}
          </label>
        </div>
        {filtered ? (
          <p className="text-sm">
            <Link to="/board" className="font-medium text-brand-700 hover:underline">
              {t("filters.clear")}
            </Link>
          </p>
        ) : null}
      </Form>

      <section aria-label={f.q ? t("filters.results") : t("posts")}>
        {firstPage && !f.q && f.sort === "newest" ? (
          <NewPostsBanner shown={d.posts.map((p) => p.id)} since={d.now} onShow={() => revalidator.revalidate()} />
        ) : null}
        {f.mine && !d.hasSkills ? (
          <p className="mb-3 text-sm text-slate-600">
            {interleave(
              (link) => t("noSkills", { link }),
              <Link to="/profile" className="font-medium text-brand-700 hover:underline">
                {t("yourProfile")}
              </Link>,
            )}
          </p>
        ) : null}
        {d.posts.length === 0 ? (
          <EmptyState
            title={filtered ? t("empty.noMatch") : t("empty.none")}
            action={
              <Link to="/board/new" className="btn-primary">
                {t("links.putUp")}
              </Link>
            }
          >
            {filtered ? t("empty.tryFewer") : t("empty.beFirst")}
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
        <nav aria-label={t("pages")} className="mt-4 flex justify-between text-sm">
          {!firstPage ? (
            <Link
              to={`/board${filtersQuery(f)}`}
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              <Icon name="back" className="h-4 w-4 shrink-0" />
              {t("firstPage")}
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
              {t("nextPage")}
              <Icon name="forward" className="h-4 w-4 shrink-0" />
            </Link>
          ) : d.more ? (
            <Link
              to={`/board${filtersQuery(f, { page: String(d.page + 1) })}`}
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              rel="next"
            >
              {t("nextPage")}
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
