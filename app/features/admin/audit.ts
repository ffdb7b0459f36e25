/** The kinds of admin action the audit log names. Browser-safe: the log page shows the labels. */
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

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "member.suspend": "Suspended a member",
  "member.reinstate": "Reinstated a member",
  "member.adjust_sp": "Adjusted SP",
  "member.grant_admin": "Granted admin",
  "member.revoke_admin": "Revoked admin",
  "dispute.resolve": "Resolved a dispute",
  "payment.refund": "Refunded a payment",
  "report.hide": "Hid reported content",
  "report.dismiss": "Dismissed reports",
  "report.restore": "Showed hidden content again",
  "data.export": "Exported data as CSV",
};

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** A stored action as the log shows it; one this version does not know shows as stored. */
export function auditActionLabel(action: string): string {
  return isAuditAction(action) ? AUDIT_ACTION_LABELS[action] : action;
}
