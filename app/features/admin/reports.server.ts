/**
 * The moderation queue: reported forum posts, board posts and chat messages, one item per reported thing (all
 * its reports together), with the content in context. A reviewer hides it, dismisses the reports,
 * or shows again what was hidden; the decision and its audit entry are one transaction (the
 * reports module does the moving, this module logs it).
 */
import type { DocStore, Transaction } from "~/engine/store/types";
import { moderatedText } from "~/features/chat/moderation.server";
import { messagesOf, readMessage, type Message } from "~/documents/chats";
import { getThread, postLink, readPost } from "~/documents/community";
import { getUsers } from "~/documents/users";
import { boardPostLink, readBoardPost, type BoardPost } from "~/documents/board";
import { skillNamer } from "~/features/skills/skill-names.server";
import { withSwapSkillNamed, type NamedPrice } from "~/features/board/skill-names.server";
import { isTaxonomyTag } from "~/features/skills/taxonomy";
import { namesOf } from "~/features/members/members.server";
import { listReports, restoreReported, reviewReport, type ReviewSummary } from "~/features/reports/reports.server";
import { countsTowardHiding, type Report } from "~/features/reports/types";
import { recordAudit, type AuditAction } from "./audit.server";
import type { ShownName } from "~/features/members/member";

/** Messages shown on each side of a reported chat message. */
const MESSAGE_CONTEXT = 3;

export type QueueStatus = "open" | "hidden";

export interface ContextLine {
  sender: ShownName;
  /** As written; empty for a message a moderator hid (`hidden`), which the page words. */
  text: string;
  hidden: boolean;
  reported: boolean;
}

/** Why there is no content to show: its author deleted it, or it is gone; worded by the page. */
export type GoneContent = "deleted" | "missing";

export interface ReportedItem {
  /** Any one of its reports: the decision applies to all of them. */
  reportId: string;
  targetKind: Report["targetKind"];
  authorUid: string;
  authorName: ShownName;
  authorSuspended: boolean;
  /** The author deleted their account or it is gone: there is nobody to suspend (the server refuses it too). */
  authorGone: boolean;
  /** What was reported, as written (a reviewer reads hidden content too); empty when `gone`. */
  text: string;
  gone: GoneContent | null;
  hidden: boolean;
  /** Posts: the thread's title and the post's address; messages: the lines around it. */
  threadTitle: string | null;
  link: string | null;
  context: ContextLine[];
  /** A board post: what kind it is, its skill, price and place, shown in the reviewer's language. */
  boardPost: BoardPostSummary | null;
  reports: ReporterLine[];
  firstReportedAt: number;
}

/**
 * A reported board post in context, as data (decision 078): its type, price and format are worded
 * by the page in the reviewer's language; its skill is named here (a taxonomy skill translated,
 * `ownSkill` a member's tag as written), the price's swap skill too (decision 094); the area is the poster's words.
 */
export interface BoardPostSummary {
  posterName: ShownName;
  type: BoardPost["type"];
  skill: string;
  ownSkill: boolean;
  price: NamedPrice;
  format: BoardPost["format"];
  area: string;
}

/** One report as a reviewer weighs it (decision 028): who filed it, and what their account was then. */
export interface ReporterLine {
  reporterUid: string;
  reporterName: ShownName;
  reason: string;
  text: string;
  createdAt: number;
  /** How old the reporter's account was when they reported; null when unknown. */
  accountAgeMs: number | null;
  /** Whether their e-mail was verified when they reported. */
  verified: boolean;
  /** How many other reporters of the same thing reported from the same network; null when unknown. */
  sameNetwork: number | null;
  /** Whether it counts toward hiding the post before a review. */
  counts: boolean;
}

/** The reports of one thing as reporter lines; `since` is a reporter's account creation from their profile. */
function reporterLines(reports: Report[], names: Map<string, ShownName>, since: Map<string, number>): ReporterLine[] {
  return reports.map((r) => {
    const accountSince = r.reporterSince || since.get(r.reporterUid) || 0;
    return {
      reporterUid: r.reporterUid,
      reporterName: names.get(r.reporterUid)!,
      reason: r.reason,
      text: r.text,
      createdAt: r.createdAt,
      accountAgeMs: accountSince > 0 ? r.createdAt - accountSince : null,
      verified: r.reporterVerified,
      sameNetwork: r.reporterNetwork
        ? reports.filter((o) => o !== r && o.reporterNetwork === r.reporterNetwork).length
        : null,
      counts: countsTowardHiding(r),
    };
  });
}

function groupByTarget(reports: Report[]): Report[][] {
  const groups = new Map<string, Report[]>();
  for (const report of reports) {
    const key = `${report.targetKind}:${report.targetId}`;
    groups.set(key, [...(groups.get(key) ?? []), report]);
  }
  return [...groups.values()];
}

async function messageContext(store: DocStore, report: Report, language: string): Promise<ContextLine[]> {
  const messages = messagesOf(report.contextId);
  const targetDoc = await store.get(report.targetPath);
  if (!targetDoc) return [];
  const target = readMessage(targetDoc);
  const at = target.timestamp;
  const [before, after] = await Promise.all([
    store.query({
      collection: messages,
      where: [["timestamp", "<", at]],
      orderBy: [["timestamp", "desc"]],
      limit: MESSAGE_CONTEXT,
    }),
    store.query({
      collection: messages,
      where: [["timestamp", ">", at]],
      orderBy: [["timestamp", "asc"]],
      limit: MESSAGE_CONTEXT,
    }),
  ]);
  const around = [...before.reverse(), ...after].map(readMessage);
  const [names, reportedText] = await Promise.all([
    namesOf(store, [target.sender, ...around.map((m) => m.sender)], language),
    moderatedText(store, report.targetPath),
  ]);
  const line = (m: Message, reported: boolean, text: string, hidden: boolean): ContextLine => ({
    sender: names.get(m.sender)!,
    text,
    hidden,
    reported,
  });
  const shown = (m: Message) => line(m, false, m.hidden ? "" : m.text, m.hidden);
  return [
    ...around.slice(0, before.length).map(shown),
    line(target, true, reportedText ?? "", false),
    ...around.slice(before.length).map(shown),
  ];
}

/**
 * The queue, oldest report first: "open" waits for a decision, "hidden" can be shown again.
 * `language`: the reviewer's, for the names of taxonomy skills.
 */
export async function moderationQueue(store: DocStore, status: QueueStatus, language: string): Promise<ReportedItem[]> {
  const groups = groupByTarget(await listReports(store, status, 300));
  const uids = [...new Set(groups.flatMap((g) => g.flatMap((r) => [r.authorUid, r.reporterUid])))];
  const [names, profiles] = await Promise.all([namesOf(store, uids, language), getUsers(store, uids)]);
  const suspended = new Set(uids.filter((_, i) => profiles[i]?.suspension));
  const gone = new Set(uids.filter((_, i) => !profiles[i] || profiles[i]!.deleted));
  const since = new Map(uids.map((uid, i) => [uid, profiles[i]?.createdAt ?? 0]));

  const items = await Promise.all(
    groups.map(async (reports): Promise<ReportedItem> => {
      const first = reports.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b));
      const base = {
        reportId: first.id,
        targetKind: first.targetKind,
        authorUid: first.authorUid,
        authorName: names.get(first.authorUid)!,
        authorSuspended: suspended.has(first.authorUid),
        authorGone: gone.has(first.authorUid),
        reports: reporterLines(reports, names, since),
        firstReportedAt: first.createdAt,
        boardPost: null,
      };
      if (first.targetKind === "post") {
        const [post, thread] = await Promise.all([
          store.get(first.targetPath).then((doc) => doc && readPost(doc)),
          getThread(store, first.contextId),
        ]);
        return {
          ...base,
          text: post && !post.deleted ? post.body : "",
          gone: !post ? "missing" : post.deleted ? "deleted" : null,
          hidden: post?.hidden === true,
          threadTitle: thread?.title ?? null,
          link: post ? postLink(post.threadId, post.id) : null,
          context: [],
        };
      }
      if (first.targetKind === "board_post") {
        // In context: what kind of post, its skill, price and place; its text as written.
        const post = await store.get(first.targetPath).then((doc) => doc && readBoardPost(doc));
        return {
          ...base,
          text: post ? post.description : "",
          gone: post ? null : "missing",
          hidden: post?.status === "hidden",
          threadTitle: post?.title ?? null,
          link: post ? boardPostLink(post.id) : null,
          context: [],
          boardPost: post
            ? {
                posterName:
                  names.get(post.authorUid) ?? (await namesOf(store, [post.authorUid], language)).get(post.authorUid)!,
                type: post.type,
                skill: skillNamer(language).name(post.skillTag, post.skillLabel),
                ownSkill: !isTaxonomyTag(post.skillTag),
                price: withSwapSkillNamed(post.price, language),
                format: post.format,
                area: post.area,
              }
            : null,
        };
      }
      const context = await messageContext(store, first, language);
      const message = await store.get(first.targetPath);
      const reported = context.find((c) => c.reported);
      return {
        ...base,
        text: reported?.text ?? "",
        gone: reported ? null : "missing",
        hidden: message ? readMessage(message).hidden : false,
        threadTitle: null,
        link: null,
        context,
      };
    }),
  );
  return items.sort((a, b) => a.firstReportedAt - b.firstReportedAt);
}

export type ModerationDecision = "hide" | "dismiss" | "restore";

const AUDIT_FOR: Record<ReviewSummary["status"], AuditAction> = {
  hidden: "report.hide",
  dismissed: "report.dismiss",
  restored: "report.restore",
  open: "report.dismiss",
};

/** Applies a reviewer's decision to every report of the reported thing, logged in the same commit. */
export async function moderate(
  store: DocStore,
  adminUid: string,
  reportId: string,
  decision: ModerationDecision,
  note: string,
  now = Date.now(),
): Promise<ReviewSummary> {
  const log = (tx: Transaction, summary: ReviewSummary) =>
    recordAudit(
      tx,
      {
        actorUid: adminUid,
        action: AUDIT_FOR[summary.status],
        subjectUid: summary.authorUid,
        target: summary.targetPath,
        reason: note,
        before: { hidden: summary.hiddenBefore, reports: summary.reportIds.length },
        after: { hidden: summary.hiddenAfter, status: summary.status },
      },
      now,
    );
  if (decision === "restore") return restoreReported(store, { reportId, reviewerUid: adminUid }, log, now);
  return reviewReport(
    store,
    { reportId, outcome: decision === "hide" ? "hidden" : "dismissed", reviewerUid: adminUid },
    log,
    now,
  );
}
