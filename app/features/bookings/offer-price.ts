/**
 * What booking a board offer costs (decision 041): its SP per hour for the chosen length, rounded
 * like every session price, or its fixed amount whatever the length. Pure and browser-safe. NaN
 * for a price that is not SP (a swap is proposed, not booked); the booking refuses it.
 */
import type { PostPrice } from "~/documents/board";
import { priceFor } from "./availability";

export function offerPrice(price: PostPrice, durationMinutes: number): number {
  if (price.kind === "per_hour") return priceFor(price.sp, durationMinutes);
  if (price.kind === "fixed") return price.sp;
  return Number.NaN;
}
