/** The kinds of admin action the audit log names. Browser-safe: the log page names them in the reader's language (admin.json audit.actions). */
export const AUDIT_ACTIONS = [
  "member.suspend",
  "member.reinstate",
  "member.adjust_sp",
  "member.grant_admin",
  "member.revoke_admin",
  "dispute.resolve",
  "payment.refund",
  "report.hide",
  "report.dismiss",
  "report.restore",
  "data.export",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}
