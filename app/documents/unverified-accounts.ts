/**
 * `unverified_accounts/{uid}`: the hold on an account whose profile was created while its e-mail
 * was unverified (decision 022): while it stands, SP the member pays to mentors wait in escrow
 * (features/wallet/bonus-hold.server.ts); verifying the address deletes it. Only the server reads
 * or writes holds (the Firestore rules deny every client). Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, getParsed, type DocReader } from "./fields";

export const UNVERIFIED_ACCOUNTS = "unverified_accounts";
export const bonusHoldPath = (uid: string) => `${UNVERIFIED_ACCOUNTS}/${uid}`;

export const bonusHoldSchema = z.object({
  /** When the hold was put on; 0 when unreadable. The hold stands as long as the document exists. */
  since: count(),
});
/** `unverified_accounts/{uid}` */
export type BonusHoldDoc = z.output<typeof bonusHoldSchema>;

export const readBonusHold = (data: Record<string, unknown>): BonusHoldDoc => bonusHoldSchema.parse(data);
/** Null when the account holds no hold (verified, or created verified). */
export async function getBonusHold(reader: DocReader, uid: string): Promise<BonusHoldDoc | null> {
  return getParsed(reader, bonusHoldPath(uid), readBonusHold);
}
