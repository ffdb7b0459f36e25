import { Link } from "@remix-run/react";
import { NewItemsBanner } from "~/components/live/new-items-banner";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { forumThreadsFeed } from "~/engine/live/feed-names";
import type { ForumAuthor } from "~/engine/live/feeds";
import { highlight } from "~/features/community/highlight";
import { postTime } from "./post-time";
import { pictureSources } from "~/features/members/picture";
import { Icon } from "~/components/icons";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";
import { spaceName } from "./space-text";
import { intlLocale } from "~/utils/format";
import { IsolatedName } from "../members/isolated-name";

interface ThreadRow {
  id: string;
  title: string;
  spaceId: string;
  author: ForumAuthor;
  replyCount: number;
  reactionCount: number;
  lastActivityAt: number;
  answered: boolean;
  seen: boolean;
  unread: number;
}

export function ThreadList({
  threads,
  spaces,
  now,
}: {
  threads: ThreadRow[];
  spaces: { id: string; name: string }[];
  now: number;
}) {
  const { t, i18n } = useTranslation("community");
  if (threads.length === 0) {
    return (
      <div className="card py-10 text-center text-sm text-slate-600">
        {interleave(
          (link) => t("list.empty", { link }),
          <Link to="/discuss" className="font-medium text-brand-700 hover:underline">
            {t("list.startOne")}
          </Link>,
        )}
      </div>
    );
  }
  const spaceOf = (id: string) => spaces.find((s) => s.id === id);
  const locale = intlLocale(i18n.language);
  return (
    <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" data-testid="thread-list">
      {threads.map((row) => (
        <li key={row.id} className="flex gap-3 px-4 py-3" data-testid="thread-row">
          <img
            {...pictureSources(row.author.avatar, 36)}
            alt=""
            className="mt-0.5 h-9 w-9 shrink-0 rounded-full bg-slate-100 object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2">
              <Link
                to={`/community/${row.id}`}
                className="font-semibold text-slate-900 hover:underline [overflow-wrap:anywhere]"
              >
                <bdi translate="no">{row.title}</bdi>
              </Link>
              {!row.seen ? (
                <span
                  className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800"
                  data-testid="unread"
                >
                  {t("list.new")}
                </span>
              ) : row.unread > 0 ? (
                <span
                  className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800"
                  data-testid="unread"
                >
                  {t("list.newReplies", { count: row.unread })}
                </span>
              ) : null}
              {row.answered ? (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                  {t("list.answered")}
                </span>
              ) : null}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              <IsolatedName name={row.author.name} /> · {spaceName(spaceOf(row.spaceId), t)} ·{" "}
              {t("list.replies", { count: row.replyCount })} · {t("list.reactions", { count: row.reactionCount })} ·{" "}
              {interleave((time) => t("list.active", { time }), postTime(row.lastActivityAt, now, t, locale))}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** "N new threads — show": new threads are announced, never pushed into the list being read. */
export function NewThreadsBanner({
  spaceId,
  shown,
  since,
  onShow,
}: {
  spaceId: string | null;
  shown: string[];
  since: number;
  onShow: () => void;
}) {
  const live = useLiveFeed(forumThreadsFeed(spaceId), { newest: [] });
  return (
    <NewItemsBanner
      newest={live.newest}
      shown={shown}
      since={since}
      kind="thread"
      testId="new-threads"
      onShow={onShow}
    />
  );
}

interface ResultRow {
  threadId: string;
  postId: string;
  title: string;
  body: string;
  author: ForumAuthor;
  createdAt: number;
}

export function SearchResults({
  q,
  page,
  results,
  more,
  now,
}: {
  q: string;
  page: number;
  results: ResultRow[];
  more: boolean;
  now: number;
}) {
  const { t, i18n } = useTranslation("community");
  const locale = intlLocale(i18n.language);
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">
        {interleave(
          (query) => t("search.resultsFor", { query, page: page + 1, paged: page > 0 ? "yes" : "no" }),
          <strong translate="no">{q}</strong>,
        )}{" "}
        ·{" "}
        <Link to="/community" className="text-brand-700 hover:underline">
          {t("search.clear")}
        </Link>
      </p>
      {results.length === 0 ? <p className="card text-sm text-slate-600">{t("search.none")}</p> : null}
      <ul className="space-y-2" data-testid="search-results">
        {results.map((r) => (
          <li key={r.postId} className="card p-4" data-testid="search-result">
            <Link
              to={r.postId === r.threadId ? `/community/${r.threadId}` : `/community/${r.threadId}#post-${r.postId}`}
              className="font-semibold text-slate-900 hover:underline"
            >
              <bdi translate="no">
                <Marked text={r.title} q={q} />
              </bdi>
            </Link>
            <p className="mt-1 text-sm text-slate-700" translate="no" dir="auto">
              <Marked text={r.body} q={q} />
            </p>
            <p className="mt-1 text-xs text-slate-500">
              <IsolatedName name={r.author.name} /> · {postTime(r.createdAt, now, t, locale)}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-between text-sm">
        {page > 0 ? (
          <Link
            to={`/community?${new URLSearchParams({ q, page: String(page - 1) })}`}
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            <Icon name="back" className="h-4 w-4 shrink-0" />
            {t("search.previous")}
          </Link>
        ) : (
          <span />
        )}
        {more ? (
          <Link
            to={`/community?${new URLSearchParams({ q, page: String(page + 1) })}`}
            className="inline-flex items-center gap-1 text-brand-700 hover:underline"
          >
            {t("search.more")}
            <Icon name="forward" className="h-4 w-4 shrink-0" />
          </Link>
        ) : null}
      </div>
    </div>
  );
}

function Marked({ text, q }: { text: string; q: string }) {
  return (
    <>
      {highlight(text, q).map((p, i) =>
        p.hit ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-inherit">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
