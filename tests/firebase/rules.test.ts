/**
 * Security rules (firebase/firestore.rules) with @firebase/rules-unit-testing, against Google's official Cloud Firestore emulator, which
 * tests/setup/cloud-firestore-emulator.ts finds and starts (decision 032); an emulator already
 * running is used instead when FIRESTORE_EMULATOR_HOST names it. Where there is none, the suite is
 * skipped with the one line saying how to get it.
 *
 * Every listener the browser attaches (app/engine/live/firebase.client.ts) is attached here with
 * the same queries (app/engine/live/feeds.ts, built by firebase-queries.ts): allowed for the member
 * it belongs to, refused to anyone else. The one thing a browser writes is its member's presence
 * beat (`status/{uid}`, decision 034), exactly as firebase.client.ts writes it; nothing else.
 */
import { readFileSync } from "node:fs";
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from "@firebase/rules-unit-testing";
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  setLogLevel,
  type Firestore,
} from "firebase/firestore";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  bookingDocOf,
  callMembersOf,
  callMessagesOf,
  chatsOf,
  FEED_NAMES,
  feedSources,
  threadOf,
  unseenMessagesOf,
  type PlainFeedName,
} from "~/engine/live/feeds";
import { PRESENCE_LEASE_MS, getStatus, onlineBeat, statusPath } from "~/documents/status";
import { connectFirestore, openFirestoreStore } from "~/engine/store/firestore.server";
import { buildClientQuery, buildClientSource, type ClientSource } from "~/engine/live/firebase-queries";
import {
  findCloudFirestoreEmulator,
  startCloudFirestoreEmulator,
  type RunningCloudFirestoreEmulator,
} from "../setup/cloud-firestore-emulator";

const runningHost = process.env.FIRESTORE_EMULATOR_HOST;
const found = runningHost ? undefined : findCloudFirestoreEmulator();
const firestoreTitle =
  found && !found.found ? `Firestore security rules (skipped: ${found.reason})` : "Firestore security rules";
const firestoreSuite = found && !found.found ? describe.skip : describe;

function hostPort(host: string): { host: string; port: number } {
  const at = host.lastIndexOf(":");
  return { host: host.slice(0, at), port: Number(host.slice(at + 1)) };
}

/** Attaches a listener as the browser does; resolves on its first answer from the server, rejects when refused. */
function listen(source: ClientSource): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (done: () => void) => {
      stop();
      done();
    };
    const onError = (error: Error) => settle(() => reject(error));
    const stop =
      source.kind === "doc"
        ? onSnapshot(
            source.ref,
            { includeMetadataChanges: true },
            (s) => {
              if (!s.metadata.fromCache) settle(resolve);
            },
            onError,
          )
        : onSnapshot(
            source.query,
            { includeMetadataChanges: true },
            (s) => {
              if (!s.metadata.fromCache) settle(resolve);
            },
            onError,
          );
  });
}

// Each refusal is logged by the SDK as a warning; the assertions say what matters.
setLogLevel("error");

const listenQuery = (db: Firestore, q: Parameters<typeof buildClientQuery>[1]) =>
  listen({ kind: "query", query: buildClientQuery(db, q) });
const listenDoc = (db: Firestore, path: string) => listen({ kind: "doc", ref: doc(db, path) });

const PROJECT_ID = "demo-skillswap-rules";

firestoreSuite(firestoreTitle, () => {
  let env: RulesTestEnvironment;
  let emulator: RunningCloudFirestoreEmulator | undefined;

  beforeAll(async () => {
    if (found?.found) emulator = await startCloudFirestoreEmulator(found);
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: {
        ...hostPort(emulator?.host ?? runningHost!),
        rules: readFileSync("firebase/firestore.rules", "utf8"),
      },
    });
  }, 180_000);

  afterAll(async () => {
    await env?.cleanup();
    await emulator?.stop();
  }, 60_000);

  beforeEach(async () => {
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (admin) => {
      const db = admin.firestore();
      await setDoc(doc(db, "users/alice"), { fullName: "Alice" });
      await setDoc(doc(db, "wallets/alice"), { balance: 200 });
      await setDoc(doc(db, "wallets/alice/transactions/welcome_bonus"), {
        amount: 200,
        type: "welcome_bonus",
        timestamp: 1,
      });
      await setDoc(doc(db, "notifications/alice/messages/n1"), { title: "Hi", read: false, timestamp: 1 });
      await setDoc(doc(db, "chats/alice_bob"), { participants: ["alice", "bob"] });
      await setDoc(doc(db, "chats/alice_bob/messages/m1"), { sender: "bob", seen: false, timestamp: 1 });
      await setDoc(doc(db, "chats/bob_carol"), { participants: ["bob", "carol"] });
      await setDoc(doc(db, "chats/bob_carol/messages/m1"), { sender: "carol", seen: false, timestamp: 1 });
      await setDoc(doc(db, "payments/p1"), { uid: "alice", sp: 100 });
      await setDoc(doc(db, "audit/a1"), {
        actorUid: "alice",
        action: "member.suspend",
        subjectUid: "bob",
        reason: "spam",
        at: 1,
      });
      await setDoc(doc(db, "bookings/b1"), {
        mentorUid: "bob",
        learnerUid: "alice",
        participants: ["bob", "alice"],
        state: "accepted",
      });
      await setDoc(doc(db, "bookings/b1/signals/member_bob"), {
        kind: "member",
        uid: "bob",
        audience: ["bob", "alice"],
        peer: "p-bob-0001",
      });
      await setDoc(doc(db, "bookings/b1/signals/m1"), { kind: "description", from: "bob", to: "alice", createdAt: 1 });
      await setDoc(doc(db, "community/forum/spaces/general"), { name: "General", threadCount: 1 });
      await setDoc(doc(db, "community/forum/threads/t1"), {
        title: "Hello",
        authorUid: "alice",
        hidden: false,
        replyCount: 1,
      });
      await setDoc(doc(db, "community/forum/threads/t1/posts/t1"), {
        authorUid: "alice",
        body: "Hi",
        hidden: false,
        seq: 0,
      });
      await setDoc(doc(db, "community/forum/threads/t1/posts/p2"), {
        authorUid: "bob",
        body: "reported text",
        hidden: true,
        seq: 1,
      });
      await setDoc(doc(db, "community/forum/threads/t1/follows/alice"), { uid: "alice" });
      await setDoc(doc(db, "community/forum/threads/t1/reactions/t1_bob_heart"), { uid: "bob", kind: "heart" });
      await setDoc(doc(db, "reports/post_p2_alice"), {
        targetKind: "post",
        reporterUid: "alice",
        authorUid: "bob",
        status: "open",
      });
      await setDoc(doc(db, "_search/community/entries/x"), { tokens: ["hi"], counts: [1] });
      // The board (decision 039).
      await setDoc(doc(db, "board_posts/bp1"), { authorUid: "alice", status: "active", title: "Guitar lessons" });
      await setDoc(doc(db, "board_posts/bp2"), { authorUid: "bob", status: "hidden", title: "reported text" });
      await setDoc(doc(db, "board_posts/bp3"), { authorUid: "bob", status: "closed", title: "Closed" });
      await setDoc(doc(db, "board_lists/all/entries/e1"), { postId: "bp1", type: "offer" });
      await setDoc(doc(db, "board_proposals/q1"), { postId: "bp1", proposerUid: "bob", posterUid: "alice" });
      await setDoc(doc(db, "swap_links/s1"), { bookingIds: ["b1", "b2"], participants: ["alice", "bob"] });
      await setDoc(doc(db, "board_answers/bp1_message_bob"), {
        postId: "bp1",
        posterUid: "alice",
        answererUid: "bob",
        participants: ["alice", "bob"],
      });
      await setDoc(doc(db, "status/bob"), { state: "online", last_changed: 1, lease_ms: PRESENCE_LEASE_MS });
    });
  });

  // The contexts hand out the compat Firestore, which the modular functions the app uses accept.
  const as = (uid: string | null) =>
    (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).firestore() as unknown as Firestore;
  const alice = () => as("alice");
  const bob = () => as("bob");
  const nobody = () => as(null);

  const carol = () => as("carol");

  it("every feed the browser listens to in Firestore is covered here; the others come from the server", () => {
    const listenedHere = ["profile", "wallet", "transactions", "notifications", "welcomeBonus", "chatUnread"];
    // The inbox joins other members' names, which the rules keep from the browser (firebase.client.ts).
    // The board's newest posts come from its list, served by the server like the forum's (decision 039).
    const fromTheServer = ["inbox", "boardNewest"];
    expect([...FEED_NAMES].sort()).toEqual([...listenedHere, ...fromTheServer].sort());
  });

  it("each member's own feeds (profile, wallet, transactions, notifications, welcome bonus) listen for them alone", async () => {
    for (const feed of ["profile", "wallet", "transactions", "notifications", "welcomeBonus"] as PlainFeedName[]) {
      await assertSucceeds(listen(buildClientSource(alice(), feedSources[feed]("alice"))));
      await assertFails(listen(buildClientSource(bob(), feedSources[feed]("alice"))));
      await assertFails(listen(buildClientSource(nobody(), feedSources[feed]("alice"))));
    }
  });

  it("chatUnread listens to the member's chats and their unseen messages, and to nobody else's", async () => {
    await assertSucceeds(listenQuery(alice(), chatsOf("alice")));
    await assertSucceeds(listenQuery(carol(), chatsOf("carol")));
    await assertFails(listenQuery(bob(), chatsOf("alice")));
    await assertFails(listenQuery(nobody(), chatsOf("alice")));
    await assertSucceeds(listenQuery(alice(), unseenMessagesOf("alice_bob")));
    await assertSucceeds(listenQuery(bob(), unseenMessagesOf("alice_bob")));
    await assertFails(listenQuery(alice(), unseenMessagesOf("bob_carol")));
    await assertFails(listenQuery(nobody(), unseenMessagesOf("alice_bob")));
  });

  it("a thread's messages listen for the pair only, before the chat exists too", async () => {
    await assertSucceeds(listenQuery(alice(), threadOf("alice_bob")));
    await assertSucceeds(listenQuery(alice(), threadOf("alice_carol")));
    await assertFails(listenQuery(carol(), threadOf("alice_bob")));
    await assertFails(listenQuery(bob(), threadOf("alice_carol")));
    await assertFails(listenQuery(nobody(), threadOf("alice_bob")));
  });

  it("the session room's booking and call listen for its two participants only", async () => {
    await assertSucceeds(listenDoc(alice(), bookingDocOf("b1")));
    await assertSucceeds(listenDoc(bob(), bookingDocOf("b1")));
    await assertFails(listenDoc(carol(), bookingDocOf("b1")));
    await assertFails(listenDoc(nobody(), bookingDocOf("b1")));
    await assertSucceeds(listenQuery(alice(), callMembersOf("b1", "alice")));
    await assertSucceeds(listenQuery(alice(), callMessagesOf("b1", "alice")));
    await assertSucceeds(listenQuery(bob(), callMessagesOf("b1", "bob")));
    await assertFails(listenQuery(bob(), callMessagesOf("b1", "alice")));
    await assertFails(listenQuery(carol(), callMembersOf("b1", "alice")));
  });

  it("no browser writes, changes or deletes any document it may read", async () => {
    const readable = [
      "users/alice",
      "wallets/alice",
      "wallets/alice/transactions/welcome_bonus",
      "notifications/alice/messages/n1",
      "chats/alice_bob",
      "chats/alice_bob/messages/m1",
      "bookings/b1",
      "bookings/b1/signals/member_bob",
    ];
    for (const path of readable) {
      await assertFails(setDoc(doc(alice(), path), { touched: true }));
      await assertFails(updateDoc(doc(alice(), path), { touched: true }));
      await assertFails(deleteDoc(doc(alice(), path)));
    }
    // Nor creates one beside them: a new wallet, entry, notification, chat, message, booking or signal.
    for (const path of [
      "wallets/dave",
      "wallets/alice/transactions/t9",
      "notifications/alice/messages/n9",
      "chats/alice_dave",
      "chats/alice_dave/messages/m9",
      "bookings/b9",
      "bookings/b1/signals/s9",
    ])
      await assertFails(setDoc(doc(alice(), path), { participants: ["alice"], uid: "alice" }));
  });

  it("nothing that moves SP is writable from a browser: balances, ledger entries, payments, escrow", async () => {
    await assertFails(updateDoc(doc(alice(), "wallets/alice"), { balance: 1_000_000 }));
    await assertFails(updateDoc(doc(bob(), "wallets/alice"), { balance: 0 }));
    await assertFails(
      setDoc(doc(alice(), "wallets/alice/transactions/gift"), { amount: 500, type: "top_up", timestamp: 2 }),
    );
    await assertFails(setDoc(doc(alice(), "payments/p1"), { uid: "alice", sp: 100, state: "paid" }));
    await assertFails(updateDoc(doc(alice(), "bookings/b1"), { state: "released" }));
    await assertFails(updateDoc(doc(bob(), "bookings/b1"), { state: "completed", price: 0 }));
  });

  it("each user reads only their own profile, wallet, transactions and notifications", async () => {
    for (const path of [
      "users/alice",
      "wallets/alice",
      "wallets/alice/transactions/welcome_bonus",
      "notifications/alice/messages/n1",
    ]) {
      await assertSucceeds(getDoc(doc(alice(), path)));
      await assertFails(getDoc(doc(bob(), path)));
      await assertFails(getDoc(doc(nobody(), path)));
    }
  });

  it("chats and their messages are readable by participants only", async () => {
    await assertSucceeds(
      getDocs(query(collection(alice(), "chats"), where("participants", "array-contains", "alice"))),
    );
    await assertFails(getDocs(collection(alice(), "chats")));
    await assertSucceeds(getDoc(doc(alice(), "chats/alice_bob/messages/m1")));
    await assertSucceeds(getDocs(query(collection(alice(), "chats/alice_bob/messages"), where("seen", "==", false))));
    await assertFails(getDoc(doc(alice(), "chats/bob_carol")));
    await assertFails(getDoc(doc(alice(), "chats/bob_carol/messages/m1")));
  });

  it("a pair's messages are readable before its chat exists, by the pair only", async () => {
    await assertSucceeds(getDocs(collection(alice(), "chats/alice_carol/messages")));
    await assertFails(getDocs(collection(bob(), "chats/alice_carol/messages")));
  });

  it("a booking is readable by its two participants only, and written by the server", async () => {
    await assertSucceeds(getDoc(doc(alice(), "bookings/b1")));
    await assertSucceeds(getDoc(doc(bob(), "bookings/b1")));
    await assertFails(getDoc(doc(env.authenticatedContext("carol").firestore(), "bookings/b1")));
    await assertFails(setDoc(doc(alice(), "bookings/b1"), { state: "completed" }, { merge: true }));
  });

  it("a call's signalling is read by its two participants only: state by both, messages by the addressee", async () => {
    await assertSucceeds(
      getDocs(query(collection(alice(), "bookings/b1/signals"), where("audience", "array-contains", "alice"))),
    );
    await assertSucceeds(getDocs(query(collection(alice(), "bookings/b1/signals"), where("to", "==", "alice"))));
    await assertFails(getDocs(query(collection(bob(), "bookings/b1/signals"), where("to", "==", "alice"))));
    await assertFails(getDocs(collection(carol(), "bookings/b1/signals")));
    await assertFails(getDoc(doc(carol(), "bookings/b1/signals/member_bob")));
    await assertFails(setDoc(doc(alice(), "bookings/b1/signals/x"), { kind: "description", from: "alice", to: "bob" }));
  });

  it("browsers write nothing that holds value", async () => {
    await assertFails(setDoc(doc(alice(), "wallets/alice"), { balance: 1_000_000 }));
    await assertFails(addDoc(collection(alice(), "wallets/alice/transactions"), { amount: 5, type: "top_up" }));
    await assertFails(setDoc(doc(alice(), "payments/p2"), { uid: "alice", sp: 3000 }));
    await assertFails(getDoc(doc(alice(), "payments/p1")));
    await assertFails(addDoc(collection(alice(), "notifications/alice/messages"), { title: "fake" }));
    await assertFails(setDoc(doc(alice(), "users/alice"), { xp: 99_999 }));
    await assertFails(addDoc(collection(alice(), "chats/alice_bob/messages"), { sender: "alice", text: "hi" }));
  });

  it("admin data is server-only: nobody reads, writes or deletes the audit log, not even the admin it names", async () => {
    await assertFails(getDoc(doc(alice(), "audit/a1")));
    await assertFails(getDocs(collection(bob(), "audit")));
    await assertFails(setDoc(doc(alice(), "audit/a1"), { reason: "nothing happened" }));
    await assertFails(deleteDoc(doc(alice(), "audit/a1")));
    await assertFails(setDoc(doc(alice(), "users/alice"), { suspension: null }));
  });

  it("push subscriptions, jobs, settings and the VAPID keys are server-only: no browser reads or writes them (decision 046)", async () => {
    for (const path of ["push_subscriptions/s1", "push_jobs/j1", "push_settings/alice", "push_keys/vapid"]) {
      await assertFails(getDoc(doc(alice(), path)));
      await assertFails(setDoc(doc(alice(), path), { uid: "alice", endpoint: "https://10.0.0.1/x" }));
      await assertFails(deleteDoc(doc(alice(), path)));
    }
    await assertFails(getDocs(collection(alice(), "push_subscriptions")));
  });

  it("the forum, its reports and its search entries are server-only: browsers read and write none of them (decision 018)", async () => {
    for (const path of [
      "community/forum",
      "community/forum/spaces/general",
      "community/forum/threads/t1",
      "community/forum/threads/t1/posts/t1",
      "community/forum/threads/t1/posts/p2",
      "community/forum/threads/t1/follows/alice",
      "community/forum/threads/t1/reactions/t1_bob_heart",
      "reports/post_p2_alice",
      "_search/community/entries/x",
    ]) {
      await assertFails(getDoc(doc(alice(), path)));
      await assertFails(getDoc(doc(nobody(), path)));
    }
    await assertFails(getDocs(collection(alice(), "community/forum/threads")));
    await assertFails(
      getDocs(query(collection(bob(), "community/forum/threads/t1/posts"), where("hidden", "==", false))),
    );
    await assertFails(getDocs(query(collection(alice(), "reports"), where("reporterUid", "==", "alice"))));
    await assertFails(
      setDoc(doc(alice(), "community/forum/threads/t2"), { title: "Mine", authorUid: "alice", hidden: false }),
    );
    await assertFails(
      addDoc(collection(alice(), "community/forum/threads/t1/posts"), { authorUid: "alice", body: "sneaky" }),
    );
    await assertFails(setDoc(doc(alice(), "community/forum/threads/t1/posts/p2"), { hidden: false }, { merge: true }));
    await assertFails(
      setDoc(doc(alice(), "community/forum/threads/t1/reactions/t1_alice_heart"), { uid: "alice", kind: "heart" }),
    );
    await assertFails(deleteDoc(doc(bob(), "reports/post_p2_alice")));
    await assertFails(setDoc(doc(alice(), "reports/post_p2_alice"), { status: "dismissed" }));
    await assertFails(setDoc(doc(alice(), "_search/community/entries/y"), { tokens: ["spam"] }));
  });

  it("board posts are read by signed-in members while on the board, by their poster always, and written by nobody (decision 039)", async () => {
    await assertSucceeds(getDoc(doc(bob(), "board_posts/bp1")));
    await assertSucceeds(getDoc(doc(carol(), "board_posts/bp1")));
    await assertFails(getDoc(doc(nobody(), "board_posts/bp1")));
    // hidden and closed posts reach their poster only
    await assertSucceeds(getDoc(doc(bob(), "board_posts/bp2")));
    await assertFails(getDoc(doc(alice(), "board_posts/bp2")));
    await assertFails(getDoc(doc(alice(), "board_posts/bp3")));
    await assertSucceeds(getDocs(query(collection(carol(), "board_posts"), where("status", "==", "active"))));
    await assertSucceeds(getDocs(query(collection(bob(), "board_posts"), where("authorUid", "==", "bob"))));
    await assertFails(getDocs(collection(alice(), "board_posts")));
    await assertFails(setDoc(doc(alice(), "board_posts/bp9"), { authorUid: "alice", status: "active", title: "Mine" }));
    await assertFails(setDoc(doc(alice(), "board_posts/bp1"), { title: "Changed" }, { merge: true }));
    await assertFails(setDoc(doc(bob(), "board_posts/bp2"), { status: "active" }, { merge: true }));
    await assertFails(deleteDoc(doc(alice(), "board_posts/bp1")));
    // lists, proposals, swap links and answers (decision 070) come through the server only
    for (const path of [
      "board_lists/all/entries/e1",
      "board_proposals/q1",
      "swap_links/s1",
      "board_answers/bp1_message_bob",
    ]) {
      await assertFails(getDoc(doc(alice(), path)));
      await assertFails(getDoc(doc(bob(), path)));
      await assertFails(setDoc(doc(alice(), path), { postId: "bp1" }));
    }
    await assertFails(getDocs(collection(alice(), "board_lists/all/entries")));
    await assertFails(getDocs(query(collection(alice(), "board_answers"), where("posterUid", "==", "alice"))));
  });

  it("presence: any signed-in member listens to anyone's status (as the presence feed does); nobody signed out", async () => {
    await assertSucceeds(listenDoc(alice(), statusPath("bob")));
    await assertSucceeds(listenDoc(alice(), statusPath("alice")));
    await assertSucceeds(listenDoc(carol(), statusPath("dave")));
    await assertFails(listenDoc(nobody(), statusPath("bob")));
    await assertFails(getDoc(doc(nobody(), statusPath("bob"))));
    // The directory's query (who is online) is server-side, but a browser asking it is not refused.
    await assertSucceeds(getDocs(query(collection(alice(), "status"), where("state", "==", "online"))));
    await assertFails(getDocs(query(collection(nobody(), "status"), where("state", "==", "online"))));
  });

  it("presence: a member's page writes their own beat, at the server's time, for the app's lease", async () => {
    await assertSucceeds(setDoc(doc(alice(), statusPath("alice")), onlineBeat(serverTimestamp())));
    await assertSucceeds(setDoc(doc(alice(), statusPath("alice")), onlineBeat(serverTimestamp())));
    await assertSucceeds(updateDoc(doc(alice(), statusPath("alice")), onlineBeat(serverTimestamp())));
    await assertSucceeds(setDoc(doc(bob(), statusPath("bob")), onlineBeat(serverTimestamp())));
  });

  it("presence: nobody writes another member's status, signed out or signed in", async () => {
    await assertFails(setDoc(doc(bob(), statusPath("alice")), onlineBeat(serverTimestamp())));
    await assertFails(updateDoc(doc(alice(), statusPath("bob")), onlineBeat(serverTimestamp())));
    await assertFails(setDoc(doc(nobody(), statusPath("alice")), onlineBeat(serverTimestamp())));
    await assertFails(deleteDoc(doc(alice(), statusPath("bob"))));
  });

  it("presence: a beat with a time, a lease, a state or a field the app does not write is refused; no delete", async () => {
    const mine = () => doc(alice(), statusPath("alice"));
    const beat = onlineBeat(serverTimestamp());
    // A time the browser picks: to look online for a month, or seen long ago.
    await assertFails(setDoc(mine(), { ...beat, last_changed: Date.now() + 30 * 86_400_000 }));
    await assertFails(setDoc(mine(), { ...beat, last_changed: 0 }));
    // A longer lease, none, or none at all.
    await assertFails(setDoc(mine(), { ...beat, lease_ms: PRESENCE_LEASE_MS * 1000 }));
    await assertFails(setDoc(mine(), { ...beat, lease_ms: 0 }));
    await assertFails(setDoc(mine(), { state: "online", last_changed: serverTimestamp() }));
    // Another state, or anything beside the three fields.
    await assertFails(setDoc(mine(), { ...beat, state: "away" }));
    await assertFails(setDoc(mine(), { ...beat, state: "offline" }));
    await assertFails(setDoc(mine(), { ...beat, balance: 1_000_000 }));
    await assertSucceeds(setDoc(mine(), beat));
    await assertFails(deleteDoc(mine()));
  });

  it("presence: the server reads a page's beat (a server timestamp) as online until its lease runs out", async () => {
    const store = openFirestoreStore(
      connectFirestore({ projectId: PROJECT_ID, emulatorHost: emulator?.host ?? runningHost }),
    );
    try {
      await setDoc(doc(alice(), statusPath("alice")), onlineBeat(serverTimestamp()));
      const beat = await getStatus(store, "alice");
      expect(beat.state).toBe("online");
      expect(Math.abs(beat.last_changed - Date.now())).toBeLessThan(60_000);
      expect((await getStatus(store, "alice", beat.last_changed + PRESENCE_LEASE_MS - 1)).state).toBe("online");
      expect(await getStatus(store, "alice", beat.last_changed + PRESENCE_LEASE_MS)).toEqual({
        ...beat,
        state: "offline",
      });
    } finally {
      await store.close();
    }
  });
});
