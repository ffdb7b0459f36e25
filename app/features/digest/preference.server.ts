/**
 * The member's digest choice, `users/{uid}.digest` (decision 047): set from /settings, and to "off"
 * by the one-click unsubscribe link. Setting the value it already has changes nothing, so a mail
 * client that POSTs the link twice unsubscribes once. The member's next due time changes with it
 * (decision 157).
 */
import type { DigestFrequency } from "~/documents/digest";
import { getUser, userPath } from "~/documents/users";
import type { DocStore } from "~/engine/store/types";
import { digestDueFields } from "./due.server";

/** false when the member is gone (deleted, or never was): nothing is written then. */
export async function setDigestFrequency(
  store: DocStore,
  uid: string,
  frequency: DigestFrequency,
  now = Date.now(),
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const profile = await getUser(tx, uid);
    if (!profile || profile.deleted) return false;
    if (profile.digest === frequency) return true;
    const change = { digest: frequency };
    tx.update(userPath(uid), { ...change, ...(await digestDueFields(tx, uid, profile, change, now)) });
    return true;
  });
}
