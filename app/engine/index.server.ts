/**
 * The one place that knows which engine runs. Everything else asks for a port.
 * Singletons live on globalThis so that a dev-server rebuild does not open a second store.
 */
import path from "node:path";
import { getServerEnv } from "~/utils/env.server";
import type { AuthProvider } from "./auth/types";
import { openPresence, resetPresence } from "./live/presence.server";
import type { DocStore } from "./store/types";

interface Engine {
  store: DocStore;
  auth: AuthProvider;
}

const globalForEngine = globalThis as typeof globalThis & { __skillswapEngine?: Promise<Engine> };

async function openEmbedded(): Promise<Engine> {
  const env = getServerEnv();
  const [{ openSqliteStore }, { createLocalAuth }, { createOutboxMailer }] = await Promise.all([
    import("./store/sqlite.server"),
    import("./auth/local.server"),
    import("./auth/mail.server"),
  ]);
  const store = openSqliteStore(path.join(env.DATA_DIR, "skillswap.sqlite"));
  await resetPresence(store);
  const mail = createOutboxMailer(store, (line) => console.log(line));
  return { store, auth: createLocalAuth(store, { mail }) };
}

function engine(): Promise<Engine> {
  if (!globalForEngine.__skillswapEngine) {
    const env = getServerEnv();
    if (env.BACKEND === "firebase") {
      throw new Error("BACKEND=firebase is not available in this build yet; unset BACKEND to use the embedded engine.");
    }
    globalForEngine.__skillswapEngine = openEmbedded();
  }
  return globalForEngine.__skillswapEngine;
}

export async function getStore(): Promise<DocStore> {
  return (await engine()).store;
}

export async function getAuth(): Promise<AuthProvider> {
  return (await engine()).auth;
}

/** Marks the user online while a live stream of theirs is open; returns the closer. */
export async function trackPresence(uid: string): Promise<() => void> {
  return openPresence(await getStore(), uid);
}
