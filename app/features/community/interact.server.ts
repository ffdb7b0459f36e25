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
import { followsOf, isForumId, postLink, postPath, readsOf, threadPath } from "~/documents/community";
import { writeListEntries } from "./lists";
import { sortKeys } from "./rules";
import { REACTIONS, type PostDoc, type ReactionKind, type ThreadDoc } from "./types";

export const reactionsOfThread = (threadId: string) => `${threadPath(threadId)}/reactions`;
export const reactionId = (postId: string, uid: string, kind: ReactionKind) => `${postId}_${uid}_${kind}`;

export function isReaction(value: unknown): value is ReactionKind {
  return typeof value === "string" && (REACTIONS as readonly string[]).includes(value);
}

/** Adds the member's reaction, or takes it back when they had it; answers whether it is now on. */
export async function toggleReaction(
  store: DocStore,
  uid: string,
  threadId: string,
  postId: string,
  kind: ReactionKind,
  now = Date.now(),
): Promise<boolean> {
  if (!isForumId(threadId) || !isForumId(postId)) throw new ForumError(404, POST_NOT_FOUND);
  return store.transaction(async (tx) => {
    const path = `${reactionsOfThread(threadId)}/${reactionId(postId, uid, kind)}`;
    const [thread, post, mine] = await Promise.all([
      tx.get<ThreadDoc>(threadPath(threadId)),
      tx.get<PostDoc>(postPath(threadId, postId)),
      tx.get(path),
    ]);
    if (!thread || thread.data.hidden) throw new ForumError(404, THREAD_NOT_FOUND);
    if (!post || post.data.deleted || post.data.hidden) throw new ForumError(404, POST_NOT_FOUND);
    const delta = mine ? -1 : 1;
    const count = Math.max(0, (post.data.reactions[kind] ?? 0) + delta);
    if (mine) tx.delete(path);
    else tx.create(path, { postId, uid, kind, at: now });
    tx.update(post.path, { reactions: { ...post.data.reactions, [kind]: count } });
    const t = thread.data;
    const reactionCount = Math.max(0, t.reactionCount + delta);
    const { topKey } = sortKeys({
      id: threadId,
      createdAt: t.createdAt,
      lastActivityAt: t.lastActivityAt,
      replyCount: t.replyCount,
      reactionCount,
    });
    tx.update(thread.path, { reactionCount, topKey });
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
  if (!isForumId(threadId)) throw new ForumError(404, THREAD_NOT_FOUND);
  await store.transaction(async (tx) => {
    const thread = await tx.get<ThreadDoc>(threadPath(threadId));
    if (!thread || thread.data.hidden) throw new ForumError(404, THREAD_NOT_FOUND);
    if (follow) tx.set(`${followsOf(threadId)}/${uid}`, { uid, at: now });
    else tx.delete(`${followsOf(threadId)}/${uid}`);
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
  if (!isForumId(threadId) || (postId !== null && !isForumId(postId))) throw new ForumError(404, POST_NOT_FOUND);
  await store.transaction(async (tx) => {
    const thread = await tx.get<ThreadDoc>(threadPath(threadId));
    if (!thread || thread.data.hidden) throw new ForumError(404, THREAD_NOT_FOUND);
    if (thread.data.authorUid !== uid) throw new ForumError(403, "Only the thread's author can mark the answer.");
    if (postId === null) {
      tx.update(thread.path, { answerPostId: null });
      return;
    }
    const post = await tx.get<PostDoc>(postPath(threadId, postId));
    if (!post || post.data.deleted || post.data.hidden || postId === threadId)
      throw new ForumError(400, "Choose a reply that is still there as the answer.");
    const answerer = post.data.authorUid;
    const self = answerer === uid;
    // Answering one's own question earns nothing: xp is for helping someone else.
    const xp = self
      ? null
      : await prepareXp(tx, answerer, [answerAward(threadId, thread.data.title)], {
          bookingId: "",
          skillTag: thread.data.skillTag,
          now,
        });
    const notify = self ? null : await prepareNotifications(tx, [answerer]);
    tx.update(thread.path, { answerPostId: postId });
    xp?.commit();
    notify?.add(
      answerer,
      {
        id: `forum_answer_${threadId}`,
        type: "forum_answer",
        title: "Your reply was marked as the answer",
        body: thread.data.title,
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
  await store.set(`${readsOf(threadId)}/${uid}`, { uid, seenSeq, at: now });
}
