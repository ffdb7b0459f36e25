import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { forumThreadFeed } from "~/engine/live/feed-names";
import type { ForumAuthor, ForumPostPayload, ForumThreadPayload } from "~/engine/live/feeds";
import { quoteMarkdown } from "~/features/community/rules";
import type { ReactionKind } from "~/documents/community";
import { Composer } from "./composer";
import { PostItem } from "./post-item";
import { PostTime } from "./post-time";
import { SpaceName } from "./space-text";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { IsolatedName } from "../members/isolated-name";

export interface ThreadViewProps {
  threadId: string;
  title: string;
  space: { id: string; name: string };
  author: ForumAuthor;
  createdAt: number;
  me: string;
  following: boolean;
  myReactions: Record<string, ReactionKind[]>;
  initial: ForumThreadPayload;
  now: number;
}

type ActionAnswer = { ok: true; intent: string; postId?: string; message?: string } | { ok: false; error: string };

/**
 * A thread with its posts, live: new replies, edits, deletions and reaction counts arrive through
 * the forumThread feed without a reload. Used by /community/$threadId and /discuss?thread=.
 */
export function ThreadView(props: ThreadViewProps) {
  const { t } = useTranslation("community");
  const { threadId, me, now } = props;
  const live = useLiveFeed(forumThreadFeed(threadId), props.initial, { worded: true });
  const action = `/community/${threadId}`;
  const replyFetcher = useFetcher<ActionAnswer>();
  const follow = useFetcher<ActionAnswer>();
  const [text, setText] = useState("");
  const [quoteOf, setQuoteOf] = useState<string | null>(null);
  const answer = replyFetcher.state === "idle" ? replyFetcher.data : undefined;
  const posted = answer?.ok === true ? answer.postId : undefined;

  useEffect(() => {
    if (!posted) return;
    setText("");
    setQuoteOf(null);
  }, [posted]);

  const thread = live.thread;
  if (!thread) {
    return <p className="card text-sm text-slate-600">{t("thread.gone")}</p>;
  }
  const following = follow.formData ? follow.formData.get("follow") === "1" : props.following;
  const onQuote = (post: ForumPostPayload) => {
    setQuoteOf(post.id);
    setText((t) => quoteMarkdown(post.author.name.text, post.body) + t);
    document.getElementById("reply-box")?.scrollIntoView({ behavior: "smooth", block: "center" });
  };

  return (
    <div className="space-y-4">
      <header className="space-y-2">
        <p className="text-sm">
          <a href={`/community?space=${props.space.id}`} className="font-medium text-brand-700 hover:underline">
            <SpaceName space={props.space} />
          </a>
        </p>
        <h1
          dir="auto"
          translate="no"
          className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]"
        >
          {thread.title}
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <span>
            {interleave((name) => t("thread.startedBy", { name }), <IsolatedName name={props.author.name} />)} ·{" "}
            <PostTime at={props.createdAt} now={now} />
          </span>
          <span data-testid="reply-count">{t("list.replies", { count: thread.replyCount })}</span>
          <follow.Form method="post" action={action}>
            <input type="hidden" name="intent" value="follow" />
            <input type="hidden" name="follow" value={following ? "0" : "1"} />
            <button type="submit" className="btn-secondary px-3 py-1" aria-pressed={following}>
              {following ? t("thread.following") : t("thread.follow")}
            </button>
          </follow.Form>
        </div>
      </header>

      <ol className="space-y-3" data-testid="posts" aria-live="polite">
        {live.posts.map((post) => (
          <li key={post.id}>
            <PostItem
              post={post}
              ctx={{
                threadId,
                action,
                me,
                threadAuthorUid: props.author.uid,
                answerPostId: thread.answerPostId,
                mine: props.myReactions[post.id] ?? [],
                now,
                onQuote,
              }}
            />
          </li>
        ))}
      </ol>

      <replyFetcher.Form method="post" action={action} id="reply-box" className="card space-y-3">
        <input type="hidden" name="intent" value="reply" />
        {quoteOf ? <input type="hidden" name="quoteOf" value={quoteOf} /> : null}
        <Composer
          label={t("thread.yourReply")}
          value={text}
          onChange={setText}
          rows={4}
          error={answer && !answer.ok ? answer.error : undefined}
        />
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-primary" disabled={replyFetcher.state !== "idle" || !text.trim()}>
            {replyFetcher.state !== "idle" ? t("thread.posting") : t("thread.reply")}
          </button>
          {quoteOf ? (
            <button type="button" className="text-sm text-slate-600 hover:underline" onClick={() => setQuoteOf(null)}>
              {t("thread.notQuote")}
            </button>
          ) : null}
          {answer?.ok ? (
            <p role="status" className="text-sm text-emerald-700">
              {answer.message}
            </p>
          ) : null}
        </div>
      </replyFetcher.Form>
    </div>
  );
}
