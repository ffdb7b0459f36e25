import { describe, expect, it } from "vitest";
import { readReport, reportId, reportPath } from "./reports";

describe("reports/{targetKind}_{targetId}_{reporterUid}", () => {
  it("names its paths once: one report per member and thing", () => {
    expect(reportId("post", "p1", "u1")).toBe("post_p1_u1");
    expect(reportPath(reportId("message", "m1", "u2"))).toBe("reports/message_m1_u2");
  });

  it("reads an open report as written, with no review yet, dropping unknown fields", () => {
    const written = {
      targetKind: "post",
      targetPath: "community/forum/threads/t1/posts/p1",
      targetId: "p1",
      contextId: "t1",
      authorUid: "a",
      reporterUid: "u1",
      reason: "spam",
      text: "buy now",
      status: "open",
      createdAt: 5,
      reporterVerified: true,
      reporterSince: 1,
      reporterNetwork: "ab12",
    };
    expect(readReport({ id: "post_p1_u1", data: { ...written, extra: 1 } })).toEqual({
      ...written,
      id: "post_p1_u1",
      reviewedBy: null,
      reviewedAt: null,
    });
  });

  it("reads an unknown status as dismissed (closed) and keeps a reason it does not know as stored", () => {
    const report = readReport({ id: "r", data: { status: "escalated", reason: "impersonation", reviewedAt: 7 } });
    expect(report).toMatchObject({ status: "dismissed", reason: "impersonation", reviewedAt: 7, reviewedBy: null });
  });

  it("reads a malformed report with defaults, not an error", () => {
    expect(readReport({ id: "r", data: { targetKind: "profile", text: 3, createdAt: "soon", reviewedBy: 9 } })).toEqual(
      {
        id: "r",
        targetKind: "post",
        targetPath: "",
        targetId: "",
        contextId: "",
        authorUid: "",
        reporterUid: "",
        reason: "",
        text: "",
        status: "dismissed",
        createdAt: 0,
        reporterVerified: false,
        reporterSince: 0,
        reporterNetwork: "",
        reviewedBy: null,
        reviewedAt: null,
      },
    );
  });
});
