/**
 * `audit/{id}`: the admin audit log, one entry per admin action, written in the same transaction
 * as the action (features/admin/audit.server.ts). Append-only; browsers read none of it (the
 * Firestore rules). Ids sort by time. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, isRecord, optionalText, text, type StoredDoc, withId } from "./fields";

export const AUDIT = "audit";
export const auditPath = (id: string) => `${AUDIT}/${id}`;

/** A small JSON snapshot of what changed; null when there is none (or it is not an object). */
const snapshot = z.unknown().transform((v) => (isRecord(v) ? v : null));

export const auditSchema = z.object({
  actorUid: text(),
  /**
   * An AuditAction when written by this version; read as the stored string, because a later
   * version may log actions this one does not know (the log shows them as stored).
   */
  action: text(),
  /** The member the action concerned; null when none (for a dispute: both are in `after`). */
  subjectUid: optionalText,
  /** A path-like name of what was changed: `users/{uid}`, `bookings/{id}`. */
  target: text(),
  reason: text(),
  before: snapshot,
  after: snapshot,
  at: count(),
});
export type AuditDoc = z.output<typeof auditSchema>;
export interface AuditEntry extends AuditDoc {
  id: string;
}

export const readAuditEntry: (doc: StoredDoc) => AuditEntry = withId(auditSchema);
