/**
 * One customer at the payment provider per member (decision 017), kept at `billing_customers/{uid}`
 * and reused for packs, plans and the customer portal.
 */
import {
  BILLING_CUSTOMERS,
  billingCustomerPath,
  getBillingCustomer,
  type BillingCustomerDoc,
} from "~/documents/billing-customers";
import type { PaymentProvider } from "~/engine/payments/types";
import type { DocStore } from "~/engine/store/types";

/** The member's customer id with this provider, or null when they never paid through it. */
export async function findCustomer(
  store: DocStore,
  payments: Pick<PaymentProvider, "kind">,
  uid: string,
): Promise<string | null> {
  const customer = await getBillingCustomer(store, uid);
  return customer?.provider === payments.kind && customer.customerId ? customer.customerId : null;
}

/**
 * The member's customer, created the first time. The provider's idempotency key `customer_{uid}`
 * makes two racing first payments get the same customer; the store keeps whichever was written first.
 */
export async function ensureCustomer(
  store: DocStore,
  payments: PaymentProvider,
  user: { uid: string; email: string },
): Promise<string> {
  const existing = await findCustomer(store, payments, user.uid);
  if (existing) return existing;
  const created = await payments.createCustomer({
    uid: user.uid,
    email: user.email,
    idempotencyKey: `customer_${user.uid}`,
  });
  return store.transaction(async (tx) => {
    const customer = await getBillingCustomer(tx, user.uid);
    if (customer?.provider === payments.kind && customer.customerId) return customer.customerId;
    const fresh: BillingCustomerDoc = { provider: payments.kind, customerId: created, createdAt: Date.now() };
    tx.set(billingCustomerPath(user.uid), fresh);
    return created;
  });
}

/** Who a customer id belongs to: for events whose subscription carries no uid of ours. */
export async function uidForCustomer(store: DocStore, customerId: string): Promise<string | null> {
  if (!customerId) return null;
  const [doc] = await store.query({
    collection: BILLING_CUSTOMERS,
    where: [["customerId", "==", customerId]],
    limit: 1,
  });
  return doc?.id ?? null;
}
