/**
 * `billing_customers/{uid}`: the member's one customer at the payment provider (decision 017),
 * reused for packs, plans and the customer portal (features/subscriptions/customer.server.ts).
 * Only the server reads or writes it. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, getParsed, text, type DocReader } from "./fields";

export const BILLING_CUSTOMERS = "billing_customers";
export const billingCustomerPath = (uid: string) => `${BILLING_CUSTOMERS}/${uid}`;

export const billingCustomerSchema = z.object({
  /**
   * Which provider the customer is at (a PaymentProvider's `kind`), read as stored: a customer of
   * another provider is not this one's, and the caller compares it with the running provider.
   */
  provider: text(),
  /** The provider's customer id; "" when unreadable, which no provider's customer matches. */
  customerId: text(),
  createdAt: count(),
});
/** `billing_customers/{uid}` */
export type BillingCustomerDoc = z.output<typeof billingCustomerSchema>;

export const readBillingCustomer = (data: Record<string, unknown>): BillingCustomerDoc =>
  billingCustomerSchema.parse(data);
/** Null for a member who never paid. */
export async function getBillingCustomer(reader: DocReader, uid: string): Promise<BillingCustomerDoc | null> {
  return getParsed(reader, billingCustomerPath(uid), readBillingCustomer);
}
