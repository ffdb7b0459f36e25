/**
 * The one firebase-admin app of this process. Credentials come from Application Default
 * Credentials (the Cloud Run service account in production, `gcloud auth application-default
 * login` on a laptop); with FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST set, the SDK
 * talks to the emulators instead and needs none.
 */
import { getApps, initializeApp, type App } from "firebase-admin/app";

const APP_NAME = "skillswap";

export function getAdminApp(projectId: string): App {
  const existing = getApps().find((app) => app.name === APP_NAME);
  if (existing) return existing;
  return initializeApp({ projectId }, APP_NAME);
}
