import { describe, expect, it } from "vitest";
import { archiveKey, dataExportPath, readDataExport } from "./data-exports";

describe("data_exports/{uid}", () => {
  it("names its paths once", () => {
    expect(dataExportPath("u1")).toBe("data_exports/u1");
    expect(archiveKey("u1", "ab12")).toBe("exports/u1/ab12.zip");
  });

  it("reads a state this version does not know as failed, so nothing is served on a guess", () => {
    expect(readDataExport({ uid: "u1", archiveId: "a", state: "shipped" }).state).toBe("failed");
  });

  it("reads missing times as null and counts as 0", () => {
    expect(readDataExport({})).toEqual({
      uid: "",
      archiveId: "",
      state: "failed",
      requestedAt: 0,
      attempts: 0,
      worker: null,
      claimedUntil: 0,
      readyAt: null,
      expiresAt: null,
      size: 0,
      reason: null,
    });
  });
});
