import { describe, expect, it } from "vitest";
import { readRetentionRun, retentionRunPath } from "./retention-runs";

describe("retention_runs/{name}", () => {
  it("names its path once", () => {
    expect(retentionRunPath("daily")).toBe("retention_runs/daily");
  });

  it("reads a run as stored, and a damaged one as never run", () => {
    const run = { startedAt: 10, finishedAt: 20, deleted: { sentMail: 3 } };
    expect(readRetentionRun(run)).toEqual(run);
    expect(readRetentionRun({ startedAt: "x", deleted: { a: "1" } })).toEqual({
      startedAt: 0,
      finishedAt: 0,
      deleted: {},
    });
  });
});
