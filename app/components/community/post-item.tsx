import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { ReportButton } from "~/components/reports/report-button";
import type { ForumPostPayload } from "~/engine/live/feeds";
import { EDIT_WINDOW_MS } from "~/features/community/rules";
import { REACTIONS, type ReactionKind } from "~/documents/values";
import { REACTION_EMOJI } from "~/features/community/reactions";
import { Composer } from "./composer";
import { Markdown } from "./markdown";
import { exactTime, PostTime } from "./post-time";
import { useTranslation } from "react-i18next";
import { pictureSources } from "~/features/members/picture";
import { intlLocale } from "~/utils/format";
import { IsolatedName } from "../members/isolated-name";

export interface PostContext {
  threadId: string;
  action: string;
  me: string;
  threadAuthorUid: string;
  answerPostId: string | null;
  mine: ReactionKind[];
  now: number;
  onQuote: (post: ForumPostPayload) => void;
}

/** One post of a thread: author, time, "edited", its text, reactions, and what the reader may do with it. */
export function PostItem({ post, ctx }: { post: ForumPostPayload; ctx: PostContext }) {
  const { t, i18n } = useTranslation("community");
  const action = useFetcher<{ ok: boolean; error?: string }>();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.body);
  const own = post.author.uid === ctx.me;
  const isAnswer = ctx.answerPostId === post.id;
  const opening = post.id === ctx.threadId;
  const gone = post.deleted || post.hidden;
  const canEdit = own && !gone && ctx.now < post.createdAt + EDIT_WINDOW_MS;
  const failed = action.state === "idle" && action.data && !action.data.ok ? action.data.error : null;
  const saved = action.state === "idle" && action.data?.ok === true;
  useEffect(() => {
    if (saved) setEditing(false);
  }, [saved]);

  return (
    <article
      id={`post-${post.id}`}
      data-testid="post"
      data-post-id={post.id}
      className={`card scroll-mt-24 ${isAnswer ? "border-emerald-400 ring-1 ring-emerald-300" : ""}`}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <img
          {...pictureSources(post.author.avatar, 32)}
          alt=""
          className="h-8 w-8 rounded-full bg-slate-100 object-cover"
        />
        <a href={`/members/${post.author.uid}`} className="font-semibold text-slate-900 hover:underline">
          <IsolatedName name={post.author.name} />
        </a>
        <span className="text-slate-500">
          <PostTime at={post.createdAt} now={ctx.now} />
        </span>
        {post.editedAt && !post.deleted ? (
          <span
            className="text-xs text-slate-500"
            title={t("post.editedAt", { time: exactTime(post.editedAt, intlLocale(i18n.language)) })}
            data-testid="edited"
          >
            {t("post.edited")}
          </span>
        ) : null}
        {isAnswer ? (
          <span
            className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800"
            data-testid="answer-badge"
          >
            {t("post.answerBadge")}
          </span>
        ) : null}
      </header>

      <div className="mt-3">
        {post.deleted ? (
          <p className="text-sm italic text-slate-500">{t("post.deleted")}</p>
        ) : post.hidden ? (
          <p className="text-sm italic text-slate-500">{t("post.hidden")}</p>
        ) : editing ? (
          <action.Form method="post" action={ctx.action} className="space-y-2">
            <input type="hidden" name="intent" value="edit" />
            <input type="hidden" name="postId" value={post.id} />
            <Composer label={t("post.editLabel")} value={draft} onChange={setDraft} rows={5} />
            <div className="flex gap-2">
              <button type="submit" className="btn-primary" disabled={action.state !== "idle"}>
                {t("post.save")}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setEditing(false)}>
                {t("post.cancel")}
              </button>
            </div>
          </action.Form>
        ) : (
          <div translate="no">
            <Markdown text={post.body} />
          </div>
        )}
      </div>

      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failed}
        </p>
      ) : null}

      {gone ? null : (
        <footer className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          {/* One form for the five reactions: the pressed button says which (its name and value are sent). */}
          <action.Form method="post" action={ctx.action}>
            <div className="flex flex-wrap gap-1" role="group" aria-label={t("post.reactions")}>
              <input type="hidden" name="intent" value="react" />
              <input type="hidden" name="postId" value={post.id} />
              {REACTIONS.map((kind) => {
                const count = post.reactions[kind] ?? 0;
                const pressed = ctx.mine.includes(kind);
                return (
                  <button
                    key={kind}
                    type="submit"
                    name="kind"
                    value={kind}
                    aria-pressed={pressed}
                    aria-label={t("post.reaction", { kind, count })}
                    data-testid={`react-${kind}`}
                    className={`rounded-full border px-2 py-0.5 ${pressed ? "border-brand-400 bg-brand-50" : "border-slate-200 bg-white"} ${count === 0 && !pressed ? "text-slate-600" : ""}`}
                  >
                    {REACTION_EMOJI[kind]} <span data-testid="reaction-count">{count}</span>
                  </button>
                );
              })}
            </div>
          </action.Form>
          <span className="flex-1" />
          <button type="button" className="text-slate-600 hover:underline" onClick={() => ctx.onQuote(post)}>
            {t("post.quote")}
          </button>
          {ctx.me === ctx.threadAuthorUid && !opening ? (
            <action.Form method="post" action={ctx.action}>
              <input type="hidden" name="intent" value="answer" />
              <input type="hidden" name="postId" value={isAnswer ? "" : post.id} />
              <button type="submit" className="text-emerald-700 hover:underline">
                {isAnswer ? t("post.unmarkAnswer") : t("post.markAnswer")}
              </button>
            </action.Form>
          ) : null}
          {canEdit ? (
            <button
              type="button"
              className="text-slate-600 hover:underline"
              onClick={() => (setDraft(post.body), setEditing(true))}
            >
              {t("post.edit")}
            </button>
          ) : null}
          {own ? (
            <action.Form
              method="post"
              action={ctx.action}
              onSubmit={(e) => {
                if (!window.confirm(t("post.confirmDelete"))) e.preventDefault();
              }}
            >
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="postId" value={post.id} />
              <button type="submit" className="text-red-700 hover:underline">
                {t("post.delete")}
              </button>
            </action.Form>
          ) : (
            <ReportButton targetKind="post" targetId={post.id} contextId={ctx.threadId} />
          )}
        </footer>
      )}
    </article>
  );
}
