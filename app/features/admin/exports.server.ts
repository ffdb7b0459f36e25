/**
 * The back office's CSV exports (issue 32): members, the ledger, payments, bookings and reports.
 * Each is read from the store a page at a time and written a row at a time (utils/csv's csvLines),
 * so an export of any size keeps memory flat; each is written to the audit log before its first
 * byte leaves. Cells are escaped against formula injection by the CSV writer.
 */
import { BOOKINGS, readBooking } from "~/documents/bookings";
import { PAYMENTS, readPayment } from "~/documents/payments";
import { readReport, REPORTS } from "~/documents/reports";
import { readUser, USERS } from "~/documents/users";
import { entriesOf, readWallet, toWalletEntry, walletPath } from "~/documents/wallets";
import type { AuthProvider } from "~/engine/auth/types";
import { getAuth } from "~/engine/index.server";
import type { Doc, DocStore } from "~/engine/store/types";
import { csvLines } from "~/utils/csv";
import { recordAudit } from "./audit.server";
import { adminContext } from "./guard.server";

export const EXPORT_KINDS = ["members", "ledger", "payments", "bookings", "reports"] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Documents read per query. */
export const EXPORT_PAGE = 500;

const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : "");

/**
 * Every document of `collection` in the order of the numeric `field`, a page at a time. Documents
 * that share the value at a page's end are read together, so none is skipped or read twice.
 * Documents without the field are not exported (Firestore leaves them out of every such query).
 */
export async function* pagesOf(store: DocStore, collection: string, field: string, pageSize = EXPORT_PAGE) {
  let after: number | null = null;
  for (;;) {
    const page = await store.query({
      collection,
      ...(after === null ? {} : { where: [[field, ">", after] as const] }),
      orderBy: [[field, "asc"]],
      limit: pageSize,
    });
    if (page.length < pageSize) {
      if (page.length > 0) yield page;
      return;
    }
    const edge = page[page.length - 1].data[field] as number;
    const before = page.filter((doc) => (doc.data[field] as number) < edge);
    const atEdge = await store.query({ collection, where: [[field, "==", edge]] });
    yield [...before, ...atEdge];
    after = edge;
  }
}

async function* docsOf(store: DocStore, collection: string, field: string): AsyncGenerator<Doc> {
  for await (const page of pagesOf(store, collection, field)) yield* page;
}

async function* memberRows(store: DocStore, auth: AuthProvider) {
  for await (const page of pagesOf(store, USERS, "createdAt")) {
    const uids = page.map((doc) => doc.id);
    const [accounts, wallets] = await Promise.all([
      auth.getUsers(uids),
      store.getAll(uids.map((uid) => walletPath(uid))),
    ]);
    for (const [i, doc] of page.entries()) {
      const profile = readUser(doc.data);
      const account = accounts[i];
      yield [
        doc.id,
        profile.fullName,
        account?.email ?? "",
        account?.admin ? "admin" : "member",
        iso(profile.createdAt),
        account ? (account.emailVerified ? "yes" : "no") : "",
        profile.suspension ? "yes" : "no",
        profile.deleted ? "yes" : "no",
        profile.xp,
        readWallet(wallets[i]?.data).balance,
      ];
    }
  }
}

async function* ledgerRows(store: DocStore) {
  for await (const member of docsOf(store, USERS, "createdAt")) {
    const name = readUser(member.data).fullName;
    for await (const doc of docsOf(store, entriesOf(member.id), "timestamp")) {
      const entry = toWalletEntry(doc);
      yield [
        member.id,
        name,
        entry.id,
        iso(entry.timestamp),
        entry.type,
        entry.amount,
        entry.description,
        entry.ref ?? "",
      ];
    }
  }
}

async function* paymentRows(store: DocStore) {
  for await (const doc of docsOf(store, PAYMENTS, "fulfilledAt")) {
    const p = readPayment(doc);
    const amount = Number.isFinite(p.amount) ? (p.amount / 100).toFixed(2) : "";
    yield [
      p.id,
      p.uid,
      p.pack,
      p.sp,
      amount,
      p.currency.toUpperCase(),
      p.status,
      iso(p.fulfilledAt),
      p.refund?.status ?? "",
    ];
  }
}

async function* bookingRows(store: DocStore) {
  for await (const doc of docsOf(store, BOOKINGS, "createdAt")) {
    const b = readBooking(doc);
    yield [
      b.id,
      b.state,
      b.mentorUid,
      b.learnerUid,
      b.skillTag,
      iso(b.start),
      b.durationMinutes,
      b.price,
      iso(b.createdAt),
    ];
  }
}

async function* reportRows(store: DocStore) {
  for await (const doc of docsOf(store, REPORTS, "createdAt")) {
    const r = readReport(doc);
    yield [
      r.id,
      r.status,
      iso(r.createdAt),
      r.targetKind,
      r.targetPath,
      r.authorUid,
      r.reporterUid,
      r.reason,
      r.text,
      r.reviewedBy ?? "",
      iso(r.reviewedAt),
    ];
  }
}

const EXPORTS: Record<
  ExportKind,
  { header: string[]; rows: (store: DocStore, auth: AuthProvider) => AsyncIterable<readonly unknown[]> }
> = {
  members: {
    header: ["uid", "name", "email", "role", "joined", "email verified", "suspended", "deleted", "xp", "balance SP"],
    rows: memberRows,
  },
  ledger: {
    header: ["uid", "member", "entry", "at", "type", "amount SP", "description", "ref"],
    rows: ledgerRows,
  },
  payments: {
    header: ["checkout", "uid", "pack", "SP", "amount", "currency", "status", "paid at", "refund"],
    rows: paymentRows,
  },
  bookings: {
    header: ["booking", "state", "mentor", "learner", "skill", "start", "minutes", "price SP", "requested at"],
    rows: bookingRows,
  },
  reports: {
    header: [
      "report",
      "status",
      "at",
      "kind",
      "target",
      "author",
      "reporter",
      "reason",
      "text",
      "reviewed by",
      "reviewed at",
    ],
    rows: reportRows,
  },
};

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === "string" && (EXPORT_KINDS as readonly string[]).includes(value);
}

/** The export's CSV text, a line at a time. */
export function exportLines(kind: ExportKind, store: DocStore, auth: AuthProvider): AsyncGenerator<string> {
  const { header, rows } = EXPORTS[kind];
  return csvLines(header, rows(store, auth));
}

/** Writes the export to the audit log (before it is streamed: an export that was asked for is logged). */
export async function auditExport(store: DocStore, actorUid: string, kind: ExportKind, now = Date.now()) {
  await store.transaction(async (tx) => {
    recordAudit(
      tx,
      {
        actorUid,
        action: "data.export",
        subjectUid: null,
        target: `export/${kind}`,
        reason: "",
        before: null,
        after: null,
      },
      now,
    );
  });
}

/** About this many bytes go out per chunk: a line at a time would be thousands of tiny writes. */
const CHUNK_BYTES = 32 * 1024;

/** A ReadableStream of the lines, read only as fast as the client takes them. */
export function streamLines(lines: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = "";
      while (chunk.length < CHUNK_BYTES) {
        const next = await lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += next.value;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

/**
 * The loader of `/admin/{kind}.csv`: admins only (everyone else gets the back office's 404), logged
 * in the audit log, then streamed as an attachment.
 */
export async function exportResponse(request: Request, kind: ExportKind): Promise<Response> {
  const { admin, store } = await adminContext(request);
  await auditExport(store, admin.uid, kind);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(streamLines(exportLines(kind, store, await getAuth())), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="skillswap-${kind}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
