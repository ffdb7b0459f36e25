/**
 * The DocStore contract against Firestore, every case. Where it runs (decision 035):
 * - FIRESTORE_EMULATOR_HOST=host:port names a running official emulator (e.g. under
 *   `firebase emulators:exec`): that one.
 * - FIRESTORE_CONTRACT_PROJECT=<a test project> with Application Default Credentials: real
 *   Firestore (use a project that holds nothing else: cases leave data behind).
 * - Otherwise Google's Cloud Firestore emulator, found and started on a free port by
 *   tests/setup/cloud-firestore-emulator.ts (the admin SDK the store uses is not bound by the
 *   security rules). Where it cannot be found, every case is skipped with the line saying how to get it.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import { connectFirestore, openFirestoreStore } from "~/engine/store/firestore.server";
import type { DocStore } from "~/engine/store/types";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  type RunningCloudFirestoreEmulator,
} from "../setup/cloud-firestore-emulator";
import { docStoreContract } from "./docstore.contract";

const runningHost = process.env.FIRESTORE_EMULATOR_HOST;
const realProject = process.env.FIRESTORE_CONTRACT_PROJECT;
const found = realProject || runningHost ? undefined : findCloudFirestoreEmulator();
const target = realProject ? "real project" : runningHost ? "running emulator" : "Google's emulator";

let emulator: RunningCloudFirestoreEmulator | undefined;

beforeAll(async () => {
  if (found?.found) emulator = await startCloudFirestoreEmulator(found);
}, 180_000);

afterAll(() => emulator?.stop(), 60_000);

// A failure the emulator caused (a bare `2 UNKNOWN`) is explained only in its own output.
afterEach(({ task }) => {
  if (emulator && task.result?.state === "fail") console.error(`The emulator's last lines:\n${emulator.logTail()}`);
});

function connect() {
  if (realProject) return connectFirestore({ projectId: realProject });
  // A running emulator is reached through FIRESTORE_EMULATOR_HOST, which the SDK reads itself.
  if (runningHost) return connectFirestore({ projectId: "demo-skillswap-contract" });
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
  {
    skipAll: found && !found.found ? found.reason : undefined,
    settleMs: 150,
    concurrentIncrements: { count: 10, timeoutMs: 120_000 },
  },
);
