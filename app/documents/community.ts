/**
 * The forum's documents, the same on both engines (decision 023): everything under the one
 * document `community/forum`, so the Firestore rules and the backups name a single root. Only the
 * server writes them (features/community/); readers parse them here. Browser-safe.
 *
 *   community/forum/spaces/{spaceId}
 *   community/forum/threads/{threadId}
 *   community/forum/threads/{threadId}/posts/{postId}        (the opening post's id is the thread's)
 *   community/forum/threads/{threadId}/reactions/{postId}_{uid}_{kind}
 *   community/forum/threads/{threadId}/follows/{uid}
 *   community/forum/threads/{threadId}/reads/{uid}
 *   community/forum/lists/{sort}-{spaceId|all}/entries/{entryId}
 *
 * Lenient by field like the rest of this folder: a missing or malformed field reads as its default.
 */
import { isReaction, type ReactionKind } from "./values";
import { z } from "zod/v4";
import {
  count,
  flag,
  getParsed,
  isRecord,
  optionalText,
  optionalTime,
  strings,
  text,
  type DocReader,
  type StoredDoc,
  withId,
} from "./fields";

export const FORUM = "community/forum";
export const SPACES = `${FORUM}/spaces`;
export const THREADS = `${FORUM}/threads`;

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** Ids that may appear in a path: no slashes, no dots, nothing a person could use to reach another document. */
export function isForumId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}

export const spacePath = (spaceId: string) => `${SPACES}/${spaceId}`;
export const threadPath = (threadId: string) => `${THREADS}/${threadId}`;
export const postsOf = (threadId: string) => `${threadPath(threadId)}/posts`;
export const postPath = (threadId: string, postId: string) => `${postsOf(threadId)}/${postId}`;
/** One collection per thread, so a member's reactions on a whole thread page are one query. */
export const reactionsOf = (threadId: string) => `${threadPath(threadId)}/reactions`;
export const followsOf = (threadId: string) => `${threadPath(threadId)}/follows`;
export const followPath = (threadId: string, uid: string) => `${followsOf(threadId)}/${uid}`;
export const readsOf = (threadId: string) => `${threadPath(threadId)}/reads`;
export const readPath = (threadId: string, uid: string) => `${readsOf(threadId)}/${uid}`;
/** `community/forum/lists/{sort}-{spaceId|all}/entries`: a sorted list of threads (features/community/lists.ts). */
export const threadListOf = (sort: string, spaceId: string | null) =>
  `${FORUM}/lists/${sort}-${spaceId ?? "all"}/entries`;
export const threadListEntryPath = (sort: string, spaceId: string | null, entryId: string) =>
  `${threadListOf(sort, spaceId)}/${entryId}`;

/** The thread page of a post, as notifications and reports link to it. */
export function postLink(threadId: string, postId: string): string {
  return postId === threadId ? `/community/${threadId}` : `/community/${threadId}#post-${postId}`;
}

export { isReaction, REACTIONS, type ReactionKind } from "./values";
export type ReactionCounts = Partial<Record<ReactionKind, number>>;
/** One member's reaction of one kind on one post: its id, so a second tap finds it and takes it back. */
export const reactionPath = (threadId: string, postId: string, uid: string, kind: ReactionKind) =>
  `${reactionsOf(threadId)}/${postId}_${uid}_${kind}`;

export const spaceSchema = z.object({
  name: text(),
  description: text(),
  /** Set for a space of one skill (its tag key); null for the fixed spaces. */
  skillTag: optionalText,
  /** Fixed spaces come first in this order; skill spaces sort by name. */
  order: count(100),
  threadCount: count(),
  createdAt: count(),
});
/** `community/forum/spaces/{spaceId}` */
export type SpaceDoc = z.output<typeof spaceSchema>;
export const readSpace = (data: Record<string, unknown>): SpaceDoc => spaceSchema.parse(data);
export const getSpace = (reader: DocReader, spaceId: string) => getParsed(reader, spacePath(spaceId), readSpace);

export const threadSchema = z.object({
  spaceId: text(),
  title: text(),
  authorUid: text(),
  skillTag: optionalText,
  createdAt: count(),
  lastActivityAt: count(),
  lastPosterUid: text(),
  /** Replies, not counting the opening post; deleted replies still count (they still show). */
  replyCount: count(),
  /** Reactions on all of the thread's posts. */
  reactionCount: count(),
  answerPostId: optionalText,
  /** Hidden while its opening post is hidden (three reports, or a reviewer). */
  hidden: flag,
  /** The next post's position in the thread (the opening post is 0). */
  nextSeq: count(1),
  /** Sort keys: fixed-width, ending in the id, so that cursors on them are stable and unique. */
  activityKey: text(),
  newestKey: text(),
  topKey: text(),
  /** "unanswered" sorts newest first among threads with no replies; "" otherwise. */
  unansweredKey: text(),
});
/** `community/forum/threads/{threadId}` */
export type ThreadDoc = z.output<typeof threadSchema>;
export interface Thread extends ThreadDoc {
  id: string;
}
export const readThread: (doc: StoredDoc) => Thread = withId(threadSchema);
export const getThread = (reader: DocReader, threadId: string) =>
  getParsed(reader, threadPath(threadId), (data) => readThread({ id: threadId, data }));

/** Counts per known kind; other kinds and counts that are not whole and positive are dropped. */
const reactionCountsSchema = z.unknown().transform((v) => {
  const out: ReactionCounts = {};
  if (isRecord(v))
    for (const [kind, n] of Object.entries(v))
      if (isReaction(kind) && Number.isSafeInteger(n) && (n as number) > 0) out[kind] = n as number;
  return out;
});

export const postSchema = z.object({
  threadId: text(),
  authorUid: text(),
  /** Markdown as written; "" once deleted. */
  body: text(),
  createdAt: count(),
  /** null until the author edits it. */
  editedAt: optionalTime,
  deleted: flag,
  /** Position in the thread: 0 is the opening post. */
  seq: count(),
  /** The post this one quotes, when it is a quote-reply. */
  quoteOf: optionalText,
  reactions: reactionCountsSchema,
  mentions: strings,
  /** Hidden from members until a reviewer looks (three reports) or because a reviewer hid it. */
  hidden: flag,
  /** Reports of it not yet reviewed, from different members. */
  openReports: count(),
});
/** `community/forum/threads/{threadId}/posts/{postId}` */
export type PostDoc = z.output<typeof postSchema>;
export interface Post extends PostDoc {
  id: string;
}
export const readPost: (doc: StoredDoc) => Post = withId(postSchema);
export const getPost = (reader: DocReader, threadId: string, postId: string) =>
  getParsed(reader, postPath(threadId, postId), (data) => readPost({ id: postId, data }));

export const reactionSchema = z.object({
  postId: text(),
  uid: text(),
  /** null for a kind this version does not know: it is not shown as the member's. */
  kind: z.unknown().transform((v) => (isReaction(v) ? v : null)),
  at: count(),
});
/** `community/forum/threads/{threadId}/reactions/{postId}_{uid}_{kind}` */
export type ReactionDoc = z.output<typeof reactionSchema>;
export const readReaction = (data: Record<string, unknown>): ReactionDoc => reactionSchema.parse(data);

/** `community/forum/threads/{threadId}/follows/{uid}`: read only for whether it is there (its id is the follower). */
export const followSchema = z.object({ uid: text(), at: count() });
export type FollowDoc = z.output<typeof followSchema>;

export const threadReadSchema = z.object({
  uid: text(),
  /** The last post position the member has seen; -1 (nothing) when unreadable. */
  seenSeq: count(-1),
  at: count(),
});
/** `community/forum/threads/{threadId}/reads/{uid}`: how far a member has read a thread. */
export type ThreadReadDoc = z.output<typeof threadReadSchema>;
export const readThreadRead = (data: Record<string, unknown>): ThreadReadDoc => threadReadSchema.parse(data);
/** null when the member has never opened the thread. */
export const getThreadRead = (reader: DocReader, threadId: string, uid: string) =>
  getParsed(reader, readPath(threadId, uid), readThreadRead);

export const listEntrySchema = z.object({ threadId: text(), createdAt: count() });
/** `community/forum/lists/{sort}-{spaceId|all}/entries/{entryId}`: its id is the list's order. */
export type ListEntryDoc = z.output<typeof listEntrySchema>;
export interface ListEntry extends ListEntryDoc {
  id: string;
}
export const readListEntry: (doc: StoredDoc) => ListEntry = withId(listEntrySchema);
