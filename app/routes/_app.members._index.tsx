import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SelectField } from "~/components/form";
import { Pager } from "~/components/pager";
import { Avatar } from "~/components/members/avatar";
import { SkillChips } from "~/components/members/skill-chips";
import { useLastSeen } from "~/components/members/use-last-seen";
import { EmptyState, PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { loadDirectory } from "~/features/members/directory.server";
import { readDirectoryQuery, searchDirectory } from "~/features/members/directory";
import { SKILL_LEVELS } from "~/documents/values";
import { requireUser } from "~/features/auth/auth.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber, formatSp, isolated } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: ["members"] };
export const clientLoader = loadingNamespaces("members");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const names = skillNamer(language);
  const query = readDirectoryQuery(new URL(request.url).searchParams);
  const directory = await loadDirectory(await getStore(), user.uid);
  const result = searchDirectory(directory, query, undefined, names.taxonomyNames());
  return {
    title: fixedT(language, "members")("title"),
    query,
    total: result.total,
    page: result.page,
    pages: result.pages,
    // Only what a card draws, its skills named in the reader's language: the rates and the sign-up
    // time are what the search weighs, not what a card shows (issue 28, decision 131).
    members: result.entries.map((e) => ({
      uid: e.uid,
      fullName: e.fullName,
      avatar: e.avatar,
      online: e.online,
      rating: e.rating,
      languages: e.languages,
      price: e.price,
      skillsOffered: names.skills(e.skillsOffered.slice(0, 6)),
      skillsWanted: names.skills(e.skillsWanted.slice(0, 6)),
    })),
  };
}

const SORT_KEYS = {
  relevance: "search.sorts.relevance",
  rating: "search.sorts.rating",
  price: "search.sorts.price",
  newest: "search.sorts.newest",
  name: "search.sorts.name",
} as const;

export default function Members() {
  const { query, total, page, pages, members } = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const locale = useFormatLocale();
  const lastSeen = useLastSeen();
  const priceText = (price: number | null) =>
    price === null ? t("price.none") : price === 0 ? t("price.free") : t("price.from", { sp: formatSp(price, locale) });
  const ratingText = (rating: { count: number; average: number | null }) =>
    rating.average === null
      ? t("rating.none")
      : t("rating.stars", {
          average: formatNumber(rating.average, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
          count: rating.count,
        });
  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          <Link to="/matches" className="btn-secondary">
            {t("yourMatches")}
          </Link>
        }
      />
      <Form
        method="get"
        role="search"
        aria-label={t("search.label")}
        className="card mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="min-w-0 sm:col-span-2">
          <span className="label">{t("search.text")}</span>
          <input
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={80}
            placeholder={t("search.placeholder")}
            className="input"
          />
        </label>
        <SelectField
          label={t("search.role")}
          name="role"
          value={query.role}
          options={[
            ["any", t("search.roles.any")],
            ["teaches", t("search.roles.teaches")],
            ["learns", t("search.roles.learns")],
          ]}
        />
        <SelectField
          label={t("search.level")}
          name="level"
          value={query.level}
          options={[["any", t("search.anyLevel")], ...SKILL_LEVELS.map((l) => [l, t(`levels.${l}`)] as const)]}
        />
        <label className="min-w-0">
          <span className="label">{t("search.maxPrice")}</span>
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
          label={t("search.rating")}
          name="minRating"
          value={String(query.minRating ?? "")}
          options={[
            ["", t("search.ratings.any")],
            ["4", t("search.ratings.four")],
            ["3", t("search.ratings.three")],
          ]}
        />
        <SelectField
          label={t("search.sort")}
          name="sort"
          value={query.sort}
          options={Object.entries(SORT_KEYS).map(([value, key]) => [value, t(key)] as const)}
        />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pt-5">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="online"
              value="1"
              defaultChecked={!!query.online}
              className="h-4 w-4 rounded border-slate-300"
            />
            {t("search.online")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="free"
              value="1"
              defaultChecked={!!query.free}
              className="h-4 w-4 rounded border-slate-300"
            />
            {t("search.free")}
          </label>
        </div>
        <div className="flex items-end sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary">
            {t("search.submit")}
          </button>
        </div>
      </Form>
      {members.length === 0 ? (
        <EmptyState title={t("empty.title")}>{t("empty.body")}</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" role="status">
            {t("count", { count: total })}
          </p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {members.map((m) => (
              <li key={m.uid} className="card flex min-w-0 flex-col gap-3" data-testid="member-card">
                <div className="flex items-start gap-3">
                  <Avatar
                    src={m.avatar}
                    presence={{ online: m.online, lastChanged: 0 }}
                    presenceLabel={lastSeen({ online: m.online, lastChanged: 0 }, 0)}
                  />
                  <div className="min-w-0 flex-1">
                    <h2 className="break-words text-base font-semibold leading-snug">
                      <Link to={`/members/${m.uid}`} className="hover:text-brand-700 hover:underline" translate="no">
                        <bdi>{m.fullName}</bdi>
                      </Link>
                    </h2>
                    <p className="text-xs text-slate-600">
                      {ratingText(m.rating)}
                      {m.languages.length ? (
                        <>
                          {" · "}
                          <bdi translate="no">{m.languages.join(", ")}</bdi>
                        </>
                      ) : null}
                    </p>
                  </div>
                </div>
                {m.skillsOffered.length ? (
                  <div>
                    <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("teaches")}</p>
                    <SkillChips skills={m.skillsOffered} />
                  </div>
                ) : null}
                {m.skillsWanted.length ? (
                  <div>
                    <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {t("wantsToLearn")}
                    </p>
                    <SkillChips skills={m.skillsWanted} />
                  </div>
                ) : null}
                <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
                  <p className="text-sm font-medium text-slate-700">{priceText(m.price)}</p>
                  {m.price !== null ? (
                    <Link
                      to={`/calendar?book=${m.uid}`}
                      className="btn-primary"
                      aria-label={t("bookLabel", { name: isolated(m.fullName) })}
                    >
                      {t("book")}
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
