import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { NewThreadsBanner, SearchResults, ThreadList } from "~/components/community/thread-list";
import { getStore } from "~/engine/index.server";
import { loadCommunityPage } from "~/features/community/community-page.server";
import { SORTS } from "~/features/community/sorts";
import { SpaceDescription, spaceName } from "~/components/community/space-text";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "community" };
export const clientLoader = loadingNamespaces("community");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const page = await loadCommunityPage(await getStore(), user, new URL(request.url).searchParams, language);
  return { ...page, title: fixedT(language, "community")("title") };
}

function href(params: { space?: string | null; sort?: string; after?: string | null; allSpaces?: boolean }) {
  const search = new URLSearchParams();
  if (params.space) search.set("space", params.space);
  if (params.sort && params.sort !== "latest") search.set("sort", params.sort);
  if (params.after) search.set("after", params.after);
  if (params.allSpaces) search.set("spaces", "all");
  const s = search.toString();
  return s ? `/community?${s}` : "/community";
}

export default function Community() {
  const d = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const current = d.spaces.find((s) => s.id === d.spaceId);
  const { t } = useTranslation("community");
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to={d.spaceId ? `/discuss?space=${d.spaceId}` : "/discuss"} className="btn-primary">
            {t("newThread.link")}
          </Link>
        }
      />
      <Form method="get" action="/community" role="search" className="mb-4 flex gap-2">
        <label htmlFor="forum-search" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="forum-search"
          name="q"
          type="search"
          defaultValue={d.q}
          placeholder={t("search.placeholder")}
          className="input"
          maxLength={200}
        />
        <button type="submit" className="btn-secondary shrink-0 whitespace-nowrap">
          {t("search.button")}
        </button>
      </Form>

      <div className="grid gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <nav aria-label={t("spacesNav")} className="min-w-0">
          <ul className="flex gap-2 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible">
            <li>
              <Link
                to={href({ sort: d.sort })}
                aria-current={d.spaceId === null && !d.q ? "page" : undefined}
                className={`block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm ${d.spaceId === null ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {t("allSpaces")}
              </Link>
            </li>
            {d.spaces.map((s) => (
              <li key={s.id}>
                <Link
                  to={href({ space: s.id, sort: d.sort })}
                  aria-current={d.spaceId === s.id ? "page" : undefined}
                  className={`flex justify-between gap-2 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm ${d.spaceId === s.id ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {/* A flex item as it is: a wrapping <span> changed nothing on screen (decision 115). */}
                  {spaceName(s, t)}
                  {s.threadCount ? <span className="text-xs text-slate-500">{s.threadCount}</span> : null}
                </Link>
              </li>
            ))}
            {d.hiddenSpaces ? (
              <li>
                <Link
                  to={href({ space: d.spaceId, sort: d.sort, allSpaces: true })}
                  className="block whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-slate-100"
                >
                  {t("moreSpaces", { count: d.hiddenSpaces })}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>

        <section className="min-w-0" aria-label={d.q ? t("search.results") : t("threads")}>
          {d.q ? (
            <SearchResults q={d.q} page={d.page} results={d.results} more={d.more} now={d.now} />
          ) : (
            <>
              {current ? (
                <p className="mb-3 text-sm text-slate-600">
                  <SpaceDescription space={current} />
                </p>
              ) : null}
              <nav aria-label={t("sortNav")} className="mb-3 flex flex-wrap gap-1">
                {SORTS.map((s) => (
                  <Link
                    key={s}
                    to={href({ space: d.spaceId, sort: s })}
                    aria-current={d.sort === s ? "page" : undefined}
                    className={`rounded-full px-3 py-1 text-sm ${d.sort === s ? "bg-slate-900 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"}`}
                  >
                    {t(`sorts.${s}`)}
                  </Link>
                ))}
              </nav>
              {d.after === null ? (
                <NewThreadsBanner
                  spaceId={d.spaceId}
                  shown={d.threads.map((t) => t.id)}
                  since={d.now}
                  onShow={() => revalidator.revalidate()}
                />
              ) : null}
              <ThreadList threads={d.threads} spaces={d.rowSpaces} now={d.now} />
              <div className="mt-4 flex justify-between text-sm">
                {d.after ? (
                  <Link
                    to={href({ space: d.spaceId, sort: d.sort })}
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
                    to={href({ space: d.spaceId, sort: d.sort, after: d.next })}
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                    rel="next"
                  >
                    {t("nextPage")}
                    <Icon name="forward" className="h-4 w-4 shrink-0" />
                  </Link>
                ) : null}
              </div>
            </>
          )}
        </section>
      </div>
    </>
  );
}
