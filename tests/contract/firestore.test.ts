/**
 * The DocStore contract against Firestore. Where it runs:
 * - FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 (the official emulator, e.g. under
 *   `firebase emulators:exec`): every case runs.
 * - FIRESTORE_CONTRACT_PROJECT=<a test project> with Application Default Credentials: every case
 *   runs against real Firestore (use a project that holds nothing else: cases leave data behind).
 * - Otherwise: the in-process Node emulator (tests/setup/firestore-emulator.ts), with the cases it
 *   is known to get wrong skipped, each with its reason in the test name.
 */
import { afterAll, beforeAll } from "vitest";
import { connectFirestore, openFirestoreStore } from "~/engine/store/firestore.server";
import type { DocStore } from "~/engine/store/types";
import { startFirestoreEmulator, type RunningFirestoreEmulator } from "../setup/firestore-emulator";
import { docStoreContract, type CaseName } from "./docstore.contract";

const officialEmulator = process.env.FIRESTORE_EMULATOR_HOST;
const realProject = process.env.FIRESTORE_CONTRACT_PROJECT;
const target = officialEmulator ? "official emulator" : realProject ? "real project" : "Node emulator";

const NODE_EMULATOR_GAPS: Partial<Record<CaseName, string>> = {
  "crud.set-replaces": "@firestore-emulator/server merges on set without merge; runs on the official emulator",
  "query.same-type-only":
    "@firestore-emulator/server ignores `== null` (a unary filter) and matches every document; runs on the official emulator",
  "query.order-by-excludes-missing":
    "@firestore-emulator/server keeps documents missing the orderBy field; runs on the official emulator",
  "tx.concurrent-increments":
    "@firestore-emulator/server loses updates of concurrent transactions; runs on the official emulator",
  "tx.create-race":
    "@firestore-emulator/server does not serialize concurrent transactions; runs on the official emulator",
  "tx.create-and-update-errors":
    "@firestore-emulator/server applies a failing commit's other writes; runs on the official emulator",
};

let emulator: RunningFirestoreEmulator | undefined;

beforeAll(async () => {
  if (!officialEmulator && !realProject) emulator = await startFirestoreEmulator();
});

afterAll(() => emulator?.stop());

function connect() {
  if (realProject) return connectFirestore({ projectId: realProject });
  // The official emulator is reached through FIRESTORE_EMULATOR_HOST, which the SDK reads itself.
  if (officialEmulator) return connectFirestore({ projectId: "demo-skillswap-contract" });
  return connectFirestore({ projectId: "demo-skillswap-contract", emulatorHost: emulator!.host });
}

docStoreContract(
  `firestore (${target})`,
  async () => {
    const opened: DocStore[] = [];
    const open = async () => {
      const store = openFirestoreStore(connect());
      opened.push(store);
      return store;
    };
    return {
      store: await open(),
      reopen: open,
      // Each case writes under collection names of its own, so nothing needs wiping.
      cleanup: async () => {
        for (const store of opened) await store.close();
      },
    };
  },
  { skip: officialEmulator || realProject ? {} : NODE_EMULATOR_GAPS, settleMs: 150 },
);
