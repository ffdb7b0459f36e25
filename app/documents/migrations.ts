/**
 * One-off conversions of stored data that run once at start (in the worker leading the timed work,
 * or on Firebase at the first scheduled call), each marked done here so it never runs twice. Only
 * the server writes and reads them. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   migrations/{name}   when the conversion `name` finished, and how many documents it changed
 */
import { z } from "zod/v4";
import { count, getParsed, type DocReader } from "./fields";

export const MIGRATIONS = "migrations";
export const migrationPath = (name: string) => `${MIGRATIONS}/${name}`;

export const migrationSchema = z.object({
  doneAt: count(),
  changed: count(),
});
/** `migrations/{name}` */
export type MigrationDoc = z.output<typeof migrationSchema>;
export const readMigration = (data: Record<string, unknown>): MigrationDoc => migrationSchema.parse(data);
export const getMigration = (reader: DocReader, name: string) => getParsed(reader, migrationPath(name), readMigration);
