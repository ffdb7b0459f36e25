import type { NotificationInput } from "~/features/notifications/types";
import type { LedgerEntry } from "./types";

/** SPEC.md §9 default welcome bonus. The one place this number lives. */
export const WELCOME_BONUS_SP = 200;

/** The id is fixed, so a wallet can hold the welcome bonus once however often bootstrap runs. */
export function welcomeBonusEntry(): LedgerEntry {
  return {
    id: "welcome_bonus",
    amount: WELCOME_BONUS_SP,
    type: "welcome_bonus",
    description: "Welcome bonus",
    label: "welcome_bonus",
    params: {},
    ref: null,
  };
}

export const WELCOME_BONUS_NOTIFICATION: NotificationInput = {
  id: "welcome_bonus",
  type: "welcome_bonus",
  kind: "welcome_bonus",
  params: { sp: WELCOME_BONUS_SP },
  link: "/wallet",
};
