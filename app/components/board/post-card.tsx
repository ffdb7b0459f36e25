import { Link } from "@remix-run/react";
import { NewItemsBanner } from "~/components/live/new-items-banner";
import { useLiveFeed } from "~/components/live/use-live-feed";
import { PostTime } from "~/components/community/post-time";
import { pictureSources } from "~/features/members/picture";
import { useBoardText } from "./board-text";
import type { BoardCard } from "~/features/board/read.server";
import type { WithSkillNames } from "~/features/board/skill-names.server";
import { IsolatedName } from "../members/isolated-name";

/** "Offer" / "Need" as a coloured badge, the same on cards, the post page and My posts. */
export function TypeBadge({ type }: { type: BoardCard["type"] }) {
  const text = useBoardText();
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${type === "offer" ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}
    >
      {text.type(type)}
    </span>
  );
}

/** One post in a list: what, who, how, at what price, when. */
/** A card's skill comes named in the reader's language (withSkillNames), so a loader that skips it does not compile. */
export function PostCard({ post, now }: { post: WithSkillNames<BoardCard>; now: number }) {
  const text = useBoardText();
  return (
    <li className="flex gap-3 px-4 py-4" data-testid="board-post">
      <img
        {...pictureSources(post.poster.avatar, 40)}
        alt=""
        className="mt-0.5 h-10 w-10 shrink-0 rounded-full bg-slate-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <TypeBadge type={post.type} />
          <span className="text-xs font-medium text-slate-600">
            <bdi translate={post.skillOwn ? "no" : undefined}>{post.skillLabel}</bdi>
          </span>
          {post.mine ? <span className="text-xs text-slate-500">{text.t("card.yours")}</span> : null}
        </p>
        <h2 className="mt-1 text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">
          <Link to={`/board/${post.id}`} className="hover:underline" translate="no">
            {/* Isolated: an English title ending in "?" keeps it at its end in Arabic. */}
            <bdi>{post.title}</bdi>
          </Link>
        </h2>
        <p className="mt-1 line-clamp-2 text-sm text-slate-700 [overflow-wrap:anywhere]" translate="no" dir="auto">
          {plainExcerpt(post.excerpt)}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
          <span className="font-medium text-slate-800">{text.price(post.price)}</span>
          <span aria-hidden="true">·</span>
          <span className="[overflow-wrap:anywhere]">{text.format(post.format, post.area)}</span>
          <span aria-hidden="true">·</span>
          <span>
            <IsolatedName name={post.poster.name} />, <PostTime at={post.createdAt} now={now} />
          </span>
        </p>
      </div>
    </li>
  );
}

/** A card shows the description's words, not its Markdown marks. */
function plainExcerpt(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** "N new posts — show": new posts are announced, never pushed into the list being read. */
export function NewPostsBanner({ shown, since, onShow }: { shown: string[]; since: number; onShow: () => void }) {
  const live = useLiveFeed("boardNewest", { newest: [] });
  return (
    <NewItemsBanner newest={live.newest} shown={shown} since={since} kind="post" testId="new-posts" onShow={onShow} />
  );
}
