/**
 * Presence as the server reads it on Firebase: browsers write `status/{uid}` to the Realtime
 * Database themselves (with an onDisconnect marker), so that is where "online" is known.
 */
import type { App } from "firebase-admin/app";
import { getDatabase } from "firebase-admin/database";
import { statusPath } from "~/documents/status";

export function realtimePresence(app: App): (uid: string) => Promise<boolean> {
  return async (uid) => {
    const snapshot = await getDatabase(app).ref(statusPath(uid)).get();
    const value: unknown = snapshot.val();
    return typeof value === "object" && value !== null && (value as { state?: unknown }).state === "online";
  };
}
