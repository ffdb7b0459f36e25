/**
 * Writing to the forum: threads, replies, edits, deletions. Each is one transaction that writes
 * the post, its thread's counts and sort keys, the search index entry and the notifications it
 * causes together, so nothing is ever half-written (a post without its index entry, a reply
 * count without its reply).
 */
import { getUser, type UserProfile } from "~/documents/users";
import { randomBytes } from "node:crypto";
import type { DocStore, Transaction } from "~/engine/store/types";
import { prepareNotifications, type PreparedNotifications } from "~/features/notifications/notifications.server";
import { displayLabel } from "~/features/skills/tags";
import { ForumError, POST_NOT_FOUND, THREAD_NOT_FOUND } from "./errors";
import { checkPosting } from "./limits.server";
import {
  followPath,
  followsOf,
  getPost,
  getSpace,
  getThread,
  isForumId,
  postLink,
  postPath,
  spacePath,
  threadPath,
  type FollowDoc,
  type PostDoc,
  type SpaceDoc,
  type ThreadDoc,
} from "~/documents/community";
import { MAX_MENTIONS, editableUntil, parseMentions, searchText, skillSpaceId, sortKeys } from "./rules";
import { writeListEntries } from "./lists";
import { fixedSpace, skillSpace } from "./spaces";

export const SEARCH_INDEX = "community";

export function newId(): string {
  return randomBytes(10)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "x");
}

/** The author as notices name them: blank reads as "A member" in the reader's language (decision 069). */
const nameOf = (user: UserProfile | null) => user?.fullName.trim() ?? "";

/** null for a profile that does not say when it was made (0 is no date). */
const memberSince = (user: UserProfile | null) => user?.createdAt || null;

/** Mentioned members who exist, minus the author; more than MAX_MENTIONS is a 400. */
async function readMentions(tx: Transaction, body: string, author: string): Promise<string[]> {
  const uids = parseMentions(body).filter((u) => u !== author);
  if (uids.length > MAX_MENTIONS)
    throw new ForumError(
      400,
      `A post can mention at most ${MAX_MENTIONS} members; this one mentions ${uids.length}.`,
      "tooManyMentions",
      { max: MAX_MENTIONS, count: uids.length },
    );
  const users = await Promise.all(uids.map((u) => getUser(tx, u)));
  return uids.filter((_, i) => users[i] && !users[i]!.deleted);
}

function notifyMentions(
  notify: PreparedNotifications,
  mentioned: readonly string[],
  who: string,
  title: string,
  link: string,
  postId: string,
  now: number,
) {
  for (const uid of mentioned) {
    notify.add(
      uid,
      {
        id: `forum_mention_${postId}`,
        type: "forum_mention",
        kind: "forum_mention",
        params: { name: who, text: title },
        link,
      },
      now,
    );
  }
}

export interface NewThread {
  spaceId: string;
  title: string;
  body: string;
  skillTag: string;
  /** The tag as the member wrote it ("React"), for a new skill space's name. */
  skillLabel?: string;
}

function resolveSpace(
  spaceId: string,
  skillTag: string,
  skillLabel?: string,
): { id: string; name: string; skillTag: string | null } {
  const fixed = fixedSpace(spaceId);
  if (fixed) return { id: fixed.id, name: fixed.name, skillTag: skillTag || null };
  if (skillTag && spaceId === skillSpaceId(skillTag)) {
    const space = skillSpace(skillTag, displayLabel(skillLabel || skillTag));
    return { id: space.id, name: space.name, skillTag };
  }
  throw new ForumError(400, "Choose one of the spaces in the list.", "chooseSpace");
}

export async function createThread(
  store: DocStore,
  uid: string,
  input: NewThread,
  now = Date.now(),
): Promise<{ threadId: string }> {
  const space = resolveSpace(input.spaceId, input.skillTag, input.skillLabel);
  const threadId = newId();
  const limits = await store.transaction(async (tx) => {
    const [author, spaceDoc] = await Promise.all([getUser(tx, uid), getSpace(tx, space.id)]);
    const limits = checkPosting(uid, input.body, memberSince(author), now);
    const mentioned = await readMentions(tx, input.body, uid);
    const notify = await prepareNotifications(tx, mentioned);
    const counts = { createdAt: now, lastActivityAt: now, replyCount: 0, reactionCount: 0 };
    const threadDoc: ThreadDoc = {
      spaceId: space.id,
      title: input.title,
      authorUid: uid,
      skillTag: space.skillTag,
      ...counts,
      lastPosterUid: uid,
      answerPostId: null,
      hidden: false,
      nextSeq: 1,
      ...sortKeys({ id: threadId, ...counts }),
    };
    tx.create(threadPath(threadId), threadDoc);
    writeListEntries(tx, threadId, null, threadDoc);
    const post: PostDoc = {
      threadId,
      authorUid: uid,
      body: input.body,
      createdAt: now,
      editedAt: null,
      deleted: false,
      seq: 0,
      quoteOf: null,
      reactions: {},
      mentions: mentioned,
      hidden: false,
      openReports: 0,
    };
    tx.create(postPath(threadId, threadId), post);
    tx.set(spacePath(space.id), {
      name: space.name,
      description: spaceDoc?.description ?? "",
      skillTag: space.skillTag,
      order: spaceDoc?.order ?? 100,
      threadCount: (spaceDoc?.threadCount ?? 0) + 1,
      createdAt: spaceDoc?.createdAt ?? now,
    } satisfies SpaceDoc);
    tx.set(followPath(threadId, uid), { uid, at: now } satisfies FollowDoc);
    tx.indexText(SEARCH_INDEX, postPath(threadId, threadId), searchText(post, input.title));
    notifyMentions(notify, mentioned, nameOf(author), input.title, postLink(threadId, threadId), threadId, now);
    return limits;
  });
  limits.record();
  return { threadId };
}

async function readLiveThread(tx: Transaction, threadId: string) {
  if (!isForumId(threadId)) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
  const thread = await getThread(tx, threadId);
  if (!thread || thread.hidden) throw new ForumError(404, THREAD_NOT_FOUND, "threadNotFound");
  return thread;
}

export async function reply(
  store: DocStore,
  uid: string,
  threadId: string,
  input: { body: string; quoteOf?: string },
  now = Date.now(),
): Promise<{ postId: string }> {
  const postId = newId();
  const limits = await store.transaction(async (tx) => {
    const t = await readLiveThread(tx, threadId);
    const [author, quoted, followers] = await Promise.all([
      getUser(tx, uid),
      input.quoteOf && isForumId(input.quoteOf) ? getPost(tx, threadId, input.quoteOf) : Promise.resolve(null),
      // Only their ids are read: a follow's id is the follower's uid.
      tx.query({ collection: followsOf(threadId) }),
    ]);
    if (input.quoteOf && (!quoted || quoted.deleted || quoted.hidden))
      throw new ForumError(400, "The post you quoted is no longer there. Remove the quote and try again.", "quoteGone");
    const limits = checkPosting(uid, input.body, memberSince(author), now);
    const mentioned = await readMentions(tx, input.body, uid);
    const followerUids = followers.map((f) => f.id).filter((f) => f !== uid && !mentioned.includes(f));
    const notify = await prepareNotifications(tx, [...mentioned, ...followerUids]);

    const seq = t.nextSeq;
    const post: PostDoc = {
      threadId,
      authorUid: uid,
      body: input.body,
      createdAt: now,
      editedAt: null,
      deleted: false,
      seq,
      quoteOf: input.quoteOf ?? null,
      reactions: {},
      mentions: mentioned,
      hidden: false,
      openReports: 0,
    };
    tx.create(postPath(threadId, postId), post);
    const counts = {
      createdAt: t.createdAt,
      lastActivityAt: now,
      replyCount: t.replyCount + 1,
      reactionCount: t.reactionCount,
    };
    const keys = sortKeys({ id: threadId, ...counts });
    tx.update(threadPath(threadId), {
      lastActivityAt: now,
      lastPosterUid: uid,
      replyCount: counts.replyCount,
      nextSeq: seq + 1,
      ...keys,
    });
    writeListEntries(tx, threadId, t, { ...t, ...keys });
    // Replying follows the thread, as in Discourse: you hear about the answers to what you said.
    tx.set(followPath(threadId, uid), { uid, at: now } satisfies FollowDoc);
    tx.indexText(SEARCH_INDEX, postPath(threadId, postId), searchText(post, null));
    const who = nameOf(author);
    const link = postLink(threadId, postId);
    notifyMentions(notify, mentioned, who, t.title, link, postId, now);
    for (const f of followerUids)
      notify.add(
        f,
        {
          id: `forum_reply_${postId}`,
          type: "forum_reply",
          kind: "forum_reply",
          params: { name: who, text: t.title },
          link,
        },
        now,
      );
    return limits;
  });
  limits.record();
  return { postId };
}

async function readOwnPost(tx: Transaction, uid: string, threadId: string, postId: string) {
  const thread = await readLiveThread(tx, threadId);
  if (!isForumId(postId)) throw new ForumError(404, POST_NOT_FOUND, "postNotFound");
  const post = await getPost(tx, threadId, postId);
  if (!post || post.deleted) throw new ForumError(404, POST_NOT_FOUND, "postNotFound");
  if (post.authorUid !== uid) throw new ForumError(403, "You can only change your own posts.", "notYourPost");
  return { thread, post };
}

export async function editPost(
  store: DocStore,
  uid: string,
  threadId: string,
  postId: string,
  input: { body: string; title?: string },
  now = Date.now(),
): Promise<void> {
  await store.transaction(async (tx) => {
    const { thread, post } = await readOwnPost(tx, uid, threadId, postId);
    if (now > editableUntil(post.createdAt))
      throw new ForumError(
        403,
        "Posts can be edited for an hour after posting. Reply to add something instead.",
        "editWindowOver",
      );
    if (post.hidden) throw new ForumError(403, "This post is hidden while a moderator looks at it.", "postHidden");
    const opening = postId === threadId;
    const title = opening && input.title ? input.title : thread.title;
    const mentioned = await readMentions(tx, input.body, uid);
    const fresh = mentioned.filter((m) => !post.mentions.includes(m));
    const author = await getUser(tx, uid);
    const notify = await prepareNotifications(tx, fresh);
    const path = postPath(threadId, postId);
    tx.update(path, { body: input.body, editedAt: now, mentions: mentioned });
    if (opening && title !== thread.title) tx.update(threadPath(threadId), { title });
    tx.indexText(SEARCH_INDEX, path, searchText({ body: input.body }, opening ? title : null));
    notifyMentions(notify, fresh, nameOf(author), title, postLink(threadId, postId), postId, now);
  });
}

/** The post shows as deleted and its replies stay; its text leaves the store and the index. */
export async function deletePost(store: DocStore, uid: string, threadId: string, postId: string): Promise<void> {
  await store.transaction(async (tx) => {
    const { thread } = await readOwnPost(tx, uid, threadId, postId);
    const path = postPath(threadId, postId);
    tx.update(path, { body: "", deleted: true, mentions: [] });
    if (thread.answerPostId === postId) tx.update(threadPath(threadId), { answerPostId: null });
    tx.indexText(SEARCH_INDEX, path, null);
  });
}
