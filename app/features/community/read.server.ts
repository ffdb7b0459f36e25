/** Reading the forum: spaces, pages of threads with stable cursors, a thread with its posts, search. */
import { forumPostPayload, forumPostsOf, type ForumAuthor, type ForumPostPayload } from "~/engine/live/feeds";
import {
  followPath,
  getSpace,
  getThread,
  getThreadRead,
  isForumId,
  postsOf,
  reactionsOf,
  readListEntry,
  readPath,
  readPost,
  readReaction,
  readSpace,
  readThread,
  readThreadRead,
  SPACES,
  THREADS,
  threadPath,
  type ListEntry,
  type Post,
  type ReactionKind,
  type Thread,
} from "~/documents/community";
import type { UserProfile } from "~/documents/users";
import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { getMembers, keptMembers } from "~/features/members/members.server";
import type { PublicMember } from "~/features/members/member";
import { ForumError, THREAD_NOT_FOUND } from "./errors";
import { listPath } from "./lists";
import { THREADS_PER_PAGE, isCursor, type ThreadSort } from "./rules";
import { fixedSpace, inNameOrder, orderSpaces, skillSpace, spacesInUse, type Space } from "./spaces";
import { SEARCH_INDEX } from "./write.server";

export type AuthorCard = ForumAuthor;

const cardsOf = (members: Map<string, PublicMember>): Record<string, AuthorCard> =>
  Object.fromEntries([...members].map(([uid, m]) => [uid, { uid, name: m.name, avatar: m.avatar }]));

/**
 * Authors' names and pictures, from their kept profiles (until one is written: a list page or a
 * thread shows the same authors view after view); a deleted author is called so in the reader's
 * `language`.
 */
export async function authorCards(
  store: DocStore,
  uids: readonly string[],
  language: string,
): Promise<Record<string, AuthorCard>> {
  return cardsOf(await keptMembers(store, [...new Set(uids)], language));
}

/**
 * The space records, kept in the read cache (decision 037) until one is written (a new thread
 * writes its space's count), with the skill spaces in use ordered once for every member.
 */
function keptSpaces(store: DocStore) {
  const spaces = `${SPACES}/`;
  return cachedRead(
    store,
    "forumSpaces",
    (path) => path.startsWith(spaces),
    async () => {
      const docs = (await store.query({ collection: SPACES })).map((d) => ({ id: d.id, ...readSpace(d.data) }));
      const inUse = docs.flatMap((d) =>
        d.skillTag ? [{ ...skillSpace(d.skillTag, d.name), id: d.id, threadCount: d.threadCount }] : [],
      );
      return {
        counts: new Map(docs.map((d) => [d.id, d.threadCount])),
        byId: new Map(inUse.map((s) => [s.id, s])),
        ...spacesInUse(inUse),
      };
    },
  );
}

/** A skill space in use, from the kept spaces (a thread page names its space on every view); null when there is none. */
export async function keptSpace(store: DocStore, spaceId: string) {
  return (await keptSpaces(store)).byId.get(spaceId) ?? null;
}

type CountedSpace = Space & { threadCount: number };

const mineOf = (profile: Pick<UserProfile, "skillsOffered" | "skillsWanted">) =>
  [...profile.skillsOffered, ...profile.skillsWanted].map((s) => skillSpace(s.tag, s.label));

/** Every space: the member's own skill spaces first, then the fixed ones, then other skill spaces in use. */
export async function listSpaces(
  store: DocStore,
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted">,
): Promise<CountedSpace[]> {
  return (await listShownSpaces(store, profile, { current: null, all: true })).spaces;
}

/**
 * The spaces /community lists (decision 147): the member's own skill spaces, the fixed ones, the
 * most active other skill spaces and the one being read (when it exists); every space in use when
 * `all`. `hidden`: the skill spaces in use left out.
 */
export async function listShownSpaces(
  store: DocStore,
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted">,
  { current, all }: { current: string | null; all: boolean },
): Promise<{ spaces: CountedSpace[]; hidden: number }> {
  const kept = await keptSpaces(store);
  const reading = current === null ? undefined : kept.byId.get(current);
  let others = all ? kept.all : kept.mostActive;
  if (reading && !others.includes(reading)) others = [...others, reading].sort(inNameOrder);
  const spaces = orderSpaces(others, mineOf(profile)).map((s) => ({ ...s, threadCount: kept.counts.get(s.id) ?? 0 }));
  return { spaces, hidden: kept.all.length - spaces.filter((s) => kept.byId.has(s.id)).length };
}

/**
 * The skill space a member may start a thread in (/discuss): one of their own, named as they wrote
 * it (as the list they chose from names it), or one whose record holds a skill; null when it is
 * neither. One record read by its id: a post need not list every space to find its own.
 */
export async function skillSpaceToStartIn(
  store: DocStore,
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted">,
  spaceId: string,
): Promise<Pick<Space, "name" | "skillTag"> | null> {
  const mine = mineOf(profile).find((s) => s.id === spaceId);
  if (mine) return mine;
  const record = await getSpace(store, spaceId);
  return record?.skillTag ? record : null;
}

/** The spaces of the given ids that hold threads or are fixed (a thread list's rows name theirs). */
export async function spacesOf(store: DocStore, ids: readonly string[]): Promise<Space[]> {
  const kept = await keptSpaces(store);
  return [...new Set(ids)].flatMap((id) => {
    const space = kept.byId.get(id) ?? fixedSpace(id);
    return space ? [space] : [];
  });
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

/** The first `limit` entries of a list: its order is its ids' order, so no index beyond the primary one is needed. */
export function threadListQuery(sort: ThreadSort, spaceId: string | null, limit: number) {
  return { collection: listPath(sort, spaceId), limit };
}

/**
 * The entries after `cursor` (the last entry id shown), PAGE + 1 of them. Entries are read from
 * the list's start, growing until the cursor is passed: a later page costs what lies before it,
 * and a cursor whose thread has since moved (bumped, hidden) still marks the same place.
 */
async function entriesAfter(store: DocStore, sort: ThreadSort, spaceId: string | null, cursor: string | null) {
  const want = THREADS_PER_PAGE + 1;
  for (let limit = cursor ? 4 * want : want; ; limit *= 4) {
    // Only the ids are read here; the entries shown are parsed once by the caller.
    const entries = await store.query(threadListQuery(sort, spaceId, limit));
    const start = cursor ? entries.findIndex((e) => e.id > cursor) : 0;
    if (entries.length < limit) return start < 0 ? [] : entries.slice(start, start + want);
    if (start >= 0 && entries.length - start >= want) return entries.slice(start, start + want);
  }
}

/**
 * One page of threads; the cursor is the last entry shown, so threads added meanwhile never shift it.
 * `language`: the reader's, for a deleted author's name.
 */
export async function listThreads(
  store: DocStore,
  uid: string,
  { sort, spaceId, cursor }: { sort: ThreadSort; spaceId: string | null; cursor: string | null },
  language: string,
): Promise<ThreadPage> {
  if (cursor !== null && !isCursor(cursor))
    throw new ForumError(400, "This page link is not valid. Start again from the first page.", "badPageLink");
  if (spaceId !== null && !isForumId(spaceId)) throw new ForumError(404, "This space does not exist.", "spaceNotFound");
  const { shown, docs, next } = await keptListPage(store, sort, spaceId, cursor);
  const [reads, authors] = await Promise.all([
    store.getAll(shown.map((e) => readPath(e.threadId, uid))),
    authorCards(
      store,
      docs.flatMap((d) => (d ? [d.authorUid] : [])),
      language,
    ),
  ]);
  const threads: ThreadSummary[] = [];
  docs.forEach((t, i) => {
    // An entry is written with its thread; a thread hidden since is left out until its entry goes.
    if (!t || t.hidden) return;
    const read = reads[i] && readThreadRead(reads[i].data);
    threads.push({
      id: t.id,
      title: t.title,
      spaceId: t.spaceId,
      author: authors[t.authorUid],
      replyCount: t.replyCount,
      reactionCount: t.reactionCount,
      createdAt: t.createdAt,
      lastActivityAt: t.lastActivityAt,
      answered: t.answerPostId !== null,
      seen: read !== null,
      unread: read ? Math.max(0, t.nextSeq - 1 - read.seenSeq) : 0,
      key: shown[i].id,
    });
  });
  return { threads, next };
}

interface ListPage {
  /** The page's entries that name a thread. */
  shown: ListEntry[];
  /** Their threads, in the same order (null: gone). */
  docs: (Thread | null)[];
  next: string | null;
}

/**
 * A page of a thread list with its threads, read once and kept in the read cache (decision 037)
 * until a commit writes an entry of that list or one of the page's threads (a reply, a reaction
 * or an edit writes its thread's counts and times); the member's own read marks are not kept.
 */
async function keptListPage(
  store: DocStore,
  sort: ThreadSort,
  spaceId: string | null,
  cursor: string | null,
): Promise<ListPage> {
  const list = `${listPath(sort, spaceId)}/`;
  // The page's threads once known (set after each read); until then any thread counts.
  const known: { paths?: ReadonlySet<string> } = {};
  const threads = `${THREADS}/`;
  const dependsOn = (path: string) =>
    path.startsWith(list) ||
    (known.paths ? known.paths.has(path) : path.startsWith(threads) && !path.includes("/", threads.length));
  const page = await cachedRead(store, `threadList:${sort}:${spaceId ?? ""}:${cursor ?? ""}`, dependsOn, async () => {
    const entries = await entriesAfter(store, sort, spaceId, cursor);
    // An entry that names no thread (written by no version of this code) is skipped, not read as a path.
    const onPage = entries.slice(0, THREADS_PER_PAGE);
    const shown = onPage.map(readListEntry).filter((e) => isForumId(e.threadId));
    const docs = await store.getAll(shown.map((e) => threadPath(e.threadId)));
    return {
      shown,
      docs: docs.map((d) => d && readThread(d)),
      next: entries.length > THREADS_PER_PAGE ? onPage[onPage.length - 1].id : null,
    };
  });
  known.paths = new Set(page.shown.map((e) => threadPath(e.threadId)));
  return page;
}

export type PostView = ForumPostPayload;

export function postsQuery(threadId: string) {
  return forumPostsOf(threadId);
}

/**
 * A thread and its shown posts, read and parsed once and kept in the read cache (decision 037)
 * until a commit writes the thread (its counts, title, answer, visibility) or anything under its
 * posts (a reply, an edit, a reaction's count, a deletion, a moderator hiding one).
 */
function keptThread(store: DocStore, threadId: string): Promise<{ thread: Thread | null; posts: Post[] }> {
  const path = threadPath(threadId);
  const posts = `${postsOf(threadId)}/`;
  return cachedRead(
    store,
    `thread:${threadId}`,
    (written) => written === path || written.startsWith(posts),
    async () => {
      const thread = await getThread(store, threadId);
      // A missing or hidden thread shows no posts: they are not read.
      if (!thread || thread.hidden) return { thread, posts: [] };
      return { thread, posts: (await store.query(postsQuery(threadId))).map(readPost) };
    },
  );
}

/** A thread with its posts; `language`: the reader's, for a deleted author's name. */
export async function loadThread(store: DocStore, uid: string, threadId: string, language: string) {
  if (!isForumId(threadId)) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
  const { thread, posts } = await keptThread(store, threadId);
  if (!thread || thread.hidden) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
  const [marks, authors] = await Promise.all([
    keptMarks(store, threadId, uid),
    authorCards(store, [thread.authorUid, ...posts.map((p) => p.authorUid)], language),
  ]);
  const myReactions: Record<string, ReactionKind[]> = {};
  for (const { postId, kind } of marks.reactions) if (kind) (myReactions[postId] ??= []).push(kind);
  return {
    thread: { ...thread, author: authors[thread.authorUid] },
    posts: posts.map((p) => forumPostPayload(p, authors[p.authorUid])),
    myReactions,
    following: marks.following,
    seenSeq: marks.seenSeq,
  };
}

/**
 * The member's own marks on a thread (their reactions, whether they follow it, how far they have
 * read), kept in the read cache (decision 037) until a commit writes any reaction in the thread (a
 * thread holds few), their follow or their read mark: a member looks at the same thread view
 * after view, and these were the page's last reads (issue 28).
 */
function keptMarks(store: DocStore, threadId: string, uid: string) {
  const reactions = `${reactionsOf(threadId)}/`;
  const follow = followPath(threadId, uid);
  const read = readPath(threadId, uid);
  return cachedRead(
    store,
    `threadMarks:${threadId}:${uid}`,
    (written) => written === follow || written === read || written.startsWith(reactions),
    async () => {
      const [mine, following, seen] = await Promise.all([
        store.query({ collection: reactionsOf(threadId), where: [["uid", "==", uid]] }),
        store.get(follow),
        getThreadRead(store, threadId, uid),
      ]);
      return {
        reactions: mine.map((r) => readReaction(r.data)),
        following: following !== null,
        seenSeq: seen?.seenSeq ?? -1,
      };
    },
  );
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
export async function searchForum(
  store: DocStore,
  text: string,
  page: number,
  language: string,
): Promise<{ results: SearchResult[]; more: boolean }> {
  const hits = await store.search({ index: SEARCH_INDEX, text, limit: SEARCH_PAGE + 1, offset: page * SEARCH_PAGE });
  const shown = hits.slice(0, SEARCH_PAGE);
  const posts = await Promise.all(shown.map((h) => store.get(h.path).then((p) => p && readPost(p))));
  const threads = await Promise.all(
    posts.map((p) => (p && isForumId(p.threadId) ? getThread(store, p.threadId) : null)),
  );
  // Each search names other authors: their profiles are read, not kept.
  const authors = cardsOf(
    await getMembers(store, [...new Set(posts.flatMap((p) => (p ? [p.authorUid] : [])))], language),
  );
  const results: SearchResult[] = [];
  posts.forEach((p, i) => {
    const t = threads[i];
    if (!p || !t || p.hidden || p.deleted || t.hidden) return;
    results.push({
      threadId: t.id,
      postId: p.id,
      title: t.title,
      body: p.body,
      author: authors[p.authorUid],
      createdAt: p.createdAt,
    });
  });
  return { results, more: hits.length > SEARCH_PAGE };
}
