import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Markdown } from "~/components/community/markdown";
import { PostTime } from "~/components/community/post-time";
import { PostCard, TypeBadge } from "~/components/board/post-card";
import { ReportButton } from "~/components/reports/report-button";
import { PostAnswers } from "~/components/board/proposal-panel";
import { loadPostAnswers } from "~/features/board/proposal-views.server";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { BoardError } from "~/features/board/errors.server";
import { daysLeft } from "~/features/board/expiry";
import { loadBoardPost, viewerOf } from "~/features/board/read.server";
import { withSkillNames } from "~/features/board/skill-names.server";
import { useBoardText } from "~/components/board/board-text";
import { loadingNamespaces } from "~/i18n/client-loader";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { interleave } from "~/i18n/interleave";
import { pictureSources } from "~/features/members/picture";
import { pageMeta } from "~/utils/meta";
import { Icon } from "~/components/icons";
import { IsolatedName } from "~/components/members/isolated-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.pageTitle, matches });

// The post's description and times are drawn by the forum's Markdown and PostTime ("community"), an
// offer's booking panel by the bookings' words ("bookings").
export const handle = { i18n: ["board", "community", "bookings"] };
export const clientLoader = loadingNamespaces("board", "community", "bookings");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await languageOf(request, user.profile.language);
  try {
    const store = await getStore();
    const now = Date.now();
    const view = await loadBoardPost(
      store,
      viewerOf(user.uid, user.profile, language),
      params.postId ?? "",
      now,
      user.profile.role === "admin",
    );
    // Message, Book, Propose and the proposals (issue 29, part B); nothing to answer on a hidden post.
    const answers =
      view.post.shownStatus === "hidden" && !view.mine
        ? null
        : await loadPostAnswers(store, view.post, { uid: user.uid, timezone: user.profile.timezone, language }, now);
    // The post's title is the member's words, shown as written inside the page title's message.
    const pageTitle = fixedT(language, "board")("post.pageTitle", { title: view.post.title });
    return {
      ...view,
      post: withSkillNames([view.post], language)[0]!,
      others: withSkillNames(view.others, language),
      answers,
      now,
      pageTitle,
    };
  } catch (error) {
    if (error instanceof BoardError) throw new Response(error.textIn(language), { status: error.status });
    throw error;
  }
}

// A report leaves the page as it is, with the report's thanks, even when it hid the post.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === "/api/reports" ? false : defaultShouldRevalidate;

export default function BoardPostPage() {
  const { post, poster, others, mine, answers, now } = useLoaderData<typeof loader>();
  const status = post.shownStatus;
  const stars = poster.rating.average;
  const text = useBoardText();
  const { t } = text;
  return (
    <div className="mx-auto max-w-4xl">
      <p className="mb-4 text-sm">
        <Link to="/board" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
          <Icon name="back" className="h-4 w-4 shrink-0" />
          {t("title")}
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-4">
          <article className="card min-w-0 space-y-4" aria-labelledby="post-title">
            {status !== "active" ? (
              <p role="status" className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
                {t(`post.status.${status}`)}
              </p>
            ) : null}
            <p className="flex flex-wrap items-center gap-2">
              <TypeBadge type={post.type} />
              <bdi translate={post.skillOwn ? "no" : undefined} className="text-sm font-medium text-slate-700">
                {post.skillLabel}
              </bdi>
            </p>
            <h1
              id="post-title"
              translate="no"
              dir="auto"
              className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]"
            >
              {post.title}
            </h1>
            <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-500">{t("post.price")}</dt>
                <dd className="font-semibold text-slate-900">{text.price(post.price)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t("post.where")}</dt>
                <dd className="text-slate-900 [overflow-wrap:anywhere]">{text.format(post.format, post.area)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t("post.posted")}</dt>
                <dd className="text-slate-900">
                  <PostTime at={post.createdAt} now={now} />
                  {status === "active" ? ` · ${t("daysLeft", { count: daysLeft(post, now) })}` : ""}
                </dd>
              </div>
            </dl>
            <div className="border-t border-slate-100 pt-4" translate="no">
              <Markdown text={post.description} />
            </div>
            {/* The poster's own actions; Message, Book and Propose follow the post (PostAnswers). */}
            <div
              data-testid="post-actions"
              className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4 empty:hidden"
            >
              {mine ? (
                <>
                  {status !== "hidden" ? (
                    <Link to={`/board/${post.id}/edit`} className="btn-secondary">
                      {t("mine.edit")}
                    </Link>
                  ) : null}
                  <Link to="/board/mine" className="btn-secondary">
                    {t("post.manage")}
                  </Link>
                </>
              ) : null}
            </div>
            {!mine && status !== "hidden" ? (
              <ReportButton targetKind="board_post" targetId={post.id} contextId={post.id} />
            ) : null}
          </article>
          {answers ? <PostAnswers data={answers} /> : null}
        </div>

        <aside className="space-y-4" aria-label={t("post.poster")}>
          <section className="card space-y-3" data-testid="poster-card">
            <div className="flex items-center gap-3">
              <img
                {...pictureSources(poster.avatar, 48)}
                alt=""
                className="h-12 w-12 shrink-0 rounded-full bg-slate-100 object-cover"
              />
              <div className="min-w-0">
                <h2 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                  <Link to={`/members/${poster.uid}`} className="hover:underline">
                    <IsolatedName name={poster.name} />
                  </Link>
                </h2>
                <p className="text-xs text-slate-600">{t("post.level", { level: poster.level })}</p>
              </div>
            </div>
            <p className="text-sm text-slate-700">
              {stars !== null
                ? t("post.rating", { stars: text.stars(stars), count: poster.rating.count })
                : t("post.noReviews")}
            </p>
            {poster.languages.length ? (
              <p className="text-sm text-slate-700">
                {interleave(
                  (languages) => t("post.speaks", { languages }),
                  <bdi translate="no">{poster.languages.join(", ")}</bdi>,
                )}
              </p>
            ) : null}
          </section>
          {others.length ? (
            <section aria-labelledby="other-posts">
              <h2 id="other-posts" className="mb-2 text-sm font-semibold text-slate-900">
                {interleave((name) => t("post.moreFrom", { name }), <IsolatedName name={poster.name} />)}
              </h2>
              <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
                {others.map((p) => (
                  <PostCard key={p.id} post={p} now={now} />
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
