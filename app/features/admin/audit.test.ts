import { describe, expect, it } from "vitest";
import { auditActionLabel } from "./audit";

describe("auditActionLabel", () => {
  it("names an action of this version, and shows one from a later version as stored", () => {
    expect(auditActionLabel("member.suspend")).toBe("Suspended a member");
    expect(auditActionLabel("member.rename")).toBe("member.rename");
    expect(auditActionLabel("toString")).toBe("toString");
  });
});
