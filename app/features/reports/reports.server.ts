/**
 * Members report forum posts and chat messages; reports wait (~/documents/reports) for a reviewer
 * (the admin back office's screen). A post is hidden at once, in the transaction of the report that
 * reached the count, until reviewed, when reports that count toward hiding come from
 * HIDE_AFTER_REPORTS different networks (decision 028: verified members whose accounts are a day
 * old; one network counts once).
 */
import { createHash } from "node:crypto";
import type { TFunction } from "i18next";
import { waitWords } from "~/utils/format";
import { createRateLimiter, waitText } from "~/utils/rate-limit.server";
import type { DocStore, Transaction } from "~/engine/store/types";
import { prepareMessageVisibility } from "~/features/chat/moderation.server";
import { isChatId } from "~/features/chat/pair";
import { getChat, messagePath, readMessage } from "~/documents/chats";
import { prepareThreadVisibility } from "~/features/community/lists";
import { isForumId, postPath, readPost, threadPath } from "~/documents/community";
import { getReport, readReport, REPORTS, reportId, reportPath } from "~/documents/reports";
import { getUser } from "~/documents/users";
import { boardPostPath, isBoardId } from "~/documents/board";
import { prepareBoardPostStatus } from "~/features/board/lists";
import { statusOnRestore } from "~/features/board/expiry";
import type { ReportInput } from "./schema";
import {
  hidingCount,
  HIDE_AFTER_REPORTS,
  type NewReportDoc,
  type Report,
  type ReportOutcome,
  type ReportStatus,
} from "./types";

/** The refusals a member reads after sending a report, by key in "common" (`report.errors.<key>`). */
export type ReportErrorKey = "tooMany" | "postMissing" | "ownPost" | "messageMissing" | "ownMessage";

/**
 * A refusal with its HTTP status. The English message stays on the error for logs, tests and the
 * back office; `key` and `waitMs` write it in the member's language (reportErrorText).
 */
export class ReportError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    readonly key?: ReportErrorKey,
    readonly waitMs = 0,
  ) {
    super(message);
    this.name = "ReportError";
  }
}

/** A report's refusal in the reader's language; one without a key as it was written. */
export function reportErrorText(error: ReportError, t: TFunction, locale: string): string {
  return error.key ? t(`report.errors.${error.key}`, { wait: waitWords(error.waitMs, locale) }) : error.message;
}

// Reporting is rare; a member sending dozens a minute is abusing the queue, not using it.
const reportLimiter = createRateLimiter({ name: "reports", windowMs: 60 * 60_000, max: 30, maxKeys: 20_000 });

export interface ReportResult {
  id: string;
  /** False when this member had already reported it: nothing changed. */
  created: boolean;
  /** True when this report hid the post. */
  hidTarget: boolean;
}

/** What the request tells about the reporter: their session's verification and their network. */
export interface ReportSource {
  emailVerified: boolean;
  /** The client's address as a rate-limit key (utils/client-key.server); "" when unknown. */
  clientKey: string;
}

/** A report filed without a request behind it (fixtures): unverified, so it hides nothing on its own. */
const UNKNOWN_SOURCE: ReportSource = { emailVerified: false, clientKey: "" };

/** Files `uid`'s report of a post or a chat message; a repeat report changes nothing. */
export async function fileReport(
  store: DocStore,
  uid: string,
  input: ReportInput,
  now = Date.now(),
  source: ReportSource = UNKNOWN_SOURCE,
): Promise<ReportResult> {
  const limit = reportLimiter.check(uid, now);
  if (!limit.allowed)
    throw new ReportError(
      429,
      `You have sent many reports in the last hour. Wait ${waitText(limit.retryAfterMs)} and try again.`,
      "tooMany",
      limit.retryAfterMs,
    );
  const result =
    input.targetKind === "post"
      ? await reportPost(store, uid, input, now, source)
      : input.targetKind === "board_post"
        ? await reportBoardPost(store, uid, input, now, source)
        : await reportMessage(store, uid, input, now, source);
  if (result.created) reportLimiter.hit(uid, now);
  return result;
}

// The store keeps no address in the clear, as the sign-in throttle's keys (equal addresses, equal hashes).
const networkOf = (clientKey: string) => (clientKey ? createHash("sha256").update(clientKey).digest("hex") : "");

/** The new report, with the reporter's standing read inside `tx` (their profile's createdAt). */
async function reportDoc(
  tx: Transaction,
  input: ReportInput,
  uid: string,
  target: { path: string; authorUid: string },
  now: number,
  source: ReportSource,
): Promise<NewReportDoc> {
  const reporter = await getUser(tx, uid);
  return {
    targetKind: input.targetKind,
    targetPath: target.path,
    targetId: input.targetId,
    contextId: input.contextId,
    authorUid: target.authorUid,
    reporterUid: uid,
    reason: input.reason,
    text: input.text,
    status: "open",
    createdAt: now,
    reporterVerified: source.emailVerified,
    reporterSince: reporter?.createdAt ?? 0,
    reporterNetwork: networkOf(source.clientKey),
  };
}

async function reportPost(
  store: DocStore,
  uid: string,
  input: ReportInput,
  now: number,
  source: ReportSource,
): Promise<ReportResult> {
  const { targetId: postId, contextId: threadId } = input;
  if (!isForumId(threadId)) throw new ReportError(404, "This post does not exist.", "postMissing");
  const path = postPath(threadId, postId);
  const id = reportId("post", postId, uid);
  return store.transaction(async (tx) => {
    const [post, existing, thread, open] = await Promise.all([
      tx.get(path).then((doc) => doc && readPost(doc)),
      tx.get(reportPath(id)),
      postId === threadId ? prepareThreadVisibility(tx, threadPath(threadId)) : null,
      tx.query({
        collection: REPORTS,
        where: [
          ["targetId", "==", postId],
          ["status", "==", "open"],
        ],
      }),
    ]);
    if (!post || post.deleted) throw new ReportError(404, "This post does not exist.", "postMissing");
    if (post.authorUid === uid) throw new ReportError(400, "You cannot report your own post.", "ownPost");
    if (existing) return { id, created: false, hidTarget: false };
    const report = await reportDoc(tx, input, uid, { path, authorUid: post.authorUid }, now, source);
    const others = open.map(readReport).filter((r) => r.targetKind === "post");
    const hide = hidingCount([...others, report]) >= HIDE_AFTER_REPORTS && !post.hidden;
    tx.create(reportPath(id), report);
    tx.update(path, { openReports: post.openReports + 1, ...(hide ? { hidden: true } : {}) });
    // The opening post hides its whole thread: a title alone can carry what was reported.
    if (hide) thread?.apply(true);
    return { id, created: true, hidTarget: hide };
  });
}

/** A board post (decision 039): hidden like a forum post, by the same weighing (decision 028), until reviewed. */
async function reportBoardPost(
  store: DocStore,
  uid: string,
  input: ReportInput,
  now: number,
  source: ReportSource,
): Promise<ReportResult> {
  const postId = input.targetId;
  const notFound = new ReportError(404, "This post does not exist.", "postMissing");
  if (!isBoardId(postId)) throw notFound;
  const id = reportId("board_post", postId, uid);
  return store.transaction(async (tx) => {
    const [target, existing, open] = await Promise.all([
      prepareBoardPostStatus(tx, postId),
      tx.get(reportPath(id)),
      tx.query({
        collection: REPORTS,
        where: [
          ["targetId", "==", postId],
          ["status", "==", "open"],
        ],
      }),
    ]);
    const post = target.post;
    if (!post) throw notFound;
    if (post.authorUid === uid) throw new ReportError(400, "You cannot report your own post.", "ownPost");
    if (existing) return { id, created: false, hidTarget: false };
    const path = boardPostPath(postId);
    const report = await reportDoc(
      tx,
      { ...input, contextId: postId },
      uid,
      { path, authorUid: post.authorUid },
      now,
      source,
    );
    const others = open.map(readReport).filter((r) => r.targetKind === "board_post");
    const hide = hidingCount([...others, report]) >= HIDE_AFTER_REPORTS && post.status !== "hidden";
    tx.create(reportPath(id), report);
    if (hide) target.apply("hidden", { openReports: post.openReports + 1 });
    else tx.update(path, { openReports: post.openReports + 1 });
    return { id, created: true, hidTarget: hide };
  });
}

async function reportMessage(
  store: DocStore,
  uid: string,
  input: ReportInput,
  now: number,
  source: ReportSource,
): Promise<ReportResult> {
  const { targetId: messageId, contextId: chatId } = input;
  const notFound = new ReportError(
    404,
    "This message does not exist or is not in one of your conversations.",
    "messageMissing",
  );
  if (!isChatId(chatId)) throw notFound;
  const path = messagePath(chatId, messageId);
  const id = reportId("message", messageId, uid);
  return store.transaction(async (tx) => {
    const [chat, message, existing] = await Promise.all([
      getChat(tx, chatId),
      tx.get(path).then((doc) => doc && readMessage(doc)),
      tx.get(reportPath(id)),
    ]);
    // Only a participant may report, so nobody learns that a conversation exists by reporting into it.
    if (!chat || !chat.participants.includes(uid) || !message) throw notFound;
    if (message.sender === uid) throw new ReportError(400, "You cannot report your own message.", "ownMessage");
    if (existing) return { id, created: false, hidTarget: false };
    tx.create(reportPath(id), await reportDoc(tx, input, uid, { path, authorUid: message.sender }, now, source));
    return { id, created: true, hidTarget: false };
  });
}

/** Reports with the given status, newest first (the moderation queue reads "open"). */
export async function listReports(store: DocStore, status: ReportStatus, limit = 100): Promise<Report[]> {
  const docs = await store.query({
    collection: REPORTS,
    where: [["status", "==", status]],
    orderBy: [["createdAt", "desc"]],
    limit,
  });
  return docs.map(readReport);
}

/** Every report about `uid`'s posts and messages, and every report `uid` filed (the admin member page). */
export async function reportsOfMember(store: DocStore, uid: string): Promise<{ about: Report[]; by: Report[] }> {
  const [about, by] = await Promise.all([
    store.query({ collection: REPORTS, where: [["authorUid", "==", uid]] }),
    store.query({ collection: REPORTS, where: [["reporterUid", "==", uid]] }),
  ]);
  return { about: about.map(readReport), by: by.map(readReport) };
}

export interface ReviewSummary {
  targetKind: Report["targetKind"];
  targetPath: string;
  authorUid: string;
  /** Every open report of the target, now closed with `status`. */
  reportIds: string[];
  status: ReportStatus;
  /** Whether the post or message was hidden before and after the review. */
  hiddenBefore: boolean;
  hiddenAfter: boolean;
}

/**
 * The reviewable reports of one target (those reading `status`) and its visibility, read inside
 * `tx`; `close` then writes the decision (writes only, so the caller's audit entry can follow).
 * `nothingLeft` is the 409 when no report of the target reads `status` any more.
 */
async function readReportedTarget(tx: Transaction, reportId: string, status: ReportStatus, nothingLeft: string) {
  const report = await getReport(tx, reportId);
  if (!report) throw new ReportError(404, "This report does not exist.");
  const { targetKind, targetId, targetPath, authorUid } = report;
  const reports = await tx.query({
    collection: REPORTS,
    where: [
      ["targetId", "==", targetId],
      ["status", "==", status],
    ],
  });
  const sameTarget = reports.map(readReport).filter((r) => r.targetKind === targetKind);
  if (sameTarget.length === 0) throw new ReportError(409, nothingLeft);
  const postDoc = targetKind === "post" ? await tx.get(targetPath) : null;
  const post = postDoc && readPost(postDoc);
  const thread =
    post && post.id === post.threadId ? await prepareThreadVisibility(tx, threadPath(post.threadId)) : null;
  const message = targetKind === "message" ? await prepareMessageVisibility(tx, targetPath) : null;
  const board = targetKind === "board_post" ? await prepareBoardPostStatus(tx, targetId) : null;
  const boardPost = board?.post ?? null;
  return {
    /** Whether the post or message is there to hide (it may have been deleted since). */
    exists: post !== null || message !== null || boardPost !== null,
    hidden: post ? post.hidden : boardPost ? boardPost.status === "hidden" : (message?.hiddenBefore ?? false),
    close(
      decision: { status: ReportStatus; hiddenBefore: boolean; hiddenAfter: boolean },
      reviewerUid: string,
      now: number,
    ): ReviewSummary {
      for (const r of sameTarget)
        tx.update(reportPath(r.id), { status: decision.status, reviewedBy: reviewerUid, reviewedAt: now });
      if (post) {
        tx.update(targetPath, { hidden: decision.hiddenAfter, openReports: 0 });
        thread?.apply(decision.hiddenAfter);
      }
      message?.apply(decision.hiddenAfter, now);
      if (board && boardPost) {
        // Shown again, a post goes back to what it was: closed, expired by now, or on the board.
        const status = decision.hiddenAfter ? "hidden" : statusOnRestore(boardPost, now);
        if (status !== boardPost.status) board.apply(status, { openReports: 0 });
        else tx.update(targetPath, { openReports: 0 });
      }
      return { targetKind, targetPath, authorUid, reportIds: sameTarget.map((r) => r.id), ...decision };
    },
  };
}

/**
 * A reviewer's decision on a report closes every open report of the same target at once.
 * "hidden" keeps (or makes) a post hidden; "dismissed" shows it again, and its reports read
 * "restored" when it had been hidden. `inTransaction` lets the caller write its audit entry in
 * the same commit (writes only: every read is done by then).
 */
export async function reviewReport(
  store: DocStore,
  input: { reportId: string; outcome: ReportOutcome; reviewerUid: string },
  inTransaction?: (tx: Transaction, summary: ReviewSummary) => void,
  now = Date.now(),
): Promise<ReviewSummary> {
  return store.transaction(async (tx) => {
    const target = await readReportedTarget(tx, input.reportId, "open", "Someone has already reviewed this report.");
    const hiddenBefore = target.hidden;
    const hiddenAfter = input.outcome === "hidden" && target.exists;
    const status: ReportStatus = input.outcome === "hidden" ? "hidden" : hiddenBefore ? "restored" : "dismissed";
    const summary = target.close({ status, hiddenBefore, hiddenAfter }, input.reviewerUid, now);
    inTransaction?.(tx, summary);
    return summary;
  });
}

/**
 * Shows again what a reviewer hid earlier: every report of the target that reads "hidden" now
 * reads "restored", and the post (with its thread when it opens one) or the message is shown.
 */
export async function restoreReported(
  store: DocStore,
  input: { reportId: string; reviewerUid: string },
  inTransaction?: (tx: Transaction, summary: ReviewSummary) => void,
  now = Date.now(),
): Promise<ReviewSummary> {
  return store.transaction(async (tx) => {
    const target = await readReportedTarget(
      tx,
      input.reportId,
      "hidden",
      "This is not hidden any more: someone has restored it already.",
    );
    const summary = target.close(
      { status: "restored", hiddenBefore: true, hiddenAfter: false },
      input.reviewerUid,
      now,
    );
    inTransaction?.(tx, summary);
    return summary;
  });
}
