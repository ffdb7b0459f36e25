import { describe, expect, it } from "vitest";
import { isAuditAction } from "./audit";

describe("isAuditAction", () => {
  it("knows this version's actions only, so a later version's kind shows as stored", () => {
    expect(isAuditAction("member.suspend")).toBe(true);
    expect(isAuditAction("member.rename")).toBe(false);
    expect(isAuditAction("toString")).toBe(false);
  });
});
