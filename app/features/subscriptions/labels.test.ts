import { describe, expect, it } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { isStoredPlanName, planName, statusName } from "./labels";

describe("plan and status names in the reader's language (decision 077)", () => {
  it("names the plans this version sells, and no plan, from the wallet catalogue", () => {
    const en = fixedT("en", "wallet");
    expect(planName(null, en)).toBe("Free");
    expect(planName("plus_monthly", en)).toBe("Plus monthly");
    expect(planName("plus_yearly", fixedT("fr", "wallet"))).toBe("Plus annuel");
    expect(planName(null, fixedT("es", "wallet"))).toBe("Gratis");
    expect(planName("plus_monthly", fixedT("ar", "wallet"))).toBe("Plus الشهري");
  });

  it("shows a plan from a later version as its stored id says it, in any language", () => {
    expect(isStoredPlanName("plus_quarterly")).toBe(true);
    expect(isStoredPlanName("plus_monthly")).toBe(false);
    expect(isStoredPlanName(null)).toBe(false);
    expect(planName("plus_quarterly", fixedT("fr", "wallet"))).toBe("Plus quarterly");
    expect(planName("_", fixedT("en", "wallet"))).toBe("Free");
  });

  it("names every state /subscriptions shows, English word for word as before", () => {
    const en = fixedT("en", "wallet");
    expect(statusName("active", en)).toBe("Active");
    expect(statusName("past_due", en)).toBe("Past due");
    expect(statusName("cancelling", en)).toBe("Cancelling at period end");
    expect(statusName("cancelled", en)).toBe("Cancelled");
    expect(statusName("incomplete", en)).toBe("Awaiting payment");
    expect(statusName("past_due", fixedT("ar", "wallet"))).toBe("متأخر السداد");
  });
});
