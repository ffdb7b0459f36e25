/**
 * The one place that knows which engine runs. Everything else asks for a port.
 * Singletons live on globalThis so that a dev-server rebuild does not open a second store.
 */
import path from "node:path";
import { getServerEnv } from "~/utils/env.server";
import { shareRateLimits } from "~/utils/rate-limit.server";
import type { AuthProvider } from "./auth/types";
import { openPresence, sweepPresence as sweepEmbeddedPresence } from "./live/presence.server";
import { getStatus } from "~/documents/status";
import type { DocStore } from "./store/types";
import { keptUntilWritten, readThrough, withOneLogLook } from "./store/read-cache.server";
import type { FileStore } from "./files/types";
import type { MailTransport } from "./mail/types";
import type { PushSender } from "./push/types";

interface Engine {
  store: DocStore;
  auth: AuthProvider;
  files: FileStore;
  mail: MailTransport;
}

const globalForEngine = globalThis as typeof globalThis & {
  __skillswapEngine?: Promise<Engine>;
  __skillswapPush?: Promise<PushSender>;
};

function mailSender() {
  const env = getServerEnv();
  const host = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).hostname;
  return { host, from: env.MAIL_FROM ?? `SkillSwap <no-reply@${host}>` };
}

/**
 * Where notification mail goes (decision 022): SMTP when SMTP_URL is set on either engine;
 * otherwise the embedded outbox, or on Firebase the Trigger Email extension's `mail` collection.
 * Said once at start, so nobody waits for mail that never leaves.
 */
async function openMailTransport(store: DocStore, backend: "embedded" | "firebase"): Promise<MailTransport> {
  const env = getServerEnv();
  let transport: MailTransport;
  if (env.SMTP_URL) {
    const { createSmtpTransport } = await import("./mail/smtp.server");
    const { host, from } = mailSender();
    transport = createSmtpTransport(env.SMTP_URL, from, host);
  } else {
    const { createOutboxTransport, createTriggerEmailTransport } = await import("./mail/collection.server");
    transport =
      backend === "firebase"
        ? createTriggerEmailTransport(store)
        : createOutboxTransport(store, (line) => console.log(line));
  }
  console.log(`Mail: sending through ${transport.description}.`);
  return transport;
}

/** The embedded accounts' own mail (reset links): SMTP when SMTP_URL is set, otherwise the outbox. */
async function embeddedAuthMailer(store: DocStore) {
  const env = getServerEnv();
  if (env.SMTP_URL) {
    const { createSmtpMailer } = await import("./auth/smtp.server");
    return createSmtpMailer(env.SMTP_URL, mailSender().from);
  }
  const { createOutboxMailer } = await import("./auth/mail.server");
  return createOutboxMailer(store, (line) => console.log(line));
}

async function openEmbedded(): Promise<Engine> {
  const env = getServerEnv();
  const [
    { openSqliteStore },
    { createLocalAuth },
    { createLocalFileStore },
    { openSqliteLimitBackend },
    { clusterCommitRelay },
  ] = await Promise.all([
    import("./store/sqlite.server"),
    import("./auth/local.server"),
    import("./files/local.server"),
    import("./limits/sqlite.server"),
    import("./live/commit-relay.server"),
  ]);
  const file = path.join(env.DATA_DIR, "skillswap.sqlite");
  // In a cluster, workers tell each other of their commits instead of polling often (decision 021).
  const relay = clusterCommitRelay();
  const store = openSqliteStore(file, relay ?? {});
  relay?.listen(() => store.readOthersCommits());
  // Every worker process counts attempts in the same table (decision 021), in a file of its own:
  // a counted attempt then never waits for a document commit's write lock, nor wakes every
  // worker's change-log follower.
  shareRateLimits(openSqliteLimitBackend(path.join(env.DATA_DIR, "rate-limits.sqlite")));
  const mail = await embeddedAuthMailer(store);
  return {
    store,
    auth: createLocalAuth(store, { mail }),
    files: createLocalFileStore(path.join(env.DATA_DIR, "files")),
    mail: await openMailTransport(store, "embedded"),
  };
}

/** Firebase: loaded only here, so the embedded engine never loads firebase-admin. */
async function openFirebase(): Promise<Engine> {
  const env = getServerEnv();
  // parseEnv has already refused BACKEND=firebase without these; this only narrows the types.
  const projectId = env.FIREBASE_PROJECT_ID!;
  const [
    { getAdminApp },
    { getAuth: getAdminAuth },
    { connectFirestore, openFirestoreStore },
    { createFirebaseAuth },
    { createCloudStorageFileStore },
    { createTransportMailer },
  ] = await Promise.all([
    import("./firebase/admin.server"),
    import("firebase-admin/auth"),
    import("./store/firestore.server"),
    import("./auth/firebase.server"),
    import("./firebase/storage.server"),
    import("./auth/mail.server"),
  ]);
  const app = getAdminApp(projectId);
  // FIRESTORE_EMULATOR_HOST, when set, is read by the SDK itself.
  const store = openFirestoreStore(connectFirestore({ projectId }));
  const mail = await openMailTransport(store, "firebase");
  return {
    store,
    // Verification links leave with the rest of the app's mail.
    auth: createFirebaseAuth(getAdminAuth(app), {
      sessionCookieDays: env.SESSION_COOKIE_DAYS,
      mail: createTransportMailer(mail),
    }),
    files: createCloudStorageFileStore(app, env.FIREBASE_STORAGE_BUCKET ?? `${projectId}.firebasestorage.app`),
    mail,
  };
}

function engine(): Promise<Engine> {
  if (!globalForEngine.__skillswapEngine) {
    const opening = getServerEnv().BACKEND === "firebase" ? openFirebase() : openEmbedded();
    // A failed start is not kept: the next request tries again (e.g. after a network blip).
    opening.catch(() => {
      if (globalForEngine.__skillswapEngine === opening) globalForEngine.__skillswapEngine = undefined;
    });
    globalForEngine.__skillswapEngine = opening;
  }
  return globalForEngine.__skillswapEngine;
}

export async function getStore(): Promise<DocStore> {
  return (await engine()).store;
}

/**
 * `compute()`'s value, kept per store and `key` until a commit writes a path `dependsOn` accepts
 * (checked against the store's change log on every call, so never staler than the store;
 * store/read-cache.server.ts). A store without a change log (Firestore) computes every time.
 * The value is shared and frozen: read-only.
 */
export const cachedRead = readThrough;

/** `cachedRead` for a value read from named documents only: kept until a commit writes one of them (decision 181). */
export { keptUntilWritten };

/** `run` (one loader or action of the request `requestContext` names) with one look at the change log for the whole request. */
export { withOneLogLook };

/** The cursor that starts a query's next page after a page's last document (either engine). */
export { cursorAfter } from "./store/cursor";

export async function getAuth(): Promise<AuthProvider> {
  return (await engine()).auth;
}

/**
 * Whether the store answers: what /healthz reports. server.mjs calls it directly (through the build's
 * entry module) so that a health probe costs no request conversion, routing or rendering.
 */
export async function storeIsHealthy(): Promise<boolean> {
  try {
    return await (await getStore()).ping();
  } catch {
    return false;
  }
}

/** Where uploaded files (avatars) live. */
export async function getFiles(): Promise<FileStore> {
  return (await engine()).files;
}

/** Where notification mail goes; the features say what a mail says and when. */
export async function getMailTransport(): Promise<MailTransport> {
  return (await engine()).mail;
}

/**
 * Web push (decision 046): standard Web Push with VAPID on both engines. The key pair comes from
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or is generated once and kept (DATA_DIR on the embedded engine,
 * the store on Firebase, whose instances share no disk).
 */
export function getPushSender(): Promise<PushSender> {
  if (!globalForEngine.__skillswapPush) {
    const opening = (async () => {
      const env = getServerEnv();
      const [{ createWebPushSender }, { vapidKeysInDirectory, vapidKeysInStore }] = await Promise.all([
        import("./push/web-push.server"),
        import("./push/vapid.server"),
      ]);
      const keys =
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : env.BACKEND === "firebase"
            ? await vapidKeysInStore(await getStore())
            : vapidKeysInDirectory(env.DATA_DIR);
      const origin = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
      const subject =
        env.VAPID_SUBJECT ??
        (origin.protocol === "https:"
          ? origin.origin
          : `mailto:${/<([^>]+)>/.exec(mailSender().from)?.[1] ?? mailSender().from}`);
      const sender = createWebPushSender({
        keys,
        subject,
        ownOrigin: origin.origin,
        testOrigins: (env.PUSH_TEST_ORIGINS ?? "")
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      });
      console.log(`Push: sending through ${sender.description}.`);
      return sender;
    })();
    opening.catch(() => {
      if (globalForEngine.__skillswapPush === opening) globalForEngine.__skillswapPush = undefined;
    });
    globalForEngine.__skillswapPush = opening;
  }
  return globalForEngine.__skillswapPush;
}

/**
 * Whether the member has the app open now: `status/{uid}` on both engines (held by a live stream on
 * the embedded engine, renewed by the open pages' leases on Firebase; decision 034).
 */
export async function isOnline(uid: string): Promise<boolean> {
  return (await getStatus(await getStore(), uid)).state === "online";
}

/**
 * Marks the user online while a live stream of theirs is open; returns the closer. On Firebase
 * each open page renews its own presence lease in Firestore, so the server has nothing to do.
 */
export async function trackPresence(uid: string): Promise<() => void> {
  if (getServerEnv().BACKEND === "firebase") return () => {};
  return openPresence(await getStore(), uid);
}

/**
 * Run by the leader among the worker processes (decision 021): users whose streams were held by a
 * worker that died, or by a server that restarted, go offline. Nothing to do on Firebase, where a
 * lease that is not renewed runs out by itself.
 */
export async function sweepPresence(store: DocStore): Promise<number> {
  if (getServerEnv().BACKEND === "firebase") return 0;
  return sweepEmbeddedPresence(store);
}

/**
 * Run by the leader among the worker processes: deletes sign-in lockouts that have run out, so the
 * embedded engine's `sign_in_lockouts` does not grow forever. Firebase keeps no lockouts (Identity
 * Toolkit throttles sign-ins itself).
 */
export async function sweepSignInLockouts(store: DocStore, now = Date.now()): Promise<number> {
  if (getServerEnv().BACKEND === "firebase") return 0;
  const { sweepExpiredLockouts } = await import("./auth/sign-in-throttle.server");
  return sweepExpiredLockouts(store, now);
}

/**
 * Retention (decision 044): deletes the copies of sent mail older than `before` (the embedded
 * outbox, or the Trigger Email extension's collection on Firebase).
 */
export async function sweepSentMail(store: DocStore, before: number): Promise<number> {
  const { deleteSentMailBefore } = await import("./mail/collection.server");
  return deleteSentMailBefore(store, before);
}

/**
 * Account deletion (issue 32, decision 044): deletes the copies of the sent mails `keys` (the
 * embedded outbox, or the Trigger Email extension's collection on Firebase).
 */
export async function forgetSentMail(store: DocStore, keys: readonly string[]): Promise<number> {
  const { deleteSentMail } = await import("./mail/collection.server");
  return deleteSentMail(store, keys);
}

/**
 * Retention (decision 044): deletes the embedded engine's sessions, reset codes and verification
 * links that have run out. Firebase keeps none of them in the store (its session cookies are
 * self-contained, its codes are Firebase Authentication's).
 */
export async function sweepExpiredSignIns(store: DocStore, now = Date.now()): Promise<number> {
  if (getServerEnv().BACKEND === "firebase") return 0;
  const { deleteExpiredSignIns } = await import("./auth/local.server");
  return deleteExpiredSignIns(store, now);
}

/**
 * Whether timed work (session reminders, auto-completion) runs inside this server process: yes on
 * the embedded engine; on Firebase a scheduler calls /api/cron instead. The server's start-up
 * code (entry.server.tsx) asks this; the engine itself starts nothing.
 */
export function runsTimedWorkInProcess(): boolean {
  return getServerEnv().BACKEND !== "firebase";
}
