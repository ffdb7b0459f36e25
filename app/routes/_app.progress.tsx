import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { BadgeList, SkillHoursTable, XpHistory } from "~/components/progress/progress-sections";
import { LevelWidget } from "~/components/progress/level-widget";
import { getStore } from "~/engine/index.server";
import { loadProgress } from "~/features/progress/progress.server";
import { viewerZone } from "~/features/bookings/views.server";
import { requireUser } from "~/features/auth/auth.server";
import { skillNamer } from "~/features/skills/skill-names.server";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatNumber } from "~/utils/format";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: "profile" };
export const clientLoader = loadingNamespaces("profile");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  const names = skillNamer(language);
  const progress = await loadProgress(await getStore(), user.uid);
  return {
    ...progress,
    title: fixedT(language, "profile")("progress.title"),
    // Taxonomy skills by their name in the reader's language; a member's own as written.
    skills: progress.skills.map((s) => ({ ...s, label: names.name(s.tag, s.label) })),
    history: progress.history.map((h) =>
      h.params.skill !== undefined && h.skillTag
        ? { ...h, params: { ...h.params, skill: names.name(h.skillTag, h.params.skill) } }
        : h,
    ),
    timeZone: viewerZone(user.profile.timezone),
  };
}

export default function ProgressPage() {
  const { t } = useTranslation("profile");
  const locale = useFormatLocale();
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={t("progress.title")} description={t("progress.description")} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="card" aria-labelledby="level-title">
          <h2 id="level-title" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t("progress.yourLevel")}
          </h2>
          <LevelWidget level={data.level} />
          <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
            <div>
              <dt className="text-xs text-slate-500">{t("progress.taught")}</dt>
              <dd className="text-xl font-semibold" data-testid="sessions-taught">
                {formatNumber(data.taught, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("progress.learned")}</dt>
              <dd className="text-xl font-semibold" data-testid="sessions-learned">
                {formatNumber(data.learned, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("progress.rating")}</dt>
              <dd className="text-xl font-semibold">
                {data.rating.average === null ? "–" : `${formatNumber(data.rating.average, locale)} ★`}
              </dd>
            </div>
          </dl>
        </section>
        <BadgeList badges={data.badges} />
        <SkillHoursTable skills={data.skills} />
        <XpHistory history={data.history} timeZone={data.timeZone} />
      </div>
    </>
  );
}
