/**
 * Which version of the terms a member accepted (decision 043): recorded at sign-up, and asked for
 * again, once, when the operator publishes a new version of content/terms.md.
 */
import { getTermsAcceptance, termsAcceptancePath, type TermsAcceptanceDoc } from "~/documents/terms-acceptances";
import { keptUntilWritten } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";

/** Records that `uid` accepted `version` now; accepting the version already accepted changes nothing. */
export async function recordTermsAccepted(store: DocStore, uid: string, version: string, now = Date.now()) {
  await store.transaction(async (tx) => {
    const previous = await getTermsAcceptance(tx, uid);
    if (previous?.version === version) return;
    const doc: TermsAcceptanceDoc = {
      version,
      acceptedAt: now,
      history: [...(previous?.history ?? []), { version, acceptedAt: now }],
    };
    tx.set(termsAcceptancePath(uid), doc);
  });
}

/** Whether `uid` has accepted `currentVersion` (a member who never accepted any has not). */
export async function hasAcceptedTerms(store: DocStore, uid: string, currentVersion: string): Promise<boolean> {
  // Every page of the app asks: the version accepted is kept until the member's acceptance is
  // written (accepted, or deleted with the account), in whichever process (decision 103).
  const accepted = await keptUntilWritten(
    store,
    `terms-accepted:${uid}`,
    termsAcceptancePath(uid),
    async () => (await getTermsAcceptance(store, uid))?.version ?? null,
  );
  return accepted === currentVersion;
}
