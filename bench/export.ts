/**
 * bench:export (issue 32): one member's data archive with a long history — 10,000 ledger entries,
 * 5,000 chat messages and 500 forum posts — built the way the server builds it (the timed work's
 * runExportWork on the embedded store and a local FileStore), then read back as the download
 * streams it. Targets: built in under 10 s, and the process's memory (RSS, sampled every 20 ms)
 * grows by less than 100 MB over its size before the build. Run: `npm run bench:export`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { strFromU8, Unzip, UnzipInflate } from "fflate";
import { archiveKey, getDataExport } from "../app/documents/data-exports";
import { createLocalFileStore } from "../app/engine/files/local.server";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import type { DocStore } from "../app/engine/store/types";
import { requestExport, runExportWork } from "../app/features/export/export.server";

const UID = "bench-exporter";
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 10_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 5_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 500);
const TARGET_MS = 10_000;
const TARGET_GROWTH_MB = 100;
const T0 = Date.UTC(2025, 0, 1);
const BATCH = 250;

async function inBatches(
  count: number,
  write: (i: number, tx: Parameters<Parameters<DocStore["transaction"]>[0]>[0]) => void,
  store: DocStore,
) {
  for (let start = 0; start < count; start += BATCH)
    await store.transaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) write(i, tx);
    });
}

async function seed(store: DocStore): Promise<{ balance: number }> {
  const profile = (fullName: string) => ({
    fullName,
    bio: "A long-time member",
    createdAt: T0,
    timezone: "UTC",
    xp: 10,
  });
  await store.set(`users/${UID}`, profile('Bench Exporter, "the busy one"'));
  for (let p = 0; p < 10; p++) await store.set(`users/peer${p}`, profile(`Peer ${p}`));
  // The ledger: small credits and debits, balance kept equal to their sum.
  let balance = 0;
  await inBatches(
    ENTRIES,
    (i, tx) => {
      const amount = i % 3 === 2 ? -1 : 2;
      balance += amount;
      tx.set(`wallets/${UID}/transactions/e${String(i).padStart(6, "0")}`, {
        amount,
        timestamp: T0 + i * 60_000,
        type: amount > 0 ? "adjustment" : "booking_hold",
        description: `Entry ${i}`,
        ref: null,
      });
    },
    store,
  );
  await store.set(`wallets/${UID}`, { balance });
  // Ten conversations of 500 messages, both ways.
  const perChat = Math.ceil(MESSAGES / 10);
  for (let c = 0; c < 10; c++) {
    const chatId = `${UID}_peer${c}`;
    await store.set(`chats/${chatId}`, {
      participants: [UID, `peer${c}`].sort(),
      createdBy: UID,
      createdAt: T0,
      updatedAt: T0,
      lastMessage: "",
      lastSender: UID,
      messageCount: perChat,
      unread: {},
    });
    await inBatches(
      Math.min(perChat, MESSAGES - c * perChat),
      (i, tx) =>
        tx.set(`chats/${chatId}/messages/m${String(i).padStart(6, "0")}`, {
          sender: i % 2 === 0 ? UID : `peer${c}`,
          text: `Message ${i} of a long conversation about learning, with a comma, and "quotes".`,
          seen: true,
          timestamp: T0 + i * 1_000,
          hidden: false,
        }),
      store,
    );
  }
  // 50 threads with ten posts each by the member, and a reply by a peer in each.
  const threads = Math.ceil(POSTS / 10);
  for (let t = 0; t < threads; t++) {
    const id = `t${String(t).padStart(4, "0")}`;
    const createdAt = T0 + t * 3_600_000;
    await store.set(`community/forum/threads/${id}`, {
      spaceId: "general",
      title: `Thread ${t}`,
      authorUid: UID,
      createdAt,
      lastActivityAt: createdAt,
      lastPosterUid: UID,
      replyCount: 10,
      newestKey: `${String(createdAt).padStart(15, "0")}_${id}`,
    });
    await inBatches(
      11,
      (i, tx) =>
        tx.set(`community/forum/threads/${id}/posts/p${i}`, {
          threadId: id,
          authorUid: i === 10 ? "peer0" : UID,
          body: `Post ${i} in thread ${t}: **Markdown** text of a fair length, as members write it.`,
          createdAt: createdAt + i,
          deleted: false,
          seq: i,
        }),
      store,
    );
  }
  return { balance };
}

const rssMb = () => process.memoryUsage().rss / 1_048_576;
const heapMb = () => process.memoryUsage().heapUsed / 1_048_576;

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "export-bench-"));
  const store = openSqliteStore(path.join(dir, "bench.sqlite"));
  const files = createLocalFileStore(path.join(dir, "files"));
  try {
    const { balance } = await seed(store);
    await requestExport(store, files, UID);
    global.gc?.();
    const before = rssMb();
    const heapBefore = heapMb();
    let peak = before;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb());
      heapPeak = Math.max(heapPeak, heapMb());
    }, 20);
    const started = performance.now();
    const report = await runExportWork(store, {
      files,
      account: async () => ({ email: "busy@example.com" }),
      signIns: async () => [],
      workerId: "bench",
    });
    const buildMs = performance.now() - started;
    // The download: the archive streamed from the FileStore, unzipped on the fly to check it.
    const doc = (await getDataExport(store, UID))!;
    const file = (await files.getStream(archiveKey(UID, doc.archiveId)))!;
    const rows = new Map<string, number>();
    let lastLedgerLine = "";
    const unzip = new Unzip((entry) => {
      let tail = "";
      let lines = 0;
      entry.ondata = (error, chunk, final) => {
        if (error) throw error;
        const text = tail + strFromU8(chunk);
        const parts = text.split("\r\n");
        tail = parts.pop() ?? "";
        lines += parts.length;
        if (entry.name === "wallet-ledger.csv" && parts.length) lastLedgerLine = parts[parts.length - 1];
        if (final) rows.set(entry.name, lines - 1);
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    const reader = file.stream.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) unzip.push(next.value);
    unzip.push(new Uint8Array(0), true);
    clearInterval(sampler);
    peak = Math.max(peak, rssMb());
    const growth = peak - before;
    const ledgerBalance = Number(lastLedgerLine.split(",").at(-1));
    const checks = {
      built: report.built === 1 && doc.state === "ready",
      ledger: rows.get("wallet-ledger.csv") === ENTRIES && ledgerBalance === balance,
      messages: rows.get("messages.csv") === MESSAGES,
      posts: rows.get("forum-posts.csv") === POSTS,
    };
    const ok = buildMs < TARGET_MS && growth < TARGET_GROWTH_MB && Object.values(checks).every(Boolean);
    console.log(
      `Member with ${ENTRIES} ledger entries, ${MESSAGES} messages, ${POSTS} forum posts; load average ${loadavg()[0].toFixed(2)}`,
    );
    console.log(
      `Rows in the archive: ledger ${rows.get("wallet-ledger.csv")}, messages ${rows.get("messages.csv")}, posts ${rows.get("forum-posts.csv")}; last balance ${ledgerBalance} (wallet ${balance}); checks ${JSON.stringify(checks)}`,
    );
    console.log(
      `Archive built in ${(buildMs / 1000).toFixed(2)} s (target < ${TARGET_MS / 1000} s), ${(doc.size / 1_048_576).toFixed(1)} MB; memory growth ${growth.toFixed(1)} MB (RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB, target < ${TARGET_GROWTH_MB} MB; JavaScript heap ${heapBefore.toFixed(0)} → peak ${heapPeak.toFixed(0)} MB): ${ok ? "met" : "MISSED"}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
