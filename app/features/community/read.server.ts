/** Reading the forum: spaces, pages of threads with stable cursors, a thread with its posts, search. */
import { forumPostPayload, forumPostsOf, type ForumAuthor, type ForumPostPayload } from "~/engine/live/feeds";
import type { DocStore, WhereClause } from "~/engine/store/types";
import { getMembers } from "~/features/members/members.server";
import { readSkills } from "~/features/skills/tags";
import { ForumError, THREAD_NOT_FOUND } from "./errors";
import { reactionsOfThread } from "./interact.server";
import { isForumId, readsOf, SPACES, THREADS, threadPath } from "./paths";
import { SORT_KEY_FIELD, THREADS_PER_PAGE, isCursor, type ThreadSort } from "./rules";
import { orderSpaces, skillSpace, type Space } from "./spaces";
import type { PostDoc, ReactionKind, SpaceDoc, ThreadDoc } from "./types";
import { SEARCH_INDEX } from "./write.server";

export type AuthorCard = ForumAuthor;

export async function authorCards(store: DocStore, uids: readonly string[]): Promise<Record<string, AuthorCard>> {
  const members = await getMembers(store, [...new Set(uids)]);
  return Object.fromEntries([...members].map(([uid, m]) => [uid, { uid, fullName: m.fullName, avatar: m.avatar }]));
}

/** The member's own skill spaces first, then the fixed ones, then other skill spaces in use. */
export async function listSpaces(store: DocStore, profile: Record<string, unknown>): Promise<(Space & { threadCount: number })[]> {
  const docs = await store.query<SpaceDoc>({ collection: SPACES });
  const counts = new Map(docs.map((d) => [d.id, d.data.threadCount ?? 0]));
  const inUse = docs.filter((d) => d.data.skillTag).map((d) => ({ id: d.id, name: d.data.name, description: `Everything about ${d.data.name}.`, skillTag: d.data.skillTag }));
  const mine = [...readSkills(profile.skillsOffered), ...readSkills(profile.skillsWanted)].map((s) => skillSpace(s.tag, s.label));
  return orderSpaces(inUse, mine).map((s) => ({ ...s, threadCount: counts.get(s.id) ?? 0 }));
}

export interface ThreadSummary {
  id: string;
  title: string;
  spaceId: string;
  author: AuthorCard;
  replyCount: number;
  reactionCount: number;
  createdAt: number;
  lastActivityAt: number;
  answered: boolean;
  /** Whether the member has ever opened it. */
  seen: boolean;
  /** Posts added since the member last looked (0 when never opened: the thread is new to them). */
  unread: number;
  key: string;
}

export interface ThreadPage {
  threads: ThreadSummary[];
  /** The cursor of the next page, or null on the last. */
  next: string | null;
}

export function threadListQuery(sort: ThreadSort, spaceId: string | null, cursor: string | null, limit: number) {
  const field = SORT_KEY_FIELD[sort];
  const where: WhereClause[] = [["hidden", "==", false]];
  if (spaceId) where.push(["spaceId", "==", spaceId]);
  if (cursor) where.push([field, "<", cursor]);
  // Unanswered: only threads whose key is set (no replies yet).
  else if (sort === "unanswered") where.push([field, ">", ""]);
  return { collection: THREADS, where, orderBy: [[field, "desc"]] as const, limit };
}

/** One page of threads; the cursor is the last key shown, so threads added meanwhile never shift it. */
export async function listThreads(store: DocStore, uid: string, { sort, spaceId, cursor }: { sort: ThreadSort; spaceId: string | null; cursor: string | null }): Promise<ThreadPage> {
  if (cursor !== null && !isCursor(cursor)) throw new ForumError(400, "This page link is not valid. Start again from the first page.");
  if (spaceId !== null && !isForumId(spaceId)) throw new ForumError(404, "This space does not exist.");
  const docs = await store.query<ThreadDoc>(threadListQuery(sort, spaceId, cursor, THREADS_PER_PAGE + 1));
  const page = docs.slice(0, THREADS_PER_PAGE);
  const [authors, reads] = await Promise.all([
    authorCards(store, page.map((d) => d.data.authorUid)),
    Promise.all(page.map((d) => store.get<{ seenSeq: number }>(`${readsOf(d.id)}/${uid}`))),
  ]);
  const field = SORT_KEY_FIELD[sort];
  return {
    threads: page.map((d, i) => ({
      id: d.id,
      title: d.data.title,
      spaceId: d.data.spaceId,
      author: authors[d.data.authorUid],
      replyCount: d.data.replyCount,
      reactionCount: d.data.reactionCount,
      createdAt: d.data.createdAt,
      lastActivityAt: d.data.lastActivityAt,
      answered: d.data.answerPostId !== null,
      seen: reads[i] !== null,
      unread: reads[i] ? Math.max(0, d.data.nextSeq - 1 - reads[i]!.data.seenSeq) : 0,
      key: d.data[field],
    })),
    next: docs.length > THREADS_PER_PAGE ? page[page.length - 1].data[field] : null,
  };
}

export type PostView = ForumPostPayload;

export function postsQuery(threadId: string) {
  return forumPostsOf(threadId);
}

export async function loadThread(store: DocStore, uid: string, threadId: string) {
  if (!isForumId(threadId)) throw new ForumError(404, THREAD_NOT_FOUND);
  const thread = await store.get<ThreadDoc>(threadPath(threadId));
  if (!thread || thread.data.hidden) throw new ForumError(404, THREAD_NOT_FOUND);
  const [posts, mine, following, read] = await Promise.all([
    store.query<PostDoc>(postsQuery(threadId)),
    store.query<{ postId: string; kind: ReactionKind }>({ collection: reactionsOfThread(threadId), where: [["uid", "==", uid]] }),
    store.get(`${threadPath(threadId)}/follows/${uid}`),
    store.get<{ seenSeq: number }>(`${readsOf(threadId)}/${uid}`),
  ]);
  const authors = await authorCards(store, [thread.data.authorUid, ...posts.map((p) => p.data.authorUid)]);
  const myReactions: Record<string, ReactionKind[]> = {};
  for (const r of mine) (myReactions[r.data.postId] ??= []).push(r.data.kind);
  return {
    thread: { id: thread.id, ...thread.data, author: authors[thread.data.authorUid] },
    posts: posts.map((p) => forumPostPayload(p, authors[p.data.authorUid])),
    myReactions,
    following: following !== null,
    seenSeq: read?.data.seenSeq ?? -1,
  };
}

export interface SearchResult {
  threadId: string;
  postId: string;
  title: string;
  body: string;
  author: AuthorCard;
  createdAt: number;
}

export const SEARCH_PAGE = 20;

/** Ranked posts holding every word; hidden and deleted posts and hidden threads are left out. */
export async function searchForum(store: DocStore, text: string, page: number): Promise<{ results: SearchResult[]; more: boolean }> {
  const hits = await store.search({ index: SEARCH_INDEX, text, limit: SEARCH_PAGE + 1, offset: page * SEARCH_PAGE });
  const shown = hits.slice(0, SEARCH_PAGE);
  const posts = await Promise.all(shown.map((h) => store.get<PostDoc>(h.path)));
  const threads = await Promise.all(posts.map((p) => (p ? store.get<ThreadDoc>(threadPath(p.data.threadId)) : null)));
  const authors = await authorCards(store, posts.flatMap((p) => (p ? [p.data.authorUid] : [])));
  const results: SearchResult[] = [];
  posts.forEach((p, i) => {
    const t = threads[i];
    if (!p || !t || p.data.hidden || p.data.deleted || t.data.hidden) return;
    results.push({ threadId: t.id, postId: p.id, title: t.data.title, body: p.data.body, author: authors[p.data.authorUid], createdAt: p.data.createdAt });
  });
  return { results, more: hits.length > SEARCH_PAGE };
}
