/**
 * "Download my data" (issue 32, decision 042): the request, the background build and the
 * download check. The build runs in the timed work (the embedded engine's leader, or POST
 * /api/cron on Firebase). Exactly one worker builds an archive: it claims the member's document in
 * a transaction and renews the claim while it writes; a worker that died leaves a claim that runs
 * out, and the next run builds the archive again from the start (attempts counted, failed after
 * MAX_ATTEMPTS). The member is told by a notification and an e-mail when it is ready.
 */
import { randomBytes } from "node:crypto";
import type { SignInRecord } from "~/engine/auth/types";
import type { FileStore, StoredFileStream } from "~/engine/files/types";
import type { DocStore } from "~/engine/store/types";
import { archiveKey, DATA_EXPORTS, dataExportPath, getDataExport, type DataExportDoc } from "~/documents/data-exports";
import { queueMail } from "~/features/mail/queue.server";
import { addNotification } from "~/features/notifications/notifications.server";
import { buildArchive } from "./build.server";
import { CLAIM_MS, downloadable, LINK_LIFETIME_MS, MAX_ATTEMPTS, mayRequest, type RequestVerdict } from "./rules";

export const SETTINGS_LINK = "/settings#your-data";
export const downloadLink = (archiveId: string) => `/settings/data/${archiveId}`;

/** A new archive is queued, or the verdict says why not. A previous archive's file is removed. */
export async function requestExport(
  store: DocStore,
  files: FileStore,
  uid: string,
  now = Date.now(),
): Promise<RequestVerdict> {
  const result = await store.transaction(async (tx) => {
    const current = await getDataExport(tx, uid);
    const verdict = mayRequest(current, now);
    if (!verdict.ok) return { verdict, replaced: null };
    const doc: DataExportDoc = {
      uid,
      archiveId: randomBytes(16).toString("hex"),
      state: "queued",
      requestedAt: now,
      attempts: 0,
      worker: null,
      claimedUntil: 0,
      readyAt: null,
      expiresAt: null,
      size: 0,
      reason: null,
    };
    tx.set(dataExportPath(uid), doc);
    return { verdict, replaced: current?.archiveId ?? null };
  });
  if (result.replaced) await files.delete(archiveKey(uid, result.replaced));
  return result.verdict;
}

/** The member's archive as a stream, or null (not theirs, not ready, expired, or no such id). */
export async function openArchive(
  store: DocStore,
  files: FileStore,
  uid: string,
  archiveId: string,
  now = Date.now(),
): Promise<(StoredFileStream & { readyAt: number }) | null> {
  const current = await getDataExport(store, uid);
  if (!current || !downloadable(current, archiveId, now)) return null;
  const file = await files.getStream(archiveKey(uid, archiveId));
  return file ? { ...file, readyAt: current.readyAt ?? now } : null;
}

/** Removes the member's archive and its document (account deletion). */
export async function forgetExports(store: DocStore, files: FileStore, uid: string): Promise<void> {
  const current = await getDataExport(store, uid);
  if (current?.archiveId) await files.delete(archiveKey(uid, current.archiveId));
  await store.delete(dataExportPath(uid));
}

export interface ExportWorkDeps {
  files: FileStore;
  /** The member's sign-in address and what the sign-in engine keeps, from the auth port. */
  account: (uid: string) => Promise<{ email: string } | null>;
  signIns: (uid: string) => Promise<SignInRecord[]>;
  workerId: string;
}

export interface ExportWorkReport {
  built: number;
  failed: number;
}

class LostClaim extends Error {}

type Claim = { doc: DataExportDoc } | { failed: DataExportDoc } | null;

async function claim(store: DocStore, uid: string, workerId: string, now: number): Promise<Claim> {
  return store.transaction(async (tx) => {
    const doc = await getDataExport(tx, uid);
    if (!doc) return null;
    const free = doc.state === "queued" || (doc.state === "building" && doc.claimedUntil <= now);
    if (!free) return null;
    if (doc.attempts >= MAX_ATTEMPTS) {
      const reason = "The archive could not be built.";
      tx.update(dataExportPath(uid), { state: "failed", worker: null, reason });
      addNotification(
        tx,
        uid,
        {
          id: `data_export_${doc.archiveId}_failed`,
          type: "system",
          kind: "export_failed",
          params: {},
          link: SETTINGS_LINK,
        },
        now,
      );
      return { failed: doc };
    }
    const claimed = {
      state: "building" as const,
      worker: workerId,
      claimedUntil: now + CLAIM_MS,
      attempts: doc.attempts + 1,
    };
    tx.update(dataExportPath(uid), claimed);
    return { doc: { ...doc, ...claimed } };
  });
}

/** Renews the claim; throws LostClaim when another worker took the build over (or a new request replaced it). */
async function renew(store: DocStore, uid: string, archiveId: string, workerId: string, now: number): Promise<void> {
  await store.transaction(async (tx) => {
    const doc = await getDataExport(tx, uid);
    if (!doc || doc.archiveId !== archiveId || doc.worker !== workerId || doc.state !== "building")
      throw new LostClaim();
    tx.update(dataExportPath(uid), { claimedUntil: now + CLAIM_MS });
  });
}

async function finish(
  store: DocStore,
  doc: DataExportDoc,
  workerId: string,
  size: number,
  now: number,
): Promise<boolean> {
  return store.transaction(async (tx) => {
    const current = await getDataExport(tx, doc.uid);
    if (!current || current.archiveId !== doc.archiveId || current.worker !== workerId || current.state !== "building")
      return false;
    tx.update(dataExportPath(doc.uid), {
      state: "ready",
      worker: null,
      readyAt: now,
      expiresAt: now + LINK_LIFETIME_MS,
      size,
      reason: null,
    });
    addNotification(
      tx,
      doc.uid,
      {
        id: `data_export_${doc.archiveId}`,
        type: "system",
        kind: "export_ready",
        params: {},
        link: SETTINGS_LINK,
      },
      now,
    );
    queueMail(tx, `data_export_${doc.archiveId}`, { uid: doc.uid, kind: "data_export_ready", ref: doc.archiveId }, now);
    return true;
  });
}

/** Builds one claimed archive; answers whether it became ready. */
async function build(store: DocStore, deps: ExportWorkDeps, doc: DataExportDoc): Promise<boolean> {
  const key = archiveKey(doc.uid, doc.archiveId);
  const account = await deps.account(doc.uid);
  if (!account) {
    // The member left while it waited: nothing to build, nothing to keep.
    await store.delete(dataExportPath(doc.uid));
    return false;
  }
  let renewedAt = Date.now();
  try {
    const { size } = await buildArchive(
      {
        store,
        uid: doc.uid,
        email: account.email,
        signIns: () => deps.signIns(doc.uid),
        onProgress: async () => {
          const now = Date.now();
          if (now - renewedAt < CLAIM_MS / 4) return;
          await renew(store, doc.uid, doc.archiveId, deps.workerId, now);
          renewedAt = now;
        },
      },
      deps.files,
      key,
    );
    if (await finish(store, doc, deps.workerId, size, Date.now())) return true;
    throw new LostClaim();
  } catch (error) {
    // Another worker or a new request owns the archive now: leave its file to it.
    if (error instanceof LostClaim) return false;
    await store.update(dataExportPath(doc.uid), {
      state: "queued",
      worker: null,
      claimedUntil: 0,
      reason: (error instanceof Error ? error.message : String(error)).slice(0, 300),
    });
    console.error(`Data archive for ${doc.uid} (attempt ${doc.attempts}) failed:`, error);
    return false;
  }
}

/** Builds the archives that wait (queued, or left by a worker that stopped), one after another. */
export async function runExportWork(
  store: DocStore,
  deps: ExportWorkDeps,
  now = Date.now(),
): Promise<ExportWorkReport> {
  const report: ExportWorkReport = { built: 0, failed: 0 };
  const waiting = await store.query({
    collection: DATA_EXPORTS,
    where: [["state", "in", ["queued", "building"]]],
    limit: 20,
  });
  for (const { id: uid } of waiting) {
    const claimed = await claim(store, uid, deps.workerId, now);
    if (!claimed) continue;
    if ("failed" in claimed) {
      report.failed++;
      continue;
    }
    if (await build(store, deps, claimed.doc)) report.built++;
  }
  return report;
}
