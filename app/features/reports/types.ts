/**
 * Reports of forum posts and chat messages. Their stored documents (`reports/{id}`) are named and
 * parsed in ~/documents/reports. Browser-safe: the report form and the admin screen show the same
 * reasons.
 */
import type { ReportReason } from "~/documents/reports";

export {
  REPORT_REASONS,
  type NewReportDoc,
  type Report,
  type ReportReason,
  type ReportStatus,
  type ReportTargetKind,
} from "~/documents/reports";

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  harassment: "Harassment or hate",
  inappropriate: "Inappropriate content",
  off_topic: "Off topic",
  other: "Something else",
};

/** A stored reason as a reviewer reads it; one from a later version shows as stored. */
export function reportReasonLabel(reason: string): string {
  return Object.hasOwn(REPORT_REASON_LABELS, reason) ? REPORT_REASON_LABELS[reason as ReportReason] : reason;
}

/** What a reviewer decides: keep the post hidden, or find nothing wrong with it. */
export type ReportOutcome = "hidden" | "dismissed";

/** Different members reporting the same post this many times hide it until a reviewer looks. */
export const HIDE_AFTER_REPORTS = 3;
export const REPORT_TEXT_MAX = 1_000;
