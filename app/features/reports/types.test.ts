import { describe, expect, it } from "vitest";
import { reportReasonLabel } from "./types";

describe("reportReasonLabel", () => {
  it("names a reason of this version, and shows one from a later version as stored", () => {
    expect(reportReasonLabel("harassment")).toBe("Harassment or hate");
    expect(reportReasonLabel("impersonation")).toBe("impersonation");
    expect(reportReasonLabel("constructor")).toBe("constructor");
  });
});
