/**
 * The server's VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set;
 * otherwise generated once and kept, like the session secret: in DATA_DIR on the embedded engine,
 * in the store on Firebase (Cloud Run instances share no disk). A browser's subscription is bound
 * to the public key, so the keys must never change behind its back.
 */
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import webpush from "web-push";
import type { DocStore } from "../store/types";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const readable = (value: unknown): VapidKeys | null => {
  const keys = value as Partial<VapidKeys> | null;
  return typeof keys?.publicKey === "string" && typeof keys.privateKey === "string"
    ? { publicKey: keys.publicKey, privateKey: keys.privateKey }
    : null;
};

/** DATA_DIR/vapid-keys.json, made on first use; several workers starting at once agree on one pair. */
export function vapidKeysInDirectory(dataDir: string): VapidKeys {
  const file = path.join(dataDir, "vapid-keys.json");
  try {
    const keys = readable(JSON.parse(readFileSync(file, "utf8")));
    if (keys) return keys;
    throw new Error(`${file} does not hold a VAPID key pair; remove it to make a new one.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  // As the session secret (utils/env.server.ts): each worker writes its candidate and links it into
  // place, which only one can do; all then use the one that won.
  const candidate = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(candidate, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
  try {
    linkSync(candidate, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(candidate);
  }
  return readable(JSON.parse(readFileSync(file, "utf8")))!;
}

/** The engine's own document (no feature reads it): the pair every instance uses. */
const VAPID_KEYS_PATH = "push_keys/vapid";

/** Firebase: the pair in the store, created once in a transaction so that every instance agrees. */
export async function vapidKeysInStore(store: DocStore): Promise<VapidKeys> {
  return store.transaction(async (tx) => {
    const existing = readable((await tx.get(VAPID_KEYS_PATH))?.data ?? null);
    if (existing) return existing;
    const made = webpush.generateVAPIDKeys();
    tx.set(VAPID_KEYS_PATH, { ...made });
    return made;
  });
}
