/**
 * Ledger throughput on the embedded store: 50 concurrent callers post distinct credits to one
 * wallet (the worst case: every transaction conflicts with the others) for ~5 s. Zero lost means
 * the final balance equals the sum of every credit that reported success, and reconciliation holds.
 * Run: `npx tsx bench/ledger.ts` (BENCH_SECONDS and BENCH_CALLERS override the defaults).
 * bench/wallet.ts runs the same measurement through runLedgerBench.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { entriesOf } from "../app/documents/wallets";
import { getBalance, postEntry } from "../app/features/wallet/ledger.server";
import { reconcileAll } from "../app/features/wallet/reconcile.server";
import { percentiles, withTempStore, type Percentiles } from "./support";

export const LEDGER_TARGET_PER_SECOND = 2_000;
const UID = "bench-wallet";

export interface LedgerBenchResult {
  callers: number;
  seconds: number;
  committed: number;
  perSecond: number;
  failed: number;
  latencyMs: Percentiles;
  balance: number;
  expected: number;
  entries: number;
  reconciled: boolean;
  ok: boolean;
}

export async function runLedgerBench({
  seconds = 5,
  callers = 50,
}: { seconds?: number; callers?: number } = {}): Promise<LedgerBenchResult> {
  return withTempStore("ledger-bench-", async (store) => {
    let next = 0;
    let expected = 0;
    let failed = 0;
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;

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
          await postEntry(store, UID, {
            id: `bench_${n}`,
            amount,
            type: "adjustment",
            description: "Benchmark credit",
          });
          expected += amount;
          latencies.push(performance.now() - started);
        } catch (error) {
          failed++;
          if (failed <= 3) console.error("credit failed:", error);
        }
      }
    };

    const started = performance.now();
    await Promise.all(Array.from({ length: callers }, caller));
    const elapsed = (performance.now() - started) / 1000;

    const balance = await getBalance(store, UID);
    const entries = (await store.query({ collection: entriesOf(UID) })).length;
    const report = await reconcileAll(store);
    const perSecond = latencies.length / elapsed;
    const reconciled = report.failures.length === 0;
    const ok =
      expected === balance &&
      failed === 0 &&
      entries === latencies.length &&
      reconciled &&
      perSecond >= LEDGER_TARGET_PER_SECOND;
    return {
      callers,
      seconds: elapsed,
      committed: latencies.length,
      perSecond,
      failed,
      latencyMs: percentiles(latencies),
      balance,
      expected,
      entries,
      reconciled,
      ok,
    };
  });
}

export function printLedgerBench(result: LedgerBenchResult): void {
  const ms = (value: number) => value.toFixed(1);
  const { p50, p95, p99, max } = result.latencyMs;
  console.log(`ledger bench: ${result.callers} concurrent callers, one wallet, ${result.seconds.toFixed(2)} s`);
  console.log(
    `  credits committed : ${result.committed} (${result.perSecond.toFixed(0)}/s, target ≥ ${LEDGER_TARGET_PER_SECOND}/s)`,
  );
  console.log(`  credits failed    : ${result.failed}`);
  console.log(`  latency ms        : p50 ${ms(p50)}, p95 ${ms(p95)}, p99 ${ms(p99)}, max ${ms(max)}`);
  console.log(
    `  balance           : ${result.balance} (expected ${result.expected}, lost ${result.expected - result.balance}); entries ${result.entries}`,
  );
  console.log(`  reconciliation    : ${result.reconciled ? "ok" : "mismatched"}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runLedgerBench({
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    callers: Number(process.env.BENCH_CALLERS ?? 50),
  });
  printLedgerBench(result);
  console.log(result.ok ? "PASS" : "FAIL");
  process.exit(result.ok ? 0 : 1);
}
