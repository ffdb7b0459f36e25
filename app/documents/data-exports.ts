/**
 * `data_exports/{uid}`: the member's latest "Download my data" archive (issue 32, decision 042),
 * one document per member, so that the once-a-day rule and "one being built" are one transaction
 * on one document. Only the server writes and reads it. Browser-safe. Decision:
 * docs/decisions/023-documents-typed-once.md.
 *
 * queued → building → ready (until expiresAt), or back to queued when a build's worker stopped
 * (its claim ran out), or failed after the last attempt. The archive itself is a file
 * (`exports/{uid}/{archiveId}.zip` in the FileStore); archiveId is random and is the download
 * link's only secret-like part, so an old link stops working as soon as a new archive replaces it.
 */
import { z } from "zod/v4";
import { count, getParsed, oneOf, optionalText, optionalTime, text, type DocReader } from "./fields";

export const DATA_EXPORTS = "data_exports";
export const dataExportPath = (uid: string) => `${DATA_EXPORTS}/${uid}`;

export const DATA_EXPORT_STATES = ["queued", "building", "ready", "failed"] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportSchema = z.object({
  uid: text(),
  /** Random, 32 hex characters: names the archive's file and its download link. */
  archiveId: text(),
  /** A state this version does not know reads as failed: nothing is served on a guess. */
  state: oneOf(DATA_EXPORT_STATES, "failed"),
  requestedAt: count(),
  /** Builds started (a crashed build's worker counts as one). */
  attempts: count(),
  /** While building: the worker building it, and until when its claim holds unless renewed. */
  worker: optionalText,
  claimedUntil: count(),
  readyAt: optionalTime,
  /** After this the link answers 404 and the retention job may delete the file. */
  expiresAt: optionalTime,
  /** Bytes of the archive once ready. */
  size: count(),
  /** Why the last build failed; null otherwise. */
  reason: optionalText,
});
/** `data_exports/{uid}` */
export type DataExportDoc = z.output<typeof dataExportSchema>;
export const readDataExport = (data: Record<string, unknown>): DataExportDoc => dataExportSchema.parse(data);
export const getDataExport = (reader: DocReader, uid: string) => getParsed(reader, dataExportPath(uid), readDataExport);

/** Where the archive's bytes are in the FileStore. */
export const archiveKey = (uid: string, archiveId: string) => `exports/${uid}/${archiveId}.zip`;
