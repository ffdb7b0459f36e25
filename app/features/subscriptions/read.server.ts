/** Reading a member's subscription and the periods it credited, for /subscriptions and the perks. */
import { getSubscription, periodsOf, readSubscriptionPeriod, type SubscriptionPeriod } from "~/documents/subscriptions";
import type { DocStore } from "~/engine/store/types";
import { activePlan } from "./state";

/** Newest first. */
export async function listPeriods(store: DocStore, uid: string, limit = 24): Promise<SubscriptionPeriod[]> {
  const docs = await store.query({ collection: periodsOf(uid), orderBy: [["paidAt", "desc"]], limit });
  return docs.map(readSubscriptionPeriod);
}

/** Whether the member has Plus's perks now (decision 017). */
export async function hasPlus(store: DocStore, uid: string): Promise<boolean> {
  return activePlan(await getSubscription(store, uid)) !== null;
}
