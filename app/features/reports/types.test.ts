import { describe, expect, it } from "vitest";
import { accountAge, countsTowardHiding, ESTABLISHED_AFTER_MS, hidingCount, reportReasonLabel } from "./types";

describe("reportReasonLabel", () => {
  it("names a reason of this version, and shows one from a later version as stored", () => {
    expect(reportReasonLabel("harassment")).toBe("Harassment or hate");
    expect(reportReasonLabel("impersonation")).toBe("impersonation");
    expect(reportReasonLabel("constructor")).toBe("constructor");
  });
});

describe("which reports count toward hiding (decision 028)", () => {
  const at = 10 * ESTABLISHED_AFTER_MS;
  const report = (verified: boolean, age: number, network: string) => ({
    reporterVerified: verified,
    reporterSince: at - age,
    reporterNetwork: network,
    createdAt: at,
  });

  it("counts a verified reporter whose account was a day old when they reported", () => {
    expect(countsTowardHiding(report(true, ESTABLISHED_AFTER_MS, "n"))).toBe(true);
    expect(countsTowardHiding(report(true, ESTABLISHED_AFTER_MS - 1, "n"))).toBe(false);
    expect(countsTowardHiding(report(false, 30 * ESTABLISHED_AFTER_MS, "n"))).toBe(false);
    // An account whose age is unknown (no profile when they reported) is not taken as old.
    expect(countsTowardHiding({ ...report(true, 0, "n"), reporterSince: 0 })).toBe(false);
  });

  it("counts one per network, an unknown network as one", () => {
    const old = 2 * ESTABLISHED_AFTER_MS;
    expect(hidingCount([report(true, old, "a"), report(true, old, "a"), report(true, old, "b")])).toBe(2);
    expect(hidingCount([report(true, old, ""), report(true, old, "")])).toBe(1);
    expect(hidingCount([report(false, old, "a"), report(true, 60_000, "b"), report(true, old, "c")])).toBe(1);
  });
});

describe("accountAge", () => {
  it("says an age in the largest whole unit", () => {
    expect(accountAge(30_000)).toEqual({ unit: "lessThanMinute", count: 0 });
    expect(accountAge(60_000)).toEqual({ unit: "minutes", count: 1 });
    expect(accountAge(59 * 60_000)).toEqual({ unit: "minutes", count: 59 });
    expect(accountAge(2 * 3_600_000 + 1)).toEqual({ unit: "hours", count: 2 });
    expect(accountAge(ESTABLISHED_AFTER_MS)).toEqual({ unit: "days", count: 1 });
    expect(accountAge(400 * ESTABLISHED_AFTER_MS)).toEqual({ unit: "days", count: 400 });
  });
});
