import { describe, expect, it } from "vitest";
import { AUTO_COMPLETE_AFTER_MS, decide, holdEntry, LATE_CANCEL_MS } from "~/features/bookings/state";
import { fixedT } from "~/i18n/i18n.server";
import { intlLocale } from "~/utils/format";
import { entryLineText, formatEntryTime, lineOf, transactionTypeLabel, type StoredLine } from "./labels";
import type { LedgerEntry } from "./types";
import { welcomeBonusEntry } from "./welcome-bonus";
import { H, requestedBooking } from "../../../tests/support/booking";

/** An entry's line as the wallet shows it in `language`, or the stored description when it cannot render it. */
function shown(entry: StoredLine, language: string): string {
  const line = lineOf(entry);
  return line ? entryLineText(line, fixedT(language, "common"), intlLocale(language)) : entry.description;
}

const stored = (entry: LedgerEntry): StoredLine => ({
  type: entry.type,
  amount: entry.amount,
  description: entry.description,
  label: entry.label ?? "",
  params: entry.params ?? {},
});

const booking = requestedBooking;
const accepted = { ...booking, state: "accepted" as const };
const entriesOf = (verdict: ReturnType<typeof decide>): LedgerEntry[] =>
  verdict.kind === "apply" ? verdict.change.money.map((m) => m.entry) : [];

describe("ledger lines (decision 063)", () => {
  it("renders a known label with its values in the reader's language", () => {
    const topUp: StoredLine = {
      type: "top_up",
      amount: 500,
      description: "Top-up: 500 SP",
      label: "top_up",
      params: { sp: 500 },
    };
    expect(shown(topUp, "en")).toBe("Top-up: 500 SP");
    expect(shown(topUp, "es")).toBe("Recarga: 500 SP");
    expect(shown(topUp, "fr")).toBe("Recharge : 500 SP");
    expect(shown(topUp, "ar")).toBe("شحن الرصيد: \u2068500 SP\u2069");
    const hold = stored(holdEntry(booking)[0].entry);
    expect(shown(hold, "fr")).toBe("Réservé pour la séance : Go (60 min)");
    expect(shown(hold, "ar")).toBe("محجوز لجلسة: Go (60 دقيقة)");
    const late = entriesOf(decide(accepted, { kind: "cancel" }, "learner", booking.start - LATE_CANCEL_MS + 1));
    expect(late.map((e) => shown(stored(e), "es"))).toEqual([
      "Reembolso de la mitad (cancelación tardía): Go (60 min)",
      "Pago de la mitad (cancelación tardía): Go (60 min)",
    ]);
    const adjustment: StoredLine = {
      type: "adjustment",
      amount: -5,
      description: "Adjustment by SkillSwap: duplicate booking",
      label: "adjustment",
      params: { reason: "duplicate booking" },
    };
    expect(shown(adjustment, "fr")).toBe("Ajustement par SkillSwap : duplicate booking");
  });

  it("writes in English exactly the line every writer stores as its description", () => {
    const entries: LedgerEntry[] = [
      welcomeBonusEntry(),
      holdEntry(booking)[0].entry,
      ...entriesOf(decide(booking, { kind: "decline" }, "mentor", 0)),
      ...entriesOf(decide(accepted, { kind: "cancel" }, "mentor", booking.start - H)),
      ...entriesOf(decide(accepted, { kind: "cancel" }, "learner", booking.start - LATE_CANCEL_MS + 1)),
      ...entriesOf(decide(booking, { kind: "expire" }, "system", booking.start)),
      ...entriesOf(
        decide({ ...accepted, confirmations: { learner: booking.end } }, { kind: "confirm" }, "mentor", booking.end),
      ),
      ...entriesOf(decide(accepted, { kind: "autoComplete" }, "system", booking.end + AUTO_COMPLETE_AFTER_MS)),
      ...entriesOf(decide({ ...booking, state: "disputed" }, { kind: "resolve", to: "split" }, "admin", 0)),
      ...entriesOf(decide({ ...booking, state: "disputed" }, { kind: "resolve", to: "mentor" }, "admin", 0)),
    ];
    expect(entries.map((e) => e.label)).toEqual([
      "welcome_bonus",
      "booking_hold",
      "refund",
      "refund",
      "half_refund",
      "half_payment",
      "refund",
      "payment",
      "payment",
      "half_refund",
      "half_payment",
      "payment",
    ]);
    for (const entry of entries) expect(shown(stored(entry), "en")).toBe(entry.description);
  });

  it("renders an entry written before labels from its type when the type says it all", () => {
    const old = (type: string, amount: number, description: string): StoredLine => ({
      type,
      amount,
      description,
      label: "",
      params: {},
    });
    expect(shown(old("welcome_bonus", 200, "Welcome bonus"), "fr")).toBe("Bonus de bienvenue");
    expect(shown(old("top_up", 500, "Top-up: 500 SP"), "es")).toBe("Recarga: 500 SP");
    expect(shown(old("subscription", 300, "Plus allowance: 300 SP"), "en")).toBe("Plus allowance: 300 SP");
  });

  it("shows the stored description of an old entry its type cannot rebuild, and of a label it does not know", () => {
    const oldHold: StoredLine = {
      type: "booking_hold",
      amount: -30,
      description: "Held for session: Go (60 min)",
      label: "",
      params: {},
    };
    expect(lineOf(oldHold)).toBeNull();
    expect(shown(oldHold, "fr")).toBe("Held for session: Go (60 min)");
    const later: StoredLine = {
      type: "gift_card",
      amount: 10,
      description: "Gift card from Ana",
      label: "gift_card",
      params: { name: "Ana" },
    };
    expect(lineOf(later)).toBeNull();
    expect(shown(later, "ar")).toBe("Gift card from Ana");
  });

  it("reads a missing value as neutral instead of failing", () => {
    const line = shown({ type: "refund", amount: 5, description: "x", label: "refund", params: {} }, "en");
    expect(line).toMatch(/^Refund \(/);
    expect(line).not.toMatch(/[{}]|ledger\./);
  });
});

describe("transactionTypeLabel", () => {
  it("names every known kind", () => {
    expect(transactionTypeLabel("welcome_bonus")).toBe("Welcome bonus");
    expect(transactionTypeLabel("top_up")).toBe("Top-up");
    expect(transactionTypeLabel("booking_hold")).toBe("Session booked");
  });

  it("turns an unknown kind into words instead of showing a code", () => {
    expect(transactionTypeLabel("gift_card")).toBe("Gift card");
    expect(transactionTypeLabel("")).toBe("Other");
    expect(transactionTypeLabel("toString")).toBe("ToString");
  });
});

describe("formatEntryTime", () => {
  it("formats in the given timezone", () => {
    const noonUtc = Date.UTC(2026, 0, 15, 12, 0);
    expect(formatEntryTime(noonUtc, "UTC")).toBe("15 Jan 2026, 12:00");
    expect(formatEntryTime(noonUtc, "Asia/Tokyo")).toBe("15 Jan 2026, 21:00");
  });
});
