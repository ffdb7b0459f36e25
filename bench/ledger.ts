/**
 * Ledger throughput on the embedded store: 50 concurrent callers post distinct credits to one
 * wallet (the worst case: every transaction conflicts with the others) for ~5 s. Zero lost means
 * the final balance equals the sum of every credit that reported success, and reconciliation holds.
 * Run: `npx tsx bench/ledger.ts` (BENCH_SECONDS and BENCH_CALLERS override the defaults).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { openSqliteStore } from "../app/engine/store/sqlite.server";
import { getBalance, postEntry } from "../app/features/wallet/ledger.server";
import { reconcileAll } from "../app/features/wallet/reconcile.server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CALLERS = Number(process.env.BENCH_CALLERS ?? 50);
const TARGET_PER_SECOND = 2_000;
const UID = "bench-wallet";

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), "ledger-bench-"));
  const store = openSqliteStore(path.join(dir, "bench.sqlite"));
  try {
    let next = 0;
    let expected = 0;
    let failed = 0;
    const latencies: number[] = [];
    const deadline = performance.now() + SECONDS * 1000;

    const caller = async () => {
      while (performance.now() < deadline) {
        // Real requests arrive through the event loop. Without this the callers would chain
        // through microtasks only, starve every timer (including the store's retry backoff)
        // and measure a pattern no server produces.
        await nextTurn();
        const n = next++;
        const amount = (n % 7) + 1;
        const started = performance.now();
        try {
          await postEntry(store, UID, { id: `bench_${n}`, amount, type: "adjustment", description: "Benchmark credit" });
          expected += amount;
          latencies.push(performance.now() - started);
        } catch (error) {
          failed++;
          if (failed <= 3) console.error("credit failed:", error);
        }
      }
    };

    const started = performance.now();
    await Promise.all(Array.from({ length: CALLERS }, caller));
    const elapsed = (performance.now() - started) / 1000;

    const balance = await getBalance(store, UID);
    const entries = (await store.query({ collection: `wallets/${UID}/transactions` })).length;
    const report = await reconcileAll(store);
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]?.toFixed(1) ?? "n/a";
    const rate = latencies.length / elapsed;
    const lost = expected - balance;

    console.log(`ledger bench: ${CALLERS} concurrent callers, one wallet, ${elapsed.toFixed(2)} s`);
    console.log(`  credits committed : ${latencies.length} (${rate.toFixed(0)}/s, target ≥ ${TARGET_PER_SECOND}/s)`);
    console.log(`  credits failed    : ${failed}`);
    console.log(`  latency ms        : p50 ${pct(0.5)}, p95 ${pct(0.95)}, p99 ${pct(0.99)}, max ${pct(1)}`);
    console.log(`  balance           : ${balance} (expected ${expected}, lost ${lost}); entries ${entries}`);
    console.log(`  reconciliation    : ${report.failures.length === 0 ? "ok" : `${report.failures.length} mismatched`}`);

    const ok = lost === 0 && failed === 0 && entries === latencies.length && report.failures.length === 0 && rate >= TARGET_PER_SECOND;
    console.log(ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then((code) => process.exit(code));
