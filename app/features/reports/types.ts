/**
 * Reports of forum posts and chat messages. Their stored documents (`reports/{id}`) are named and
 * parsed in ~/documents/reports. Browser-safe: the report form and the admin screen show the same
 * reasons.
 */
import type { Report, ReportReason } from "~/documents/reports";

export {
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
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

/**
 * Reports that count toward hiding (decision 028) hide a post once they come from this many
 * different networks; the post stays hidden until a reviewer looks.
 */
export const HIDE_AFTER_REPORTS = 3;
/** A reporter's account counts toward hiding once it is this old, and its e-mail verified. */
export const ESTABLISHED_AFTER_MS = 24 * 60 * 60_000;

type ReporterFacts = Pick<Report, "reporterVerified" | "reporterSince" | "reporterNetwork" | "createdAt">;

/** Whether this report counts toward hiding: its reporter was verified and their account a day old. */
export function countsTowardHiding(report: ReporterFacts): boolean {
  return (
    report.reporterVerified &&
    report.reporterSince > 0 &&
    report.createdAt - report.reporterSince >= ESTABLISHED_AFTER_MS
  );
}

/**
 * How many of a post's open reports count toward hiding it: those that count on their own, and of
 * those, one per network (an unknown network is one network), so that one person with several
 * accounts behind one address counts once.
 */
export function hidingCount(reports: readonly ReporterFacts[]): number {
  return new Set(reports.filter(countsTowardHiding).map((report) => report.reporterNetwork)).size;
}

/** An account's age as a reviewer reads it, in whole minutes, hours or days (the admin page words it in the reader's language). */
export function accountAge(ms: number): { unit: "lessThanMinute" | "minutes" | "hours" | "days"; count: number } {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return { unit: "lessThanMinute", count: 0 };
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}
export const REPORT_TEXT_MAX = 1_000;

/** What a report form is told: the thanks, or a refusal to show beside the form. */
export type ReportAnswer = { ok: true; message: string; hidden: boolean } | { ok: false; error: string };
