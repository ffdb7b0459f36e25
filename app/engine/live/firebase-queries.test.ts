import { deleteApp, initializeApp } from "firebase/app";
import { collection, doc, getFirestore, limit, orderBy, query, queryEqual, refEqual, where } from "firebase/firestore";
import { afterAll, describe, expect, it } from "vitest";
import { chatsOf, feedSources, threadOf, unseenMessagesOf } from "./feeds";
import { buildClientQuery, buildClientSource } from "./firebase-queries";

// Building references needs no connection: nothing here talks to a server.
const app = initializeApp({ projectId: "demo-skillswap-queries", apiKey: "demo" }, "queries-test");
const db = getFirestore(app);
afterAll(() => deleteApp(app));

function sdkQueryOf(source: ReturnType<(typeof feedSources)["transactions"]>) {
  if (source.kind !== "query") throw new Error("expected a query source");
  return buildClientQuery(db, source.query);
}

describe("the feed catalogue as client-SDK queries (SPEC.md §7)", () => {
  it("wallets/{uid} is a document reference", () => {
    const source = buildClientSource(db, feedSources.wallet("u1"));
    expect(source.kind === "doc" && refEqual(source.ref, doc(db, "wallets/u1"))).toBe(true);
  });

  it("the profile is users/{uid}", () => {
    const source = buildClientSource(db, feedSources.profile("u1"));
    expect(source.kind === "doc" && refEqual(source.ref, doc(db, "users/u1"))).toBe(true);
  });

  it("transactions: ordered by timestamp descending, latest 3", () => {
    const expected = query(collection(db, "wallets/u1/transactions"), orderBy("timestamp", "desc"), limit(3));
    expect(queryEqual(sdkQueryOf(feedSources.transactions("u1")), expected)).toBe(true);
    expect(
      queryEqual(
        sdkQueryOf(feedSources.transactions("u1")),
        query(collection(db, "wallets/u1/transactions"), orderBy("timestamp", "asc"), limit(3)),
      ),
    ).toBe(false);
  });

  it("notifications/{uid}/messages: descending by timestamp, limit 20", () => {
    const expected = query(collection(db, "notifications/u1/messages"), orderBy("timestamp", "desc"), limit(20));
    expect(queryEqual(sdkQueryOf(feedSources.notifications("u1")), expected)).toBe(true);
  });

  it("the welcome_bonus transaction, limit 1", () => {
    const expected = query(collection(db, "wallets/u1/transactions"), where("type", "==", "welcome_bonus"), limit(1));
    expect(queryEqual(sdkQueryOf(feedSources.welcomeBonus("u1")), expected)).toBe(true);
  });

  it("chats where participants contains the uid, and each chat's unseen messages", () => {
    expect(
      queryEqual(
        buildClientQuery(db, chatsOf("u1")),
        query(collection(db, "chats"), where("participants", "array-contains", "u1")),
      ),
    ).toBe(true);
    expect(
      queryEqual(
        buildClientQuery(db, unseenMessagesOf("c9")),
        query(collection(db, "chats/c9/messages"), where("seen", "==", false)),
      ),
    ).toBe(true);
  });

  it("a chat thread: newest messages first, capped", () => {
    const built = buildClientQuery(db, threadOf("c9"));
    expect(queryEqual(built, query(collection(db, "chats/c9/messages"), orderBy("timestamp", "desc"), limit(50)))).toBe(
      true,
    );
  });
});
