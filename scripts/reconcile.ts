/**
 * Proves `balance == sum(entries)` for every wallet in the embedded store at
 * $DATA_DIR/skillswap.sqlite. Prints each failing wallet and a summary; exits 1 on any mismatch.
 * Run: `npx tsx scripts/reconcile.ts` (or `npm run reconcile`).
 */
import { getStore } from "../app/engine/index.server";
import { reconcileAll } from "../app/features/wallet/reconcile.server";

async function main(): Promise<number> {
  const store = await getStore();
  try {
    const started = performance.now();
    const { checked, failures } = await reconcileAll(store);
    for (const failure of failures) {
      console.log(
        `MISMATCH wallet ${failure.uid}: balance ${failure.balance ?? "invalid"}, entries sum ${failure.sum} (${failure.entries} entries)`,
      );
      for (const problem of failure.problems) console.log(`  - ${problem}`);
    }
    const ms = Math.round(performance.now() - started);
    console.log(
      `Reconciled ${checked} wallet(s) in ${ms} ms: ${checked - failures.length} ok, ${failures.length} mismatched.`,
    );
    return failures.length === 0 ? 0 : 1;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("Reconciliation could not run:", error);
    process.exit(2);
  },
);
