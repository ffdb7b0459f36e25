/**
 * The board's part of the timed work (runDueWork, every minute on the lease holder; /api/cron on
 * Firebase): posts past their expiry leave the board, and posters are told a few days before.
 * Every step is idempotent, so overlapping runs are harmless. Decision 039.
 */
import { BOARD_POSTS, boardPostPath, readBoardPost } from "~/documents/board";
import type { DocStore } from "~/engine/store/types";
import { prepareNotifications } from "~/features/notifications/notifications.server";
import { daysLeft, isPastExpiry, needsExpiryWarning, WARN_BEFORE_DAYS, DAY_MS } from "./expiry";
import { prepareBoardPostStatus } from "./lists";

const BATCH = 200;

export interface BoardExpiryReport {
  expired: number;
  warned: number;
}

/** Active posts whose expiry is at or before `until`, soonest first. */
export function expiringQuery(until: number) {
  return {
    collection: BOARD_POSTS,
    where: [
      ["status", "==", "active"],
      ["expiresAt", "<=", until],
    ] as const,
    orderBy: [["expiresAt", "asc"]] as const,
    limit: BATCH,
  };
}

export async function runBoardExpiry(store: DocStore, now = Date.now()): Promise<BoardExpiryReport> {
  const report: BoardExpiryReport = { expired: 0, warned: 0 };
  const due = (await store.query(expiringQuery(now + WARN_BEFORE_DAYS * DAY_MS))).map(readBoardPost);
  for (const candidate of due) {
    if (isPastExpiry(candidate, now)) {
      if (await expire(store, candidate.id, now)) report.expired++;
    } else if (needsExpiryWarning(candidate, now)) {
      if (await warn(store, candidate.id, now)) report.warned++;
    }
  }
  return report;
}

/** Takes the post off the board (entries and index go with it), if it is still active and due. */
async function expire(store: DocStore, postId: string, now: number): Promise<boolean> {
  return store.transaction(async (tx) => {
    const target = await prepareBoardPostStatus(tx, postId);
    if (!target.post || !isPastExpiry(target.post, now)) return false;
    target.apply("expired", { updatedAt: now });
    return true;
  });
}

/** Once per expiry date: the mark and the notification commit together. */
async function warn(store: DocStore, postId: string, now: number): Promise<boolean> {
  return store.transaction(async (tx) => {
    const doc = await tx.get(boardPostPath(postId));
    const post = doc && readBoardPost(doc);
    if (!post || !needsExpiryWarning(post, now)) return false;
    const notify = await prepareNotifications(tx, [post.authorUid]);
    tx.update(boardPostPath(postId), { warnedFor: post.expiresAt });
    notify.add(
      post.authorUid,
      {
        id: `board_expiry_${postId}_${post.expiresAt}`,
        type: "system",
        kind: "board_expiry",
        params: { days: daysLeft(post, now), title: post.title },
        link: `/board/mine`,
      },
      now,
    );
    return true;
  });
}
