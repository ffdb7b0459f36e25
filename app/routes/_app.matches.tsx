import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { useAppLinks } from "~/components/matches/app-links";
import { MatchCard, matchCardLabels } from "~/components/matches/match-card";
import { useMemberActions } from "~/components/members/member-actions";
import { usePresence } from "~/components/members/use-presence";
import { EmptyState, PageHeader } from "~/components/page-header";
import { getStore } from "~/engine/index.server";
import { viewerZone } from "~/features/bookings/views.server";
import { findMatches } from "~/features/matches/matches.server";
import { requireUser } from "~/features/auth/auth.server";
import { pageMeta } from "~/utils/meta";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

// "members": the cards' skill chips and actions.
export const handle = { i18n: ["chat", "members"] };
export const clientLoader = loadingNamespaces("chat", "members");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const skill = (params.get("skill") ?? "").slice(0, 80);
  const onlineOnly = params.get("online") === "1";
  const page = Number(params.get("page") ?? "1") || 1;
  const language = await languageOf(request, user.profile.language);
  const result = await findMatches(await getStore(), user, { skill, onlineOnly, page, nextSlot: true, language });
  const t = fixedT(language, "chat");
  return {
    title: t("matches.title"),
    ...result,
    filters: { skill, onlineOnly },
    now: Date.now(),
    timeZone: viewerZone(user.profile.timezone),
  };
}

export default function Matches() {
  const { cards, page, pages, total, noSkills, filters, now, timeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("chat");
  const { t: tMembers } = useTranslation("members");
  const locale = useFormatLocale();
  // One object until the language changes, so the memoised cards are not drawn again for it (decision 151).
  const labels = useMemo(() => matchCardLabels(t, tMembers), [t, tMembers]);
  const presence = usePresence(Object.fromEntries(cards.map((c) => [c.member.uid, c.presence])));
  const actions = useMemberActions();
  const cardLinks = useAppLinks<HTMLDivElement>();
  return (
    <>
      <PageHeader
        title={t("matches.title")}
        description={t("matches.description")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/board" className="btn-secondary">
              {t("matches.board")}
            </Link>
            <Link to="/members" className="btn-secondary">
              {t("matches.members")}
            </Link>
          </div>
        }
      />
      <Form method="get" className="card mb-6 flex flex-wrap items-end gap-3" role="search">
        <label className="min-w-48 flex-1">
          <span className="label">{t("matches.filter.skill")}</span>
          <input
            name="skill"
            type="search"
            defaultValue={filters.skill}
            placeholder={t("matches.filter.placeholder")}
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
          {t("matches.filter.online")}
        </label>
        <button type="submit" className="btn-primary shrink-0 whitespace-nowrap">
          {t("matches.filter.submit")}
        </button>
      </Form>
      {noSkills ? (
        <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {interleave(
            (mark) => t("matches.noSkills", { link: mark }),
            <Link to="/profile" className="font-semibold underline">
              {t("matches.noSkillsLink")}
            </Link>,
          )}
        </p>
      ) : null}
      {cards.length === 0 ? (
        <EmptyState title={t("matches.empty.title")}>
          {filters.skill || filters.onlineOnly ? t("matches.empty.filtered") : t("matches.empty.none")}
        </EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">{t("matches.total", { count: total })}</p>
          <div ref={cardLinks} className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {cards.map((card) => (
              <MatchCard
                key={card.member.uid}
                {...card}
                presence={presence[card.member.uid] ?? card.presence}
                now={now}
                timeZone={timeZone}
                {...actions.pendingFor(card.member.uid)}
                onMemberAction={actions.onSubmit}
                t={t}
                tMembers={tMembers}
                locale={locale}
                labels={labels}
              />
            ))}
          </div>
          <Pager page={page} pages={pages} />
        </>
      )}
    </>
  );
}
