/**
 * The worker processes' coordination for timed work (decision 021), written and read by
 * engine/leader.server.ts through the store port, the same on both engines. Only the server
 * writes and reads them. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 *
 *   leases/{name}        who leads a kind of work (`timed_work`) and until when
 *   workers/{workerId}   a worker's heartbeat; the presence sweep counts the workers still beating
 */
import { z } from "zod/v4";
import { count, getParsed, text, type DocReader } from "./fields";

export const LEASES = "leases";
export const leasePath = (name: string) => `${LEASES}/${name}`;
export const WORKERS = "workers";
export const heartbeatPath = (workerId: string) => `${WORKERS}/${workerId}`;

export const leaseSchema = z.object({
  /** The worker that holds it; "" when unreadable (held by nobody this version can name). */
  holder: text(),
  /** When it runs out unless renewed; 0 when unreadable, so a damaged lease reads as expired and is taken. */
  expiresAt: count(),
});
/** `leases/{name}` */
export type LeaseDoc = z.output<typeof leaseSchema>;
export const readLease = (data: Record<string, unknown>): LeaseDoc => leaseSchema.parse(data);
export const getLease = (reader: DocReader, name: string) => getParsed(reader, leasePath(name), readLease);

export const heartbeatSchema = z.object({
  /** The worker's last beat; the sweep queries it, so only its age matters. */
  seenAt: count(),
});
/** `workers/{workerId}` */
export type HeartbeatDoc = z.output<typeof heartbeatSchema>;
