/**
 * "Be told" (issue 29, part B; decision 041): a new board post whose skill a member wants or teaches
 * reaches them in the bell, in the "Board posts" category of /settings. Timed work (the leader's
 * tick on the embedded engine, POST /api/cron on Firebase) picks up posts made since its cursor,
 * so posting never waits for the fan-out. Batched so a busy board does not flood anyone: a member
 * gets one notice per hour, `board_{hour}`, which counts the posts of that hour and becomes unread
 * again with each; the notice of a single post links to it, a count to the board's "matches me".
 * By e-mail too (the same category): the hour's first post for a member queues one mail job,
 * `board_posts_{hour}_{uid}`, due when the hour is over, which then lists that hour's posts
 * (post-mail.server.ts); so a member gets at most one such mail an hour, and none for an hour whose
 * notice they already read in the bell.
 */
import { boardPostLink, BOARD_POSTS, readBoardPost, type BoardPost } from "~/documents/board";
import { notificationPath } from "~/documents/notifications";
import { membersWithSkill } from "~/features/skills/skills.server";
import type { DocStore } from "~/engine/store/types";
import { getUser } from "~/documents/users";
import { readNotificationPrefs, shouldNotify } from "~/features/notifications/preferences";
import { noticeWords } from "~/features/notifications/notifications.server";
import { mailJobPath } from "~/documents/mail";
import { queueMail } from "~/features/mail/queue.server";

export const ALERT_BUCKET_MS = 60 * 60_000;
/** Posts picked up per run; the rest wait for the next tick. */
export const ALERT_POSTS_PER_RUN = 20;
/** Members told per transaction (each costs a read of the profile and of the hour's notice). */
const RECIPIENTS_PER_TX = 100;
/** Where the timed work left off: the createdAt and id of the last post it handled. */
export const ALERT_CURSOR_PATH = "board_alerts/cursor";

/** The posts an hour's notice remembers for its mail (the newest; the count says how many there were). */
export const NOTICE_POSTS_KEPT = 10;

export function alertNoticeId(now: number): string {
  return `board_${Math.floor(now / ALERT_BUCKET_MS)}`;
}

/** The hour's mail for a member: one job per member and hour, sent when the hour is over. */
export function alertMailKey(now: number, uid: string): string {
  return `board_posts_${Math.floor(now / ALERT_BUCKET_MS)}_${uid}`;
}
const alertMailDue = (now: number) => (Math.floor(now / ALERT_BUCKET_MS) + 1) * ALERT_BUCKET_MS;

/**
 * The hour's notice after one more post: the post itself when it is the first, a count after; a
 * kind rendered in the reader's language, with its English words beside it (decision 069).
 */
export function alertNotice(post: Pick<BoardPost, "id" | "type" | "title" | "skillLabel">, count: number) {
  if (count <= 1)
    return {
      ...noticeWords("board_post_one", { postType: post.type, skill: post.skillLabel, text: post.title }),
      link: boardPostLink(post.id),
    };
  return { ...noticeWords("board_posts_many", { count, title: post.title }), link: "/board?mine=1" };
}

/** Tells every member who wants or teaches the post's skill, the poster aside; answers how many. */
export async function alertFittingMembers(store: DocStore, post: BoardPost, now = Date.now()): Promise<number> {
  if (post.status !== "active" || post.expiresAt <= now) return 0;
  const [teachers, learners] = await Promise.all([
    membersWithSkill(store, post.skillTag, "teachers"),
    membersWithSkill(store, post.skillTag, "learners"),
  ]);
  const uids = [...new Set([...teachers, ...learners].map((h) => h.uid))].filter((uid) => uid !== post.authorUid);
  const id = alertNoticeId(now);
  let told = 0;
  for (let i = 0; i < uids.length; i += RECIPIENTS_PER_TX) {
    const chunk = uids.slice(i, i + RECIPIENTS_PER_TX);
    told += await store.transaction(async (tx) => {
      const [profiles, notices, mails] = await Promise.all([
        Promise.all(chunk.map((uid) => getUser(tx, uid))),
        Promise.all(chunk.map((uid) => tx.get(notificationPath(uid, id)))),
        Promise.all(chunk.map((uid) => tx.get(mailJobPath(alertMailKey(now, uid))))),
      ]);
      let written = 0;
      chunk.forEach((uid, j) => {
        const profile = profiles[j];
        // The member's choice, read in this transaction as prepareNotifications does (decision 013);
        // written here because the notice also keeps the hour's count.
        if (!profile || profile.deleted || !shouldNotify(readNotificationPrefs(profile), "board_post")) return;
        const before = notices[j]?.data.count;
        const count = (typeof before === "number" ? before : 0) + 1;
        const kept = notices[j]?.data.postIds;
        const postIds = [post.id, ...(Array.isArray(kept) ? kept.filter((p) => p !== post.id) : [])];
        tx.set(notificationPath(uid, id), {
          type: "board_post",
          ...alertNotice(post, count),
          read: false,
          timestamp: now,
          count,
          postIds: postIds.slice(0, NOTICE_POSTS_KEPT),
        });
        // The hour's mail is queued once; the hour's later posts join it through the notice.
        if (!mails[j])
          queueMail(tx, alertMailKey(now, uid), { uid, kind: "board_posts", ref: id }, now, alertMailDue(now));
        written++;
      });
      return written;
    });
  }
  return told;
}

/** Timed work: alerts for the posts made since the cursor, oldest first; answers how many posts. */
export async function runPostAlerts(store: DocStore, now = Date.now()): Promise<number> {
  const cursor = await store.get(ALERT_CURSOR_PATH);
  // The first run starts from now: posts made before the feature existed are not news.
  if (!cursor) {
    await store.set(ALERT_CURSOR_PATH, { createdAt: now, postId: "" });
    return 0;
  }
  const after = typeof cursor.data.createdAt === "number" ? cursor.data.createdAt : now;
  const lastId = typeof cursor.data.postId === "string" ? cursor.data.postId : "";
  const docs = await store.query({
    collection: BOARD_POSTS,
    where: [["createdAt", ">=", after]],
    orderBy: [["createdAt", "asc"]],
    limit: ALERT_POSTS_PER_RUN + 1,
  });
  // Posts of the cursor's own millisecond that sort at or before its id were handled already.
  const posts = docs
    .map(readBoardPost)
    .filter((p) => p.createdAt > after || p.id > lastId)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
    .slice(0, ALERT_POSTS_PER_RUN);
  for (const post of posts) {
    await alertFittingMembers(store, post, now);
    await store.set(ALERT_CURSOR_PATH, { createdAt: post.createdAt, postId: post.id });
  }
  return posts.length;
}
