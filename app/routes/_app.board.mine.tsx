import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError, FormNotice } from "~/components/form";
import { EmptyState, PageHeader } from "~/components/page-header";
import { TypeBadge } from "~/components/board/post-card";
import { ProposalItem } from "~/components/board/proposal-panel";
import { getStore } from "~/engine/index.server";
import { requireUser } from "~/features/auth/auth.server";
import { daysLeft } from "~/features/board/expiry";
import { runMineAction, type MineActionResult } from "~/features/board/mine-action.server";
import { loadMyPostsProposals, type AnswerView, type ProposalView } from "~/features/board/proposal-views.server";
import { listMyPosts } from "~/features/board/read.server";
import { withSkillNames } from "~/features/board/skill-names.server";
import { viewerZone } from "~/features/bookings/views.server";
import { MAX_ACTIVE_POSTS } from "~/features/board/rules";
import { useBoardText } from "~/components/board/board-text";
import { useTranslation } from "react-i18next";
import { fixedT, languageOf } from "~/i18n/i18n.server";
import { loadingNamespaces } from "~/i18n/client-loader";
import { readForm } from "~/utils/forms.server";
import { interleave } from "~/i18n/interleave";
import { useFormatLocale } from "~/i18n/use-format-locale";
import { formatDate, SHORT_DATE_TIME } from "~/utils/format";
import { pageMeta } from "~/utils/meta";
import { nameTranslate } from "~/components/members/isolated-name";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta({ title: data?.title, matches });

export const handle = { i18n: ["board"] };
export const clientLoader = loadingNamespaces("board");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const store = await getStore();
  const now = Date.now();
  const mine = await listMyPosts(store, user.uid, now);
  const all = [...mine.active, ...mine.expired, ...mine.closed, ...mine.hidden];
  // Each post's proposals with accept and decline where one waits (issue 29, "Manage").
  const language = await languageOf(request, user.profile.language);
  const { proposals, answers } = await loadMyPostsProposals(store, all, user.uid, language, now);
  const title = fixedT(language, "board")("mine.title");
  return {
    active: withSkillNames(mine.active, language),
    expired: withSkillNames(mine.expired, language),
    closed: withSkillNames(mine.closed, language),
    hidden: withSkillNames(mine.hidden, language),
    proposals,
    answers,
    now,
    timeZone: viewerZone(user.profile.timezone),
    title,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  return runMineAction(await getStore(), user.uid, form, await languageOf(request, user.profile.language));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Mine = Data["active"][number];
/** What every row reads besides its post: its answers, its proposals and the member's time zone. */
type RowContext = Pick<Data, "now" | "proposals" | "answers" | "timeZone">;

export default function MyPosts() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as MineActionResult | undefined;
  const none = d.active.length + d.expired.length + d.closed.length + d.hidden.length === 0;
  const { t } = useTranslation("board");
  return (
    <>
      <PageHeader
        title={t("mine.title")}
        description={t("mine.description", { max: MAX_ACTIVE_POSTS })}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/board" className="btn-secondary">
              {t("links.board")}
            </Link>
            <Link to="/board/new" className="btn-primary">
              {t("links.new")}
            </Link>
          </div>
        }
      />
      <div className="mb-4 space-y-2" aria-live="polite">
        {result?.ok ? <FormNotice>{result.message}</FormNotice> : null}
        {result && !result.ok ? <FormError message={result.error} /> : null}
      </div>
      {none ? (
        <EmptyState
          title={t("mine.none")}
          action={
            <Link to="/board/new" className="btn-primary">
              {t("links.putUp")}
            </Link>
          }
        >
          {t("mine.say")}
        </EmptyState>
      ) : (
        <div className="space-y-8">
          <Section
            id="posts-active"
            title={t("mine.active", { count: d.active.length, max: MAX_ACTIVE_POSTS })}
            posts={d.active}
            context={d}
          />
          <Section id="posts-expired" title={t("mine.expired")} posts={d.expired} context={d} />
          <Section id="posts-closed" title={t("mine.closed")} posts={d.closed} context={d} />
          {d.hidden.length ? <Section id="posts-hidden" title={t("mine.hidden")} posts={d.hidden} context={d} /> : null}
        </div>
      )}
    </>
  );
}

function Section({ id, title, posts, context }: { id: string; title: string; posts: Mine[]; context: RowContext }) {
  const { t } = useTranslation("board");
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {posts.length === 0 ? (
        <p className="text-sm text-slate-600">{t("mine.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {posts.map((p) => (
            <MyPostRow key={p.id} post={p} context={context} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The row's buttons, by the post's state; the server decides again (mine-action.server.ts). */
const ROW_ACTIONS: {
  intent: "renew" | "close" | "delete";
  shownWhen: (s: Mine["shownStatus"]) => boolean;
}[] = [
  { intent: "renew", shownWhen: (s) => s !== "closed" },
  { intent: "close", shownWhen: (s) => s === "active" },
  { intent: "delete", shownWhen: () => true },
];

function MyPostRow({ post, context }: { post: Mine; context: RowContext }) {
  const { now } = context;
  const text = useBoardText();
  const { t } = text;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("postId") === post.id;
  const status = post.shownStatus;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-4 py-4" data-testid="my-post">
      {/* A basis, so the buttons wrap under the post on a phone instead of squeezing it to a letter a line. */}
      <div className="min-w-0 flex-1 basis-60">
        <p className="flex flex-wrap items-center gap-2">
          <TypeBadge type={post.type} />
          <bdi translate={post.skillOwn ? "no" : undefined} className="text-xs font-medium text-slate-600">
            {post.skillLabel}
          </bdi>
        </p>
        <h3 className="mt-1 font-semibold text-slate-900 [overflow-wrap:anywhere]">
          <Link to={`/board/${post.id}`} className="hover:underline" translate="no">
            {/* Isolated: an English title ending in "?" keeps it at its end in Arabic. */}
            <bdi>{post.title}</bdi>
          </Link>
        </h3>
        <p className="mt-1 text-xs text-slate-600 [overflow-wrap:anywhere]">
          {text.price(post.price)} · {text.format(post.format, post.area)}
          {status === "active" ? ` · ${t("daysLeft", { count: daysLeft(post, now) })}` : ""}
        </p>
      </div>
      {status !== "hidden" ? (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="postId" value={post.id} />
          {status === "active" ? (
            <Link
              to={`/board/${post.id}/edit`}
              className="btn-secondary"
              aria-label={t("mine.actionOn", { action: t("mine.edit"), title: post.title })}
            >
              {t("mine.edit")}
            </Link>
          ) : null}
          {ROW_ACTIONS.filter((a) => a.shownWhen(status)).map((a) => (
            <button
              key={a.intent}
              type="submit"
              name="intent"
              value={a.intent}
              className={a.intent === "delete" ? "btn-secondary text-red-700" : "btn-secondary"}
              disabled={busy}
              aria-label={t("mine.actionOn", { action: t(`mine.${a.intent}`), title: post.title })}
            >
              {t(`mine.${a.intent}`)}
            </button>
          ))}
        </Form>
      ) : null}
      <PostAnswers post={post} answers={context.answers[post.id] ?? []} timeZone={context.timeZone} />
      <PostProposals post={post} proposals={context.proposals[post.id] ?? []} timeZone={context.timeZone} />
    </li>
  );
}

/**
 * The post's proposals under it, the newest first: who, when, how long, the SP asked or the swap,
 * the state, and accept or decline on one that waits (the post page's own items and actions).
 */
function PostProposals({ post, proposals, timeZone }: { post: Mine; proposals: ProposalView[]; timeZone: string }) {
  const { t } = useTranslation("board");
  const takesProposals = post.type === "need" || post.price.kind === "swap";
  if (proposals.length === 0 && !takesProposals) return null;
  const id = `proposals-${post.id}`;
  const waiting = proposals.filter((p) => p.state === "pending").length;
  return (
    <section className="w-full rounded-xl bg-slate-50 px-3 py-2" aria-labelledby={id} data-testid="my-post-proposals">
      <h4 id={id} className="text-sm font-semibold text-slate-800">
        {proposals.length === 0 ? t("mine.noProposals") : t("mine.proposals", { count: proposals.length, waiting })}
      </h4>
      {proposals.length ? (
        <ul className="divide-y divide-slate-200">
          {proposals.map((p) => (
            <ProposalItem key={p.id} p={p} isPoster timeZone={timeZone} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Who answered the post without a proposal (decision 070): a message quoting it, or a session
 * booked from the offer; when the latest was, and a link to the conversation or the session.
 */
function PostAnswers({ post, answers, timeZone }: { post: Mine; answers: AnswerView[]; timeZone: string }) {
  const { t } = useTranslation("board");
  const locale = useFormatLocale();
  if (answers.length === 0) return null;
  const id = `answers-${post.id}`;
  return (
    <section className="w-full rounded-xl bg-slate-50 px-3 py-2" aria-labelledby={id} data-testid="my-post-answers">
      <h4 id={id} className="text-sm font-semibold text-slate-800">
        {t("mine.answers", { count: answers.length })}
      </h4>
      <ul className="divide-y divide-slate-200">
        {answers.map((a) => (
          <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2" data-testid="answer">
            <p className="text-sm text-slate-900">
              {interleave(
                (name) => t(`mine.answered.${a.kind}`, { name, times: a.times }),
                <bdi translate={nameTranslate(a.answererName)} className="font-medium">
                  {a.answererName.text}
                </bdi>,
              )}{" "}
              ·{" "}
              <time dateTime={new Date(a.lastAt).toISOString()} className="text-slate-600">
                {formatDate(a.lastAt, locale, timeZone, SHORT_DATE_TIME)}
              </time>
            </p>
            <Link to={a.link} className="text-sm text-brand-700 underline">
              {t(a.kind === "message" ? "mine.openConversation" : "mine.openSession")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
