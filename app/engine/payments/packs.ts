/**
 * SPEC.md §9: the SP packs the PaymentProvider port sells for real money. Pure and browser-safe
 * so the top-up modal can label its buttons from the same table the server credits from
 * (formatPrice in utils/format shows the prices). The provider's price ids are
 * configuration, resolved on the server (./index.server).
 */
export interface Pack {
  id: PackId;
  sp: number;
  /** Whole cents, never a float. */
  amountCents: number;
  /** ISO 4217, lower case as payment providers report it. */
  currency: "eur";
}

export const PACK_IDS = ["sp_100", "sp_500", "sp_1000", "sp_3000"] as const;
export type PackId = (typeof PACK_IDS)[number];

export const PACKS: readonly Pack[] = [
  { id: "sp_100", sp: 100, amountCents: 500, currency: "eur" },
  { id: "sp_500", sp: 500, amountCents: 2000, currency: "eur" },
  { id: "sp_1000", sp: 1000, amountCents: 3500, currency: "eur" },
  { id: "sp_3000", sp: 3000, amountCents: 10000, currency: "eur" },
];

export function isPackId(value: unknown): value is PackId {
  return typeof value === "string" && (PACK_IDS as readonly string[]).includes(value);
}

export function packById(id: string): Pack | null {
  return PACKS.find((pack) => pack.id === id) ?? null;
}
