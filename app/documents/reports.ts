/**
 * `reports/{targetKind}_{targetId}_{reporterUid}`: a member's report of a forum post or a chat
 * message, waiting for a reviewer (the admin back office). Only the server writes them; browsers
 * read none (decision 018). Browser-safe: the report form names the same reasons and kinds.
 * Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import {
  count,
  flag,
  getParsed,
  oneOf,
  optionalText,
  optionalTime,
  text,
  type DocReader,
  type StoredDoc,
  withId,
} from "./fields";

export const REPORTS = "reports";

export const REPORT_REASONS = ["spam", "harassment", "inappropriate", "off_topic", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** A forum post, a chat message, or a post on the offers-and-needs board (decision 039). */
export const REPORT_TARGET_KINDS = ["post", "message", "board_post"] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
export const REPORT_STATUSES = ["open", "hidden", "dismissed", "restored"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** One member reports one thing once: a second report of theirs lands on the same document. */
export function reportId(targetKind: ReportTargetKind, targetId: string, reporterUid: string): string {
  return `${targetKind}_${targetId}_${reporterUid}`;
}
export const reportPath = (id: string) => `${REPORTS}/${id}`;

export const reportDocSchema = z.object({
  /** A kind this version does not know reads as a post: review then finds no post there and hides nothing. */
  targetKind: oneOf(REPORT_TARGET_KINDS, "post"),
  /** The reported post's or message's document. */
  targetPath: text(),
  targetId: text(),
  /** The thread of a post, the chat of a message; a board post's own id. */
  contextId: text(),
  authorUid: text(),
  reporterUid: text(),
  /**
   * A ReportReason when written by this version; read as the stored string, because a later
   * version may offer reasons this one does not know (the queue shows them as stored).
   */
  reason: text(),
  text: text(),
  /** A status this version does not know reads as dismissed (closed): no queue shows it, nothing is hidden on a guess. */
  status: oneOf(REPORT_STATUSES, "dismissed"),
  createdAt: count(),
  /**
   * Who the reporter was when they reported (decision 028): whether their e-mail was verified,
   * when their account was made (0: unknown) and a SHA-256 of the network address they reported
   * from ("": unknown). Reports written before these existed read as unverified, so they count
   * toward no hiding.
   */
  reporterVerified: flag,
  reporterSince: count(),
  reporterNetwork: text(),
  /** Set when a reviewer decides; null before. */
  reviewedBy: optionalText,
  reviewedAt: optionalTime,
});
export type ReportDoc = z.output<typeof reportDocSchema>;
export interface Report extends ReportDoc {
  id: string;
}
/** What a writer stores for a new report: a reason of this version's list, and no review yet. */
export type NewReportDoc = Omit<ReportDoc, "reason" | "reviewedBy" | "reviewedAt"> & { reason: ReportReason };

export const readReport: (doc: StoredDoc) => Report = withId(reportDocSchema);
export async function getReport(reader: DocReader, id: string): Promise<Report | null> {
  return getParsed(reader, reportPath(id), (data) => readReport({ id, data }));
}
