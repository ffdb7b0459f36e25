/**
 * The board's lists, like the forum's (decision 018): for each active post an entry in the list of
 * all posts and in its skill's list, whose id is the post's newest key turned around so that ids
 * sort newest first. A page is then "the first N entries of a collection by id" with equality
 * filters on the entry's own fields (type, format flags, price kind), which both engines answer
 * from their primary index, stopping at N, without sorting the rest (`npm run bench:board`).
 * Only active posts have entries. Decision 039.
 */
import {
  BOARD_SEARCH_INDEX,
  boardListEntryPath,
  readBoardPost,
  boardPostPath,
  type BoardListEntryDoc,
  type BoardPostDoc,
} from "~/documents/board";
import type { Transaction } from "~/engine/store/types";
import { skillSpaceId } from "~/features/community/rules";

export const ALL_LIST = "all";

/** A skill's list: readable and unique per tag, as the forum's skill spaces. */
export function skillList(tag: string): string {
  return skillSpaceId(tag);
}

/** 9 − each digit of the 15-digit time, so the newest post has the smallest id; its id stays last. */
export function entryIdOf(newestKey: string): string {
  const cut = newestKey.indexOf("_");
  return newestKey.slice(0, cut).replace(/\d/g, (d) => String(9 - Number(d))) + newestKey.slice(cut);
}

type Listed = Pick<
  BoardPostDoc,
  "status" | "type" | "skillTag" | "format" | "price" | "createdAt" | "expiresAt" | "newestKey"
>;

function entryOf(postId: string, post: Listed): BoardListEntryDoc {
  return {
    postId,
    type: post.type,
    skillTag: post.skillTag,
    online: post.format !== "in_person",
    inPerson: post.format !== "online",
    priceKind: post.price.kind,
    createdAt: post.createdAt,
    expiresAt: post.expiresAt,
  };
}

const listsOf = (post: Listed) => [ALL_LIST, skillList(post.skillTag)];

/**
 * Writes only: puts the post's entries where `after` says (none unless active), taking away what
 * `before` had. Entries are written again whenever the post was or is active, so a changed field
 * (an edit, a renewal) reaches its entry.
 */
export function writeBoardEntries(tx: Transaction, postId: string, before: Listed | null, after: Listed | null): void {
  const was = before?.status === "active" && before.newestKey ? before : null;
  const is = after?.status === "active" && after.newestKey ? after : null;
  const keep = new Set(is ? listsOf(is).map((list) => `${list}/${entryIdOf(is.newestKey)}`) : []);
  if (was)
    for (const list of listsOf(was))
      if (!keep.has(`${list}/${entryIdOf(was.newestKey)}`))
        tx.delete(boardListEntryPath(list, entryIdOf(was.newestKey)));
  if (is)
    for (const list of listsOf(is)) tx.set(boardListEntryPath(list, entryIdOf(is.newestKey)), entryOf(postId, is));
}

/** The text the search index holds for a post: its title twice (title words weigh more), skill, area and description. */
export function boardSearchText(post: Pick<BoardPostDoc, "title" | "skillLabel" | "description" | "area">): string {
  return `${post.title}\n${post.title}\n${post.skillLabel}\n${post.area}\n${post.description}`;
}

/** Writes only: indexed while active, removed otherwise, so only what is on the board is found. */
export function indexBoardPost(tx: Transaction, postId: string, post: BoardPostDoc | null): void {
  tx.indexText(BOARD_SEARCH_INDEX, boardPostPath(postId), post?.status === "active" ? boardSearchText(post) : null);
}

/**
 * A change of a post's status by someone else than its poster (reports, reviewers, the timed
 * work): reads the post now, and `apply(status)` later writes the status with its list entries
 * and its search index entry.
 */
export async function prepareBoardPostStatus(tx: Transaction, postId: string) {
  const doc = await tx.get(boardPostPath(postId));
  const post = doc && readBoardPost(doc);
  return {
    post,
    apply(status: BoardPostDoc["status"], fields: Partial<BoardPostDoc> = {}) {
      if (!post) return;
      const after = { ...post, ...fields, status };
      tx.update(boardPostPath(postId), { status, ...fields });
      writeBoardEntries(tx, postId, post, after);
      indexBoardPost(tx, postId, after);
    },
  };
}
