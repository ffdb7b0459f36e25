import { readFileSync } from "node:fs";
import path from "node:path";
import type { DocStore } from "~/engine/store/types";

/** Where serve.ts left the emulators' addresses for this run. */
export interface E2eEmulators {
  projectId: string;
  /** host:port of the firebase-tools Auth emulator. */
  auth: string;
  /** host:port of the Firestore emulator (Google's where installed, decision 032). */
  firestore: string;
}

export function emulatorsFile(): string {
  const dir = process.env.E2E_FIREBASE_DIR;
  if (!dir) throw new Error("E2E_FIREBASE_DIR is set by playwright.firebase.config.ts");
  return path.join(dir, "emulators.json");
}

export function readEmulators(): E2eEmulators {
  return JSON.parse(readFileSync(emulatorsFile(), "utf8")) as E2eEmulators;
}

/** The newest password-reset code the Auth emulator "sent" to `email` (its REST API keeps them all). */
export async function latestResetCode(email: string): Promise<string> {
  const { auth, projectId } = readEmulators();
  const response = await fetch(`http://${auth}/emulator/v1/projects/${projectId}/oobCodes`);
  if (!response.ok) throw new Error(`The Auth emulator answered ${response.status} for its oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const codes = oobCodes.filter((c) => c.email === email && c.requestType === "PASSWORD_RESET");
  const code = codes.at(-1)?.oobCode;
  if (!code) throw new Error(`No password-reset code for ${email} in the Auth emulator`);
  return code;
}

/**
 * The links of the verification mails the server sent to `email`, oldest first, read where the
 * Firebase engine puts mail without SMTP_URL: the Firestore `mail` collection (Trigger Email).
 */
export async function verificationLinks(email: string): Promise<string[]> {
  const store = await emulatorStore();
  try {
    const mails = await store.query<{ createdAt: number; message: { subject: string; text: string } }>({
      collection: "mail",
      where: [["to", "==", email]],
    });
    return mails
      .filter((mail) => mail.data.message.subject === "Verify your SkillSwap email")
      .sort((a, b) => a.data.createdAt - b.data.createdAt)
      .map((mail) => /https?:\/\/\S+/.exec(mail.data.message.text)![0]);
  } finally {
    await store.close();
  }
}

/** The server's store on the Firestore emulator, seen from the test process; close it after use. */
export async function emulatorStore(): Promise<DocStore> {
  const { connectFirestore, openFirestoreStore } = await import("~/engine/store/firestore.server");
  const { projectId, firestore } = readEmulators();
  // Without credentials, Google's auth library would probe the cloud metadata server.
  process.env.METADATA_SERVER_DETECTION ??= "none";
  return openFirestoreStore(connectFirestore({ projectId, emulatorHost: firestore }));
}
