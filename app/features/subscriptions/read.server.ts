/** Reading a member's subscription and the periods it credited, for /subscriptions and the perks. */
import type { DocStore } from "~/engine/store/types";
import { periodsPath, subscriptionPath } from "./apply.server";
import { activePlan, type SubscriptionDoc, type SubscriptionPeriodDoc } from "./state";

export async function getSubscription(store: DocStore, uid: string): Promise<SubscriptionDoc | null> {
  return (await store.get<SubscriptionDoc>(subscriptionPath(uid)))?.data ?? null;
}

/** Newest first. */
export async function listPeriods(
  store: DocStore,
  uid: string,
  limit = 24,
): Promise<(SubscriptionPeriodDoc & { id: string })[]> {
  const docs = await store.query<SubscriptionPeriodDoc>({
    collection: periodsPath(uid),
    orderBy: [["paidAt", "desc"]],
    limit,
  });
  return docs.map((doc) => ({ ...doc.data, id: doc.id }));
}

/** Whether the member has Plus's perks now (decision 017). */
export async function hasPlus(store: DocStore, uid: string): Promise<boolean> {
  return activePlan(await getSubscription(store, uid)) !== null;
}
