/** What a thread page needs (the forum page and /discuss?thread= show the same), read once; marks it read. */
import type { DocStore } from "~/engine/store/types";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { ForumError, forumErrorText } from "./errors";
import { namedSpace } from "./space-names.server";
import { markThreadRead } from "./interact.server";
import { isForumId } from "~/documents/community";
import { keptSpace, loadThread } from "./read.server";
import { fixedSpace } from "./spaces";

/**
 * The thread's space as the page names it; one whose record is missing reads as the community
 * itself, in the reader's language (decision 085), not as a member's words.
 */
export function spaceOfThread(id: string, name: string, skillTag: string | null, language: string) {
  if (!name) return { id, name: fixedT(language, "community")("title"), skillTag: null, own: false };
  return namedSpace({ id, name, skillTag }, language);
}

/** `language`: the reader's, for a skill space's name and a refusal. */
export async function loadThreadPage(store: DocStore, uid: string, threadId: string, language: string) {
  let loaded;
  try {
    loaded = await loadThread(store, uid, threadId, language);
  } catch (error) {
    if (error instanceof ForumError)
      throw new Response(forumErrorText(error, fixedT(language, "community"), intlLocale(language)), {
        status: error.status,
      });
    throw error;
  }
  const { thread, posts, myReactions, following, seenSeq } = loaded;
  const lastSeq = posts.length ? posts[posts.length - 1].seq : 0;
  const fixed = fixedSpace(thread.spaceId);
  const [space] = await Promise.all([
    fixed || !isForumId(thread.spaceId) ? Promise.resolve(null) : keptSpace(store, thread.spaceId),
    // Read up to here already (a reload, a second look): no commit, so no worker's change-log
    // follower or read cache is woken for nothing (issue 28).
    seenSeq === lastSeq ? null : markThreadRead(store, uid, threadId, lastSeq),
  ]);
  return {
    threadId,
    title: thread.title,
    space: spaceOfThread(thread.spaceId, fixed?.name ?? space?.name ?? "", space?.skillTag ?? null, language),
    author: thread.author,
    createdAt: thread.createdAt,
    me: uid,
    following,
    myReactions,
    initial: {
      thread: {
        title: thread.title,
        replyCount: thread.replyCount,
        reactionCount: thread.reactionCount,
        answerPostId: thread.answerPostId,
      },
      posts,
    },
    now: Date.now(),
  };
}
