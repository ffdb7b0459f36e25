import { describe, expect, it } from "vitest";
import { auditPath, readAuditEntry } from "./audit";

describe("audit/{id}", () => {
  it("names its path once", () => {
    expect(auditPath("000000000000005-x")).toBe("audit/000000000000005-x");
  });

  it("reads an entry as written, dropping unknown fields", () => {
    const data = {
      actorUid: "admin",
      action: "member.suspend",
      subjectUid: "u1",
      target: "users/u1",
      reason: "Spam",
      before: { suspension: null },
      after: { suspension: { reason: "Spam", at: 5, byUid: "admin" } },
      at: 5,
      extra: true,
    };
    const { extra: _extra, ...written } = data;
    expect(readAuditEntry({ id: "e1", data })).toEqual({ ...written, id: "e1" });
  });

  it("keeps an action it does not know as stored, and reads malformed fields as their defaults", () => {
    expect(
      readAuditEntry({
        id: "e2",
        data: { action: "member.rename", subjectUid: 3, before: "x", after: [1], at: "now" },
      }),
    ).toEqual({
      id: "e2",
      actorUid: "",
      action: "member.rename",
      subjectUid: null,
      target: "",
      reason: "",
      before: null,
      after: null,
      at: 0,
    });
  });
});
