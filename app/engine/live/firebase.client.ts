/**
 * The Firebase engine's LiveTransport: the browser listens to Firestore itself (SPEC.md §7) and
 * renews its own presence there (`status/{uid}`, a lease per beat, decision 034). It signs the client SDK in with a custom token
 * the server mints for the session's user (in-memory persistence: the session cookie stays the one
 * credential that outlives the page). Loaded only in Firebase mode, by transport.client.ts.
 *
 * Feeds that need other members' documents (the inbox joins their names) are not readable under
 * the security rules, so they keep coming from the server's stream (`fallback`); so do the notices,
 * whose built-in skills the server names in the tab's language (decision 111).
 */
import { initializeApp, deleteApp, type FirebaseApp } from "firebase/app";
import {
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  signInWithCustomToken,
  type Auth,
} from "firebase/auth";
import {
  Timestamp,
  connectFirestoreEmulator,
  doc,
  getDocFromServer,
  initializeFirestore,
  onSnapshot,
  persistentLocalCache,
  persistentMultipleTabManager,
  serverTimestamp,
  setDoc,
  type DocumentSnapshot,
  type Firestore,
  type QuerySnapshot,
  type SnapshotListenOptions,
  type SnapshotMetadata,
} from "firebase/firestore";
import {
  bookingDocOf,
  bookingPayload,
  chatMessagesPayload,
  feedParam,
  feedSources,
  presenceEntry,
  threadOf,
  toPayload,
  type BookingFeed,
  type CallFeed,
  type FeedName,
  type FeedPayloads,
  type PlainFeedName,
} from "./feeds";
import { PRESENCE_BEAT_MS, leaseEndOf, onlineBeat, readStatus, statusPath } from "~/documents/status";
import type { FirebaseWebConfig } from "~/utils/env.server";
import type { Doc, DocData } from "../store/types";
import { fetchClientToken } from "../firebase/client-token.client";
import { composeCall } from "./call-feed";
import { composeChatUnread, type WatchQuery } from "./chat-unread";
import { buildClientQuery, buildClientSource } from "./firebase-queries";
import type { LiveTransport } from "./types";

type Stop = () => void;
type Emit = (payload: unknown) => void;
type Fail = (error: Error) => void;

const PLAIN_FEEDS = new Set<string>(["profile", "wallet", "transactions", "welcomeBonus"]);

function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toMillis();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

const docOf = (snapshot: DocumentSnapshot): Doc | null =>
  snapshot.exists() ? { id: snapshot.id, path: snapshot.ref.path, data: plain(snapshot.data()) as DocData } : null;
const docsOf = (snapshot: QuerySnapshot): Doc[] => snapshot.docs.map((d) => docOf(d)!);

/** Metadata changes too, so that the first answer from the server is seen even when it matches the cache. */
const WITH_METADATA: SnapshotListenOptions = { includeMetadataChanges: true };

/**
 * Skips cache-only snapshots until the server has answered once. The page already shows the
 * server's first paint, which is newer than any cache; when Firestore cannot be reached the SDK
 * raises cache snapshots instead of errors (an empty cache reads as "no wallet", i.e. 0 SP), and
 * those must not replace it (SPEC.md §8: a failing listener keeps the page usable).
 */
function afterServerAnswer<S extends { metadata: SnapshotMetadata }>(
  handle: (snapshot: S) => void,
): (snapshot: S) => void {
  let answered = false;
  return (snapshot) => {
    if (!answered && snapshot.metadata.fromCache) return;
    answered = true;
    handle(snapshot);
  };
}

function hostAndPort(host: string): [string, number] {
  const at = host.lastIndexOf(":");
  return [host.slice(0, at), Number(host.slice(at + 1))];
}

/** Watches a query with a Firestore listener that waits for the server. */
function watcher(db: Firestore): WatchQuery {
  return (query, onDocs, onError) =>
    onSnapshot(
      buildClientQuery(db, query),
      WITH_METADATA,
      afterServerAnswer((snapshot: QuerySnapshot) => onDocs(docsOf(snapshot))),
      onError,
    );
}

/** Server time as this page estimates it (presence leases are written in the server's time). */
type ServerNow = () => number;

/**
 * The members' status documents, re-read when a lease runs out: a closed tab writes nothing, so
 * no snapshot says that its member went offline.
 */
function watchPresence(db: Firestore, serverNow: ServerNow, uids: string[], emit: Emit, fail: Fail): Stop {
  const current: Record<string, DocData | null> = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  function publish() {
    clearTimeout(timer);
    const now = serverNow();
    emit(Object.fromEntries(uids.map((uid) => [uid, presenceEntry(current[uid], now)])));
    const ends = uids.flatMap((uid) => leaseEndOf(readStatus(current[uid], now)) ?? []);
    if (ends.length > 0) timer = setTimeout(publish, Math.min(...ends) - now + 1);
  }
  const stops = uids.map((uid) =>
    onSnapshot(
      doc(db, statusPath(uid)),
      WITH_METADATA,
      afterServerAnswer((snapshot: DocumentSnapshot) => {
        current[uid] = docOf(snapshot)?.data ?? null;
        if (uids.every((u) => u in current)) publish();
      }),
      fail,
    ),
  );
  return () => {
    clearTimeout(timer);
    stops.forEach((stop) => stop());
  };
}

/**
 * Online while this page is open: every PRESENCE_BEAT_MS (and whenever the page is shown again)
 * it renews `status/{uid}` with a lease of PRESENCE_LEASE_MS from the server's time, which the
 * rules require. A closed or frozen page stops renewing and reads offline when the lease runs out.
 * The first beat also measures this browser's clock against the server's (`onOffset`).
 */
function publishPresence(db: Firestore, uid: string, onOffset: (offsetMs: number) => void): Stop {
  const ref = doc(db, statusPath(uid));
  let pending = false;
  let measured = false;
  async function renew() {
    const sent = Date.now();
    await setDoc(ref, onlineBeat(serverTimestamp()));
    if (measured) return;
    measured = true;
    const acknowledged = Date.now();
    const written = readStatus(docOf(await getDocFromServer(ref))?.data, 0).last_changed;
    if (written > 0) onOffset((sent + acknowledged) / 2 - written);
  }
  function beat() {
    // A beat still waiting (offline) is enough: Firestore sends it on reconnecting.
    if (pending) return;
    pending = true;
    renew()
      .catch((error: unknown) => console.warn("presence: could not mark online", error))
      .finally(() => (pending = false));
  }
  const onVisible = () => {
    if (document.visibilityState === "visible") beat();
  };
  beat();
  const interval = setInterval(beat, PRESENCE_BEAT_MS);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(interval);
    document.removeEventListener("visibilitychange", onVisible);
  };
}

let signedInAuth: Promise<Auth> | undefined;

/** The live session's ID token, for `Authorization: Bearer` (POST /api/create-checkout-session); null when signed out. */
export async function currentIdToken(): Promise<string | null> {
  const auth = await signedInAuth?.catch(() => undefined);
  return (await auth?.currentUser?.getIdToken()) ?? null;
}

export async function createFirebaseTransport(
  config: FirebaseWebConfig,
  fallback: LiveTransport,
): Promise<LiveTransport> {
  const app: FirebaseApp = initializeApp(
    {
      apiKey: config.apiKey,
      authDomain: config.authDomain,
      projectId: config.projectId,
      appId: config.appId,
    },
    "skillswap-live",
  );
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  const db = initializeFirestore(app, {
    localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
  });
  if (config.emulators.auth) connectAuthEmulator(auth, `http://${config.emulators.auth}`, { disableWarnings: true });
  if (config.emulators.firestore) connectFirestoreEmulator(db, ...hostAndPort(config.emulators.firestore));

  const signedIn = fetchClientToken().then(async ({ token }) => (await signInWithCustomToken(auth, token)).user.uid);
  signedInAuth = signedIn.then(() => auth);
  const stops = new Set<Stop>();
  // This browser's clock minus the server's, once the first beat has measured it.
  let clockOffset = 0;
  const serverNow: ServerNow = () => Date.now() - clockOffset;
  void signedIn.then(
    (uid) => stops.add(publishPresence(db, uid, (offset) => (clockOffset = offset))),
    () => {},
  );

  function attach(uid: string, feed: FeedName, emit: Emit, fail: Fail): Stop {
    if (PLAIN_FEEDS.has(feed)) {
      const key = feed as PlainFeedName;
      const shape = toPayload[key] as (value: Doc | Doc[] | null) => unknown;
      const source = buildClientSource(db, feedSources[key](uid));
      return source.kind === "doc"
        ? onSnapshot(
            source.ref,
            WITH_METADATA,
            afterServerAnswer((s: DocumentSnapshot) => emit(shape(docOf(s)))),
            fail,
          )
        : onSnapshot(
            source.query,
            WITH_METADATA,
            afterServerAnswer((s: QuerySnapshot) => emit(shape(docsOf(s)))),
            fail,
          );
    }
    if (feed === "chatUnread") return composeChatUnread(watcher(db), uid, emit, fail);
    if (feed.startsWith("call:")) return composeCall(watcher(db), feedParam(feed as CallFeed), uid, emit, fail);
    if (feed.startsWith("chatMessages:")) {
      const q = buildClientQuery(db, threadOf(feedParam(feed as `chatMessages:${string}`)));
      return onSnapshot(
        q,
        WITH_METADATA,
        afterServerAnswer((s: QuerySnapshot) => emit(chatMessagesPayload(docsOf(s)))),
        fail,
      );
    }
    if (feed.startsWith("booking:")) {
      const ref = doc(db, bookingDocOf(feedParam(feed as BookingFeed)));
      return onSnapshot(
        ref,
        WITH_METADATA,
        afterServerAnswer((s: DocumentSnapshot) => emit(bookingPayload(docOf(s)))),
        fail,
      );
    }
    if (feed.startsWith("presence:"))
      return watchPresence(db, serverNow, feedParam(feed as `presence:${string}`).split("."), emit, fail);
    throw new Error(`No Firestore listener for feed ${feed}`);
  }

  return {
    subscribe<F extends FeedName>(
      feed: F,
      onData: (payload: FeedPayloads[F]) => void,
      onError?: (error: Error) => void,
    ) {
      // Server-composed feeds: the inbox joins names; a forum thread joins names and must never
      // hand a hidden post's text to a browser, which rules cannot redact (decision 018); the
      // board's newest posts read its list, as the forum's list feed (decision 039); the notices'
      // skills are named from the taxonomy, which the browser does not carry (decision 111).
      if (
        feed === "inbox" ||
        feed === "notifications" ||
        feed === "boardNewest" ||
        feed.startsWith("forumThread:") ||
        feed.startsWith("forumThreads:")
      )
        return fallback.subscribe(feed, onData, onError);
      let stop: Stop | undefined;
      let cancelled = false;
      const fail: Fail = (error) => onError?.(error);
      signedIn.then((uid) => {
        if (cancelled) return;
        stop = attach(uid, feed, onData as Emit, fail);
        stops.add(stop);
      }, fail);
      return () => {
        cancelled = true;
        if (stop) {
          stop();
          stops.delete(stop);
        }
      };
    },
    close() {
      for (const stop of stops) stop();
      stops.clear();
      fallback.close();
      void deleteApp(app);
    },
  };
}
