/** The rules of "Download my data" (issue 32, decision 042). Pure and browser-safe. */
import type { DataExportDoc } from "~/documents/data-exports";

export const DAY_MS = 24 * 3_600_000;
/** How long a ready archive can be downloaded. */
export const LINK_LIFETIME_MS = 7 * DAY_MS;
/** A build whose worker has not renewed its claim for this long is taken over by the next run. */
export const CLAIM_MS = 60_000;
/** Builds started before the request is marked failed (the member may then ask again at once). */
export const MAX_ATTEMPTS = 3;

export type RequestVerdict =
  { ok: true } | { ok: false; reason: "building" } | { ok: false; reason: "too_soon"; nextAt: number };

/** At most one archive a day; none while one is being built; a failed one may be asked for again. */
export function mayRequest(current: DataExportDoc | null, now: number): RequestVerdict {
  if (!current) return { ok: true };
  if (current.state === "queued" || current.state === "building") return { ok: false, reason: "building" };
  if (current.state === "failed") return { ok: true };
  const nextAt = current.requestedAt + DAY_MS;
  return now < nextAt ? { ok: false, reason: "too_soon", nextAt } : { ok: true };
}

/** Whether `archiveId` names the member's archive and it can be downloaded now. */
export function downloadable(current: DataExportDoc | null, archiveId: string, now: number): boolean {
  return (
    current !== null &&
    current.state === "ready" &&
    archiveId.length > 0 &&
    current.archiveId === archiveId &&
    current.expiresAt !== null &&
    now < current.expiresAt
  );
}

/** The archive's file name as the browser saves it. */
export function archiveFileName(readyAt: number): string {
  return `skillswap-data-${new Date(readyAt).toISOString().slice(0, 10)}.zip`;
}
