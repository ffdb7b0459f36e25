/**
 * Reacting, following, marking the answer, and remembering what a member has read. Each is one
 * transaction; reactions are one document per member, post and kind, so a member's second tap
 * takes theirs back and counts stay the number of documents.
 */
import type { DocStore } from "~/engine/store/types";
import { prepareNotifications } from "~/features/notifications/notifications.server";
import { prepareXp } from "~/features/progress/xp-awards.server";
import { answerAward } from "~/features/progress/xp";
import { ForumError, POST_NOT_FOUND, THREAD_NOT_FOUND } from "./errors";
import {
  followPath,
  getPost,
  getThread,
  isForumId,
  postLink,
  postPath,
  reactionPath,
  readPath,
  threadPath,
  type FollowDoc,
  type ReactionDoc,
  type ReactionKind,
  type ThreadReadDoc,
} from "~/documents/community";
import { writeListEntries } from "./lists";
import { sortKeys } from "./rules";

/** Adds the member's reaction, or takes it back when they had it; answers whether it is now on. */
export async function toggleReaction(
  store: DocStore,
  uid: string,
  threadId: string,
  postId: string,
  kind: ReactionKind,
  now = Date.now(),
): Promise<boolean> {
  if (!isForumId(threadId) || !isForumId(postId)) throw new ForumError(404, POST_NOT_FOUND, "postNotFound");
  return store.transaction(async (tx) => {
    const path = reactionPath(threadId, postId, uid, kind);
    const [t, post, mine] = await Promise.all([getThread(tx, threadId), getPost(tx, threadId, postId), tx.get(path)]);
    if (!t || t.hidden) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
    if (!post || post.deleted || post.hidden) throw new ForumError(404, POST_NOT_FOUND, "postNotFound");
    const delta = mine ? -1 : 1;
    const count = Math.max(0, (post.reactions[kind] ?? 0) + delta);
    if (mine) tx.delete(path);
    else tx.create(path, { postId, uid, kind, at: now } satisfies ReactionDoc);
    tx.update(postPath(threadId, postId), { reactions: { ...post.reactions, [kind]: count } });
    const reactionCount = Math.max(0, t.reactionCount + delta);
    const { topKey } = sortKeys({
      id: threadId,
      createdAt: t.createdAt,
      lastActivityAt: t.lastActivityAt,
      replyCount: t.replyCount,
      reactionCount,
    });
    tx.update(threadPath(threadId), { reactionCount, topKey });
    writeListEntries(tx, threadId, t, { ...t, topKey });
    return !mine;
  });
}

export async function setFollowing(
  store: DocStore,
  uid: string,
  threadId: string,
  follow: boolean,
  now = Date.now(),
): Promise<void> {
  if (!isForumId(threadId)) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
  await store.transaction(async (tx) => {
    const thread = await getThread(tx, threadId);
    if (!thread || thread.hidden) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
    if (follow) tx.set(followPath(threadId, uid), { uid, at: now } satisfies FollowDoc);
    else tx.delete(followPath(threadId, uid));
  });
}

/**
 * The thread's author marks one reply as the answer (or clears it with `postId` null). The
 * answerer earns ANSWER_XP through the progress module, once per thread: the award's id is the
 * thread's, so marking, clearing and marking again gives nothing more.
 */
export async function markAnswer(
  store: DocStore,
  uid: string,
  threadId: string,
  postId: string | null,
  now = Date.now(),
): Promise<void> {
  if (!isForumId(threadId) || (postId !== null && !isForumId(postId)))
    throw new ForumError(404, POST_NOT_FOUND, "postNotFound");
  await store.transaction(async (tx) => {
    const thread = await getThread(tx, threadId);
    if (!thread || thread.hidden) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
    if (thread.authorUid !== uid)
      throw new ForumError(403, "Only the thread's author can mark the answer.", "onlyAuthorAnswers");
    if (postId === null) {
      tx.update(threadPath(threadId), { answerPostId: null });
      return;
    }
    const post = await getPost(tx, threadId, postId);
    if (!post || post.deleted || post.hidden || postId === threadId)
      throw new ForumError(400, "Choose a reply that is still there as the answer.", "answerGone");
    const answerer = post.authorUid;
    const self = answerer === uid;
    // Answering one's own question earns nothing: xp is for helping someone else.
    const xp = self
      ? null
      : await prepareXp(tx, answerer, [answerAward(threadId, thread.title)], {
          bookingId: "",
          skillTag: thread.skillTag,
          now,
        });
    const notify = self ? null : await prepareNotifications(tx, [answerer]);
    tx.update(threadPath(threadId), { answerPostId: postId });
    xp?.commit();
    notify?.add(
      answerer,
      {
        id: `forum_answer_${threadId}`,
        type: "forum_answer",
        kind: "forum_answer",
        params: { text: thread.title },
        link: postLink(threadId, postId),
      },
      now,
    );
  });
}

/** Remembers how far the member has read, for "new" markers in the thread list. */
export async function markThreadRead(
  store: DocStore,
  uid: string,
  threadId: string,
  seenSeq: number,
  now = Date.now(),
): Promise<void> {
  await store.set(readPath(threadId, uid), { uid, seenSeq, at: now } satisfies ThreadReadDoc);
}
