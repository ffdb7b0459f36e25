/**
 * `retention_runs/daily`: when the retention job (decision 044) last started, so that it runs once
 * a day whichever worker or scheduled call gets there first, and what it deleted. Only the server
 * writes and reads it. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import { count, getParsed, numberMap, type DocReader } from "./fields";

export const RETENTION_RUNS = "retention_runs";
export const retentionRunPath = (name: string) => `${RETENTION_RUNS}/${name}`;

export const retentionRunSchema = z.object({
  /** When the last run started; 0 when unreadable, so a damaged marker lets the job run. */
  startedAt: count(),
  /** When it finished; 0 while running or when it stopped half-way (the next run finishes it). */
  finishedAt: count(),
  /** What each sweeper deleted in the last finished run. */
  deleted: numberMap,
});
/** `retention_runs/{name}` */
export type RetentionRunDoc = z.output<typeof retentionRunSchema>;
export const readRetentionRun = (data: Record<string, unknown>): RetentionRunDoc => retentionRunSchema.parse(data);
export const getRetentionRun = (reader: DocReader, name: string) =>
  getParsed(reader, retentionRunPath(name), readRetentionRun);
