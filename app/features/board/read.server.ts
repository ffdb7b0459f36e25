/**
 * Reading the board: pages of posts with filters and stable cursors (from the lists, lists.ts),
 * best fit over the newest posts that pass the filters, ranked text search, a post's page with its
 * poster's card, and a member's own posts. Decision 039.
 */
import {
  BOARD_POSTS,
  BOARD_SEARCH_INDEX,
  boardListOf,
  boardPostPath,
  getBoardPost,
  isBoardId,
  readBoardListEntry,
  readBoardPost,
  type BoardListEntry,
  type BoardPost,
  type PostStatus,
} from "~/documents/board";
import { getUsers, USERS, userPath, type UserProfile } from "~/documents/users";
import { cachedRead } from "~/engine/index.server";
import type { Doc, DocStore, Query, WhereClause } from "~/engine/store/types";
import { getMembers, membersOf } from "~/features/members/members.server";
import type { PublicMember } from "~/features/members/member";
import { levelFor } from "~/features/progress/levels";
import { averageRating } from "~/features/reviews/types";
import { boardRefusal } from "./errors.server";
import { shownStatus } from "./expiry";
import { matchesViewer, rankByFit, type PosterStanding, type Viewer } from "./fit";
import { ALL_LIST, skillList } from "./lists";
import { isBoardCursor, POSTS_PER_PAGE, type BoardFilters } from "./rules";
import { postsOfQuery } from "./write.server";

/** Best fit ranks this many of the newest posts that pass the filters. */
export const FIT_WINDOW = 100;
/** A search ranks this many of its best hits before the filters apply (the store ranks the newest 2,000 matches). */
export const SEARCH_WINDOW = 100;
/** "Matches me" reads the lists of at most this many of the member's skills. */
export const MAX_MATCH_SKILLS = 20;

export type PosterCard = Pick<PublicMember, "uid" | "name" | "avatar">;

export interface BoardCard {
  id: string;
  type: BoardPost["type"];
  skillTag: string;
  skillLabel: string;
  title: string;
  /** The first few hundred characters of the description (Markdown). */
  excerpt: string;
  format: BoardPost["format"];
  area: string;
  price: BoardPost["price"];
  createdAt: number;
  expiresAt: number;
  poster: PosterCard;
  mine: boolean;
}

/** Who reads the board: what fit ranks by, and their language (a poster with no name is called so in it). */
export type BoardReader = Viewer & { language: string };

export function viewerOf(
  uid: string,
  profile: Pick<UserProfile, "skillsOffered" | "skillsWanted">,
  language: string,
): BoardReader {
  return {
    uid,
    teaches: profile.skillsOffered.map((s) => s.tag),
    wants: profile.skillsWanted.map((s) => s.tag),
    language,
  };
}

/** The lists a filter reads: one skill's, the member's skills' ("matches me"), or all. */
export function listsFor(filters: Pick<BoardFilters, "skill" | "mine">, viewer: Viewer): string[] {
  if (filters.skill) {
    // A skill that is not the member's own while "matches me" is on: nothing can pass both.
    if (filters.mine && !matchesViewer({ skillTag: filters.skill }, viewer)) return [];
    return [skillList(filters.skill)];
  }
  if (filters.mine) return [...new Set([...viewer.teaches, ...viewer.wants])].slice(0, MAX_MATCH_SKILLS).map(skillList);
  return [ALL_LIST];
}

/** The equality filters every list entry answers. */
export function entryWhere(filters: Pick<BoardFilters, "type" | "format" | "price">): WhereClause[] {
  const where: WhereClause[] = [];
  if (filters.type) where.push(["type", "==", filters.type]);
  if (filters.format === "online") where.push(["online", "==", true]);
  if (filters.format === "in_person") where.push(["inPerson", "==", true]);
  if (filters.price) where.push(["priceKind", "==", filters.price]);
  return where;
}

/** The first `limit` entries of a list that pass `where`, in the list's order (newest first). */
export function boardListQuery(list: string, where: WhereClause[], limit: number): Query {
  return where.length ? { collection: boardListOf(list), where, limit } : { collection: boardListOf(list), limit };
}

/**
 * The entries after `cursor` (the last entry id shown), `want` of them. Entries are read from the
 * list's start, growing until the cursor is passed, as the forum's: a cursor whose post has since
 * left the board still marks the same place.
 */
async function entriesAfter(store: DocStore, list: string, where: WhereClause[], cursor: string | null, want: number) {
  for (let limit = cursor ? 4 * want : want; ; limit *= 4) {
    const entries = await store.query(boardListQuery(list, where, limit));
    const start = cursor ? entries.findIndex((e) => e.id > cursor) : 0;
    if (entries.length < limit) return start < 0 ? [] : entries.slice(start, start + want);
    if (start >= 0 && entries.length - start >= want) return entries.slice(start, start + want);
  }
}

/** The `want` first entries after `cursor` across `lists`, merged in list order. */
async function mergedEntries(
  store: DocStore,
  lists: string[],
  where: WhereClause[],
  cursor: string | null,
  want: number,
): Promise<Doc[]> {
  const perList = await Promise.all(lists.map((list) => entriesAfter(store, list, where, cursor, want)));
  return perList
    .flat()
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, want);
}

const EXCERPT = 280;

async function cardsOf(store: DocStore, posts: BoardPost[], viewer: BoardReader): Promise<BoardCard[]> {
  return cardsFrom(
    posts,
    await getMembers(store, [...new Set(posts.map((p) => p.authorUid))], viewer.language),
    viewer,
  );
}

function cardsFrom(posts: BoardPost[], members: ReadonlyMap<string, PublicMember>, viewer: Viewer): BoardCard[] {
  return posts.flatMap((p) => {
    const m = members.get(p.authorUid);
    // A poster who has deleted their account takes their posts with them.
    if (!m || m.deleted) return [];
    return [
      {
        id: p.id,
        type: p.type,
        skillTag: p.skillTag,
        skillLabel: p.skillLabel,
        title: p.title,
        excerpt: p.description.length > EXCERPT ? `${p.description.slice(0, EXCERPT).trimEnd()}…` : p.description,
        format: p.format,
        area: p.area,
        price: p.price,
        createdAt: p.createdAt,
        expiresAt: p.expiresAt,
        poster: { uid: m.uid, name: m.name, avatar: m.avatar },
        mine: p.authorUid === viewer.uid,
      },
    ];
  });
}

async function postsOfEntries(store: DocStore, entries: BoardListEntry[]): Promise<BoardPost[]> {
  const docs = await store.getAll(entries.map((e) => boardPostPath(e.postId)));
  return docs.flatMap((d) => (d ? [readBoardPost({ id: d.id, data: d.data })] : []));
}

interface FitWindow {
  /** The newest FIT_WINDOW entries of the lists that pass `where`, each with its post (entries whose post is gone left out). */
  window: { entry: BoardListEntry; post: BoardPost }[];
  /** Their posters' profiles, as read (null: gone): named per reader, not kept in one language. */
  posters: { uids: string[]; profiles: (UserProfile | null)[] };
}

/**
 * What best fit ranks, read once and kept in the read cache (decision 037) until an entry of the
 * lists, one of the window's posts or one of their posters is written: the dashboard's board widget
 * asks for it on every visit (issue 28). Nothing here depends on the time; what has expired by
 * now, and the filters the lists do not hold, are left out by the caller on every request.
 */
async function fitWindow(store: DocStore, lists: string[], where: WhereClause[]): Promise<FitWindow> {
  const listPrefixes = lists.map((list) => `${boardListOf(list)}/`);
  // The window's posts and posters once known (set after each read); until then any post or poster counts.
  const known: { paths?: ReadonlySet<string> } = {};
  const dependsOn = (path: string) =>
    listPrefixes.some((prefix) => path.startsWith(prefix)) ||
    ((path.startsWith(`${BOARD_POSTS}/`) || path.startsWith(`${USERS}/`)) && (!known.paths || known.paths.has(path)));
  const key = `board-fit:${lists.join(",")}:${JSON.stringify(where)}`;
  const value = await cachedRead(store, key, dependsOn, async (): Promise<FitWindow & { paths: string[] }> => {
    const entries = (await mergedEntries(store, lists, where, null, FIT_WINDOW)).map(readBoardListEntry);
    const posts = new Map((await postsOfEntries(store, entries)).map((p) => [p.id, p]));
    const window = entries.flatMap((entry) => {
      const post = posts.get(entry.postId);
      return post ? [{ entry, post }] : [];
    });
    const authors = [...new Set(window.map(({ post }) => post.authorUid))];
    const profiles = await getUsers(store, authors);
    const paths = [...window.map(({ post }) => boardPostPath(post.id)), ...authors.map(userPath)];
    return { window, posters: { uids: authors, profiles }, paths };
  });
  known.paths = new Set(value.paths);
  return value;
}

/** On the board: active and not past its expiry. */
const onBoard = (p: BoardPost, now: number) => shownStatus(p, now) === "active";

function passes(p: BoardPost, f: BoardFilters, viewer: Viewer): boolean {
  if (f.type && p.type !== f.type) return false;
  if (f.skill && p.skillTag !== f.skill) return false;
  if (f.format === "online" && p.format === "in_person") return false;
  if (f.format === "in_person" && p.format === "online") return false;
  if (f.price && p.price.kind !== f.price) return false;
  if (f.mine && !matchesViewer(p, viewer)) return false;
  return true;
}

export interface BoardPage {
  posts: BoardCard[];
  /** Newest: the cursor of the next page; null on the last. */
  next: string | null;
  /** Best fit and search: whether a next page (page + 1) exists. */
  more: boolean;
}

/** One page of the board for `filters`; `cursor` pages "newest", `page` pages best fit and search. */
export async function listBoard(
  store: DocStore,
  viewer: BoardReader,
  filters: BoardFilters,
  { cursor, page }: { cursor: string | null; page: number },
  now = Date.now(),
): Promise<BoardPage> {
  if (cursor !== null && !isBoardCursor(cursor)) throw boardRefusal(400, "badPageLink");
  if (filters.q) return searchBoard(store, viewer, filters, page, now);
  const lists = listsFor(filters, viewer);
  if (lists.length === 0) return { posts: [], next: null, more: false };
  if (filters.sort === "fit") {
    const { ranked, posters } = await rankedByFit(store, viewer, filters, lists, now);
    const shown = ranked.slice(page * POSTS_PER_PAGE, (page + 1) * POSTS_PER_PAGE);
    return {
      posts: cardsOfPosters(shown, posters, viewer),
      next: null,
      more: ranked.length > (page + 1) * POSTS_PER_PAGE,
    };
  }
  const raw = await mergedEntries(store, lists, entryWhere(filters), cursor, POSTS_PER_PAGE + 1);
  const pageEntries = raw.slice(0, POSTS_PER_PAGE);
  const entries = pageEntries.map(readBoardListEntry).filter((e) => e.expiresAt > now);
  const posts = (await postsOfEntries(store, entries)).filter((p) => onBoard(p, now));
  return {
    posts: await cardsOf(store, posts, viewer),
    next: raw.length > POSTS_PER_PAGE ? pageEntries[pageEntries.length - 1].id : null,
    more: false,
  };
}

/** A poster's rating as fit weighs it, from their profile as read (none before a first review). */
function standingOf(profile: UserProfile | null | undefined): PosterStanding | undefined {
  const average = profile ? averageRating(profile.rating) : null;
  return profile && average !== null ? { average, count: profile.rating.count } : undefined;
}

/** The posters' profiles by uid, as `fitWindow` or `getUsers` read them (null: gone). */
const profilesByUid = (uids: readonly string[], profiles: readonly (UserProfile | null)[]) =>
  new Map(uids.map((uid, i) => [uid, profiles[i]]));

/**
 * Best fit's order of the window's posts that are on the board and pass `filters`, with their
 * posters' profiles. Ranking needs only each poster's rating: a poster is named for the reader (a
 * card) only when their post is shown (issue 28, decision 137).
 */
async function rankedByFit(
  store: DocStore,
  viewer: BoardReader,
  filters: BoardFilters,
  lists: string[],
  now: number,
): Promise<{ ranked: BoardPost[]; posters: ReadonlyMap<string, UserProfile | null> }> {
  const { window, posters } = await fitWindow(store, lists, entryWhere(filters));
  const profiles = profilesByUid(posters.uids, posters.profiles);
  const posts = window
    .filter(({ entry, post }) => entry.expiresAt > now && onBoard(post, now) && passes(post, filters, viewer))
    .map(({ post }) => post);
  return { ranked: rankByFit(posts, viewer, now, (uid) => standingOf(profiles.get(uid))), posters: profiles };
}

/** Cards of `posts`, their posters named from the profiles already read. */
function cardsOfPosters(
  posts: BoardPost[],
  posters: ReadonlyMap<string, UserProfile | null>,
  viewer: BoardReader,
): BoardCard[] {
  const uids = [...new Set(posts.map((p) => p.authorUid))];
  const profiles = uids.map((uid) => posters.get(uid) ?? null);
  return cardsFrom(posts, membersOf(uids, profiles, viewer.language), viewer);
}

/** "Matches me" by best fit: the board's filters the dashboard's widget stands for. */
const MATCHES_ME: BoardFilters = { type: null, skill: null, format: null, price: null, mine: true, q: "", sort: "fit" };

/**
 * The `count` posts that fit `viewer` best ("matches me"), never their own nor a gone poster's, as
 * cards: the dashboard's board widget. Only the cards shown are made (issue 28, decision 137).
 */
export async function bestFitCards(
  store: DocStore,
  viewer: BoardReader,
  count: number,
  now: number,
): Promise<BoardCard[]> {
  const lists = listsFor(MATCHES_ME, viewer);
  if (lists.length === 0) return [];
  const { ranked, posters } = await rankedByFit(store, viewer, MATCHES_ME, lists, now);
  const shown = ranked
    .filter((p) => {
      const poster = posters.get(p.authorUid);
      return p.authorUid !== viewer.uid && poster && !poster.deleted;
    })
    .slice(0, count);
  return cardsOfPosters(shown, posters, viewer);
}

/** Ranked posts holding every word, then the filters; posts off the board are left out. */
async function searchBoard(
  store: DocStore,
  viewer: BoardReader,
  filters: BoardFilters,
  page: number,
  now: number,
): Promise<BoardPage> {
  const hits = await store.search({ index: BOARD_SEARCH_INDEX, text: filters.q, limit: SEARCH_WINDOW });
  const docs = await store.getAll(hits.map((h) => h.path));
  let posts = docs.flatMap((d) => (d ? [readBoardPost({ id: d.id, data: d.data })] : []));
  posts = posts.filter((p) => onBoard(p, now) && passes(p, filters, viewer));
  if (filters.sort === "fit") {
    const uids = [...new Set(posts.map((p) => p.authorUid))];
    const profiles = profilesByUid(uids, await getUsers(store, uids));
    posts = rankByFit(posts, viewer, now, (uid) => standingOf(profiles.get(uid)));
  }
  const shown = posts.slice(page * POSTS_PER_PAGE, (page + 1) * POSTS_PER_PAGE);
  return { posts: await cardsOf(store, shown, viewer), next: null, more: posts.length > (page + 1) * POSTS_PER_PAGE };
}

export interface PosterProfile extends PosterCard {
  rating: { count: number; average: number | null };
  level: number;
  languages: string[];
  bio: string;
}

export interface BoardPostView {
  post: BoardPost & { shownStatus: PostStatus };
  poster: PosterProfile;
  others: BoardCard[];
  mine: boolean;
}

export const OTHER_POSTS_SHOWN = 5;

/**
 * A post's own page: anyone signed in sees it, on the board or after (closed, expired: the page
 * says so); a hidden post only its poster and a moderator see.
 */
export async function loadBoardPost(
  store: DocStore,
  viewer: BoardReader,
  postId: string,
  now = Date.now(),
  moderator = false,
): Promise<BoardPostView> {
  if (!isBoardId(postId)) throw boardRefusal(404, "postNotFound");
  const post = await getBoardPost(store, postId);
  const mine = post?.authorUid === viewer.uid;
  if (!post || (!mine && !moderator && post.status === "hidden")) throw boardRefusal(404, "postNotFound");
  const [members, theirs] = await Promise.all([
    getMembers(store, [post.authorUid], viewer.language),
    store.query({ ...postsOfQuery(post.authorUid), limit: 30 }),
  ]);
  const m = members.get(post.authorUid)!;
  if (m.deleted && !mine) throw boardRefusal(404, "postNotFound");
  const others = theirs
    .map(readBoardPost)
    .filter((p) => p.id !== post.id && onBoard(p, now))
    .slice(0, OTHER_POSTS_SHOWN);
  return {
    post: { ...post, shownStatus: shownStatus(post, now) },
    poster: {
      uid: m.uid,
      name: m.name,
      avatar: m.avatar,
      rating: m.rating,
      level: levelFor(m.xp).level,
      languages: m.languages,
      bio: m.bio,
    },
    others: await cardsOf(store, others, viewer),
    mine,
  };
}

export const MINE_SHOWN = 100;

export interface MyPost extends BoardPost {
  shownStatus: PostStatus;
}

/** The member's own posts by what they are now: active, expired, closed (and hidden, while reviewed). */
export async function listMyPosts(store: DocStore, uid: string, now = Date.now()) {
  const posts = (await store.query({ ...postsOfQuery(uid), limit: MINE_SHOWN })).map(readBoardPost);
  const by = (status: PostStatus): MyPost[] =>
    posts.flatMap((p) => (shownStatus(p, now) === status ? [{ ...p, shownStatus: status }] : []));
  return { active: by("active"), expired: by("expired"), closed: by("closed"), hidden: by("hidden") };
}
