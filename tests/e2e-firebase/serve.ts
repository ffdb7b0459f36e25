/**
 * The web server of playwright.firebase.config.ts: starts the Auth emulator (firebase-tools) and
 * Google's Cloud Firestore emulator with firebase/firestore.rules (decisions 032, 035; where it is
 * missing, serve.ts stops with the line saying how to get it), then the production build with BACKEND=firebase
 * pointed at both. Their addresses go to $E2E_FIREBASE_DIR/emulators.json for the tests. On
 * SIGTERM/SIGINT, or when the app exits, everything it started is stopped.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { startAuthEmulator } from "../setup/auth-emulator";
import { findCloudFirestoreEmulator, startCloudFirestoreEmulator } from "../setup/cloud-firestore-emulator";
import { emulatorsFile, type E2eEmulators } from "./emulators";
import { startStripeCheckout, STRIPE_SETTINGS } from "./stripe-checkout";

const projectId = process.env.FIREBASE_PROJECT_ID;
if (!projectId) throw new Error("serve.ts is started by playwright.firebase.config.ts, which sets FIREBASE_PROJECT_ID");

async function startFirestore(): Promise<{ host: string; stop: () => Promise<void> | void }> {
  const found = findCloudFirestoreEmulator();
  if (found.found) return startCloudFirestoreEmulator(found);
  throw new Error(found.reason);
}

const publicUrl = process.env.PUBLIC_URL;
if (!publicUrl) throw new Error("serve.ts is started by playwright.firebase.config.ts, which sets PUBLIC_URL");

const [auth, firestore, stripe] = await Promise.all([
  startAuthEmulator(projectId),
  startFirestore(),
  startStripeCheckout(publicUrl),
]);
const emulators: E2eEmulators = { projectId, auth: auth.host, firestore: firestore.host };
writeFileSync(emulatorsFile(), JSON.stringify(emulators));

// record-queries.mjs logs the shape of every query the server sends, for required-indexes.check.ts.
const app = spawn(process.execPath, ["--import", "./tests/e2e-firebase/record-queries.mjs", "server.mjs"], {
  env: {
    ...process.env,
    FIREBASE_AUTH_EMULATOR_HOST: auth.host,
    FIRESTORE_EMULATOR_HOST: firestore.host,
    // Stripe, as in production, against the local stand-in (the test checkout never runs here).
    ...STRIPE_SETTINGS,
    STRIPE_API_BASE: stripe.apiBase,
  },
  stdio: ["ignore", "inherit", "inherit"],
});

// The shutdown signal may reach this process and its children together (Playwright signals the
// process group): every path waits for the same cleanup before exiting.
let stopping: Promise<void> | undefined;
function stopAll(code: number): void {
  stopping ??= (async () => {
    if (app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      await exited;
    }
    await Promise.all([firestore.stop(), auth.stop(), stripe.stop()]);
  })().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error("Stopping the emulators failed:", error);
      process.exit(1);
    },
  );
}

app.once("exit", (code) => stopAll(code ?? 0));
for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stopAll(0));
