/**
 * Reports of forum posts and chat messages at `reports/{id}`, the shape agreed with the admin
 * back office (COORDINATION.md "Shared shapes"). Browser-safe: the report form and the admin
 * screen show the same reasons.
 */
export const REPORT_REASONS = ["spam", "harassment", "inappropriate", "off_topic", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: "Spam or advertising",
  harassment: "Harassment or hate",
  inappropriate: "Inappropriate content",
  off_topic: "Off topic",
  other: "Something else",
};

export type ReportTargetKind = "post" | "message";
export type ReportStatus = "open" | "hidden" | "dismissed" | "restored";

/** What a reviewer decides: keep the post hidden, or find nothing wrong with it. */
export type ReportOutcome = "hidden" | "dismissed";

export type ReportDoc = {
  targetKind: ReportTargetKind;
  targetPath: string;
  targetId: string;
  /** The thread of a post, the chat of a message. */
  contextId: string;
  authorUid: string;
  reporterUid: string;
  reason: ReportReason;
  text: string;
  status: ReportStatus;
  createdAt: number;
  reviewedBy?: string;
  reviewedAt?: number;
};

export type Report = ReportDoc & { id: string };

/** One member reports one thing once: a second report of theirs lands on the same document. */
export function reportId(targetKind: ReportTargetKind, targetId: string, reporterUid: string): string {
  return `${targetKind}_${targetId}_${reporterUid}`;
}

/** Different members reporting the same post this many times hide it until a reviewer looks. */
export const HIDE_AFTER_REPORTS = 3;
export const REPORT_TEXT_MAX = 1_000;
