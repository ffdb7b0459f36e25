/**
 * `terms_acceptances/{uid}`: which version of the terms of use (content/terms.md) a member
 * accepted and when, at sign-up and each time a new version was published (decision 043). Only
 * the server writes and reads it; browsers never do (firestore.rules' catch-all). Deleted with the
 * account. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, getParsed, isRecord, text, type DocReader } from "./fields";

export const TERMS_ACCEPTANCES = "terms_acceptances";
export const termsAcceptancePath = (uid: string) => `${TERMS_ACCEPTANCES}/${uid}`;

const acceptance = z.object({ version: text(), acceptedAt: count() });

export const termsAcceptanceSchema = z.object({
  /** The version accepted last; "" when unreadable, which asks the member again. */
  version: text(),
  acceptedAt: count(),
  /** Every version accepted, oldest first (one entry per published version at most). */
  history: z
    .unknown()
    .transform((v) => (Array.isArray(v) ? v.filter(isRecord).map((entry) => acceptance.parse(entry)) : [])),
});
/** `terms_acceptances/{uid}` */
export type TermsAcceptanceDoc = z.output<typeof termsAcceptanceSchema>;
export const readTermsAcceptance = (data: Record<string, unknown>): TermsAcceptanceDoc =>
  termsAcceptanceSchema.parse(data);
export const getTermsAcceptance = (reader: DocReader, uid: string) =>
  getParsed(reader, termsAcceptancePath(uid), readTermsAcceptance);
