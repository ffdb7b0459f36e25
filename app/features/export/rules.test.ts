import { describe, expect, it } from "vitest";
import { readDataExport, type DataExportDoc } from "~/documents/data-exports";
import { DAY_MS, LINK_LIFETIME_MS, archiveFileName, downloadable, mayRequest } from "./rules";

const T = Date.UTC(2026, 10, 26, 12);
const doc = (fields: Partial<DataExportDoc>): DataExportDoc =>
  readDataExport({ uid: "u1", archiveId: "a".repeat(32), state: "ready", requestedAt: T, ...fields });

describe("mayRequest", () => {
  it("lets a member with no archive ask", () => expect(mayRequest(null, T)).toEqual({ ok: true }));

  it("refuses while one is queued or being built", () => {
    expect(mayRequest(doc({ state: "queued" }), T + 2 * DAY_MS)).toEqual({ ok: false, reason: "building" });
    expect(mayRequest(doc({ state: "building" }), T + 2 * DAY_MS)).toEqual({ ok: false, reason: "building" });
  });

  it("allows one archive a day, counted from the last request", () => {
    expect(mayRequest(doc({}), T + DAY_MS - 1)).toEqual({ ok: false, reason: "too_soon", nextAt: T + DAY_MS });
    expect(mayRequest(doc({}), T + DAY_MS)).toEqual({ ok: true });
  });

  it("lets the member ask again at once after a build failed", () => {
    expect(mayRequest(doc({ state: "failed" }), T + 1)).toEqual({ ok: true });
  });
});

describe("downloadable", () => {
  const ready = doc({ readyAt: T, expiresAt: T + LINK_LIFETIME_MS });
  it("serves the member's ready archive until it expires", () => {
    expect(downloadable(ready, "a".repeat(32), T + LINK_LIFETIME_MS - 1)).toBe(true);
    expect(downloadable(ready, "a".repeat(32), T + LINK_LIFETIME_MS)).toBe(false);
  });
  it("serves nothing for another id, an empty id, no archive, or one not ready", () => {
    expect(downloadable(ready, "b".repeat(32), T)).toBe(false);
    expect(downloadable(doc({ archiveId: "", expiresAt: T + 1 }), "", T)).toBe(false);
    expect(downloadable(null, "a".repeat(32), T)).toBe(false);
    expect(downloadable(doc({ state: "building", expiresAt: T + 1 }), "a".repeat(32), T)).toBe(false);
  });
});

describe("archiveFileName", () => {
  it("names the archive by its day", () => expect(archiveFileName(T)).toBe("skillswap-data-2026-11-26.zip"));
});
