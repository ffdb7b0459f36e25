/**
 * Where the forum lives, on both engines (decision 023: document paths are named in app/documents/): everything under the one document `community/forum`,
 * so the Firestore rules and the backups name a single root. Browser-safe.
 *
 *   community/forum/spaces/{spaceId}
 *   community/forum/threads/{threadId}
 *   community/forum/threads/{threadId}/posts/{postId}        (the opening post's id is the thread's)
 *   community/forum/threads/{threadId}/posts/{postId}/reactions/{uid}_{kind}
 *   community/forum/threads/{threadId}/follows/{uid}
 *   community/forum/threads/{threadId}/reads/{uid}
 *   community/forum/lists/{sort}-{spaceId|all}/entries/{entryId}
 */
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
export const postsOf = (threadId: string) => `${THREADS}/${threadId}/posts`;
export const postPath = (threadId: string, postId: string) => `${postsOf(threadId)}/${postId}`;
export const reactionsOf = (threadId: string, postId: string) => `${postPath(threadId, postId)}/reactions`;
export const followsOf = (threadId: string) => `${THREADS}/${threadId}/follows`;
export const readsOf = (threadId: string) => `${THREADS}/${threadId}/reads`;
/** `community/forum/lists/{sort}-{spaceId|all}/entries`: a sorted list of threads (features/community/lists.ts). */
export const threadListOf = (sort: string, spaceId: string | null) =>
  `${FORUM}/lists/${sort}-${spaceId ?? "all"}/entries`;

/** The thread page of a post, as notifications and reports link to it. */
export function postLink(threadId: string, postId: string): string {
  return postId === threadId ? `/community/${threadId}` : `/community/${threadId}#post-${postId}`;
}
