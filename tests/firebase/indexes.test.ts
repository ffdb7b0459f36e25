/**
 * firebase/firestore.indexes.json has a composite index for every query the app makes that needs
 * one. Queries are taken from the code itself where possible: the feed catalogue's pure builders,
 * and server functions run against a store that records what they ask (and finds nothing). The few
 * queries that only run on existing data are listed by hand below, and a scan of app/ fails when a
 * file that queries the store is in neither group.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DocStore, Query, Transaction } from "~/engine/store/types";
import { listBookingsFor, pendingRequestsFor, releaseWaitingPayouts } from "~/features/bookings/bookings.server";
import { loadProgress } from "~/features/progress/progress.server";
import { runDueWork } from "~/features/bookings/scheduler.server";
import { batchChatMail } from "~/features/mail/chat-batch.server";
import { deliverDueMail } from "~/features/mail/delivery.server";
import { deliverDuePushes } from "~/features/push/delivery.server";
import { queueSessionStarts } from "~/features/push/queue.server";
import { listSubscriptions } from "~/features/push/subscriptions.server";
import { loadBookingPanel, loadWaitingPayouts } from "~/features/bookings/views.server";
import {
  callMembersOf,
  callMessagesOf,
  chatsOf,
  feedSources,
  inboxOf,
  threadOf,
  unseenMessagesOf,
} from "~/engine/live/feeds";
import { findMatches } from "~/features/matches/matches.server";
import { savedUids } from "~/features/members/saved.server";
import { listNotifications, markAllRead } from "~/features/notifications/notifications.server";
import { onboardingState } from "~/features/onboarding/onboarding.server";
import { reviewsOfBooking, reviewsReceived } from "~/features/reviews/reviews.server";
import { membersWithSkill } from "~/features/skills/skills.server";
import { listEntries } from "~/features/wallet/ledger.server";
import { reconcileAll, reconcileWallet } from "~/features/wallet/reconcile.server";
import type { AuthProvider } from "~/engine/auth/types";
import type { FileStore } from "~/engine/files/types";
import { runRetention } from "~/features/retention/retention.server";
import { EXPORT_KINDS, exportLines } from "~/features/admin/exports.server";
import { listAudit } from "~/features/admin/audit.server";
import { listDisputes } from "~/features/admin/disputes.server";
import { memberRows } from "~/features/admin/member-list.server";
import { computeOverview } from "~/features/admin/metrics.server";
import { listReports, reportsOfMember } from "~/features/reports/reports.server";
import { listPayments } from "~/features/admin/payments.server";
import { postsQuery, threadListQuery } from "~/features/community/read.server";
import { SORTS } from "~/features/community/rules";
import { moderationQueue } from "~/features/admin/reports.server";
import { mentionCandidates } from "~/features/community/mentions.server";
import { forumNewestOf, forumPostsOf } from "~/engine/live/feeds";
import { lapseDueProposals } from "~/features/board/proposals.server";
import { answersOnPostQuery } from "~/features/board/answers.server";
import { listBoard, listMyPosts } from "~/features/board/read.server";
import { readFilters } from "~/features/board/rules";
import { gatherDigest, readSharedActivity, readSharedPosts } from "~/features/digest/gather.server";
import { queueDueDigests } from "~/features/digest/run.server";
import { findIndex, queryOfStructured, requiredIndex, type CompositeIndex } from "./required-index";

const { indexes } = JSON.parse(readFileSync("firebase/firestore.indexes.json", "utf8")) as {
  indexes: CompositeIndex[];
};

/** A store with no documents that remembers every query it is asked. */
function recordingStore(recorded: Query[]): DocStore {
  const tx: Transaction = {
    get: async () => null,
    query: async (q) => (recorded.push(q), []),
    create: () => {},
    set: () => {},
    update: () => {},
    delete: () => {},
    indexText: () => {},
  };
  return {
    get: async () => null,
    getAll: async (paths) => paths.map(() => null),
    query: async (q) => (recorded.push(q), []),
    create: async () => {},
    set: async () => {},
    update: async () => {},
    delete: async () => {},
    transaction: (fn) => fn(tx),
    watchDoc: () => () => {},
    watchQuery: (q) => (recorded.push(q), () => {}),
    watchQueryChanges: (q) => (recorded.push(q), () => {}),
    search: async () => [],
    ping: async () => true,
    close: async () => {},
  };
}

const UID = "u1";

const BOARD_VIEWER = { uid: UID, teaches: ["guitar"], wants: ["cooking"], language: "en" };

/** Server functions whose queries are recorded; each must make at least one. */
const PROBES: Record<string, (store: DocStore) => Promise<unknown>> = {
  "bookings.server listBookingsFor": (s) => listBookingsFor(s, UID, { from: 0, to: 1 }),
  "bookings.server pendingRequestsFor": (s) => pendingRequestsFor(s, UID),
  "bookings.server releaseWaitingPayouts": (s) => releaseWaitingPayouts(s, UID),
  "progress.server loadProgress": (s) => loadProgress(s, UID),
  "scheduler.server runDueWork": (s) => runDueWork(s, 1_000_000),
  "mail chat-batch.server batchChatMail": (s) => batchChatMail(s, async () => false, 1_000_000),
  "mail delivery.server deliverDueMail": (s) =>
    deliverDueMail(
      s,
      {
        transport: { description: "none", send: async () => {} },
        recipient: async () => null,
        origin: "http://x",
        unsubscribeSecret: "x",
      },
      1_000_000,
    ),
  "push delivery.server deliverDuePushes": (s) =>
    deliverDuePushes(
      s,
      {
        publicKey: "",
        description: "none",
        refuseEndpoint: async () => null,
        send: async () => ({ outcome: "delivered", status: 201 }),
      },
      1_000_000,
    ),
  "push queue.server queueSessionStarts": (s) => queueSessionStarts(s, 1_000_000),
  "push subscriptions.server listSubscriptions": (s) => listSubscriptions(s, UID),
  "views.server loadBookingPanel": (s) => loadBookingPanel(s, "mentor", { uid: UID, language: "en" }),
  "views.server loadWaitingPayouts": (s) => loadWaitingPayouts(s, UID, "en"),
  "matches.server findMatches": (s) => findMatches(s, { uid: UID, profile: null }, { language: "en" }),
  "saved.server savedUids": (s) => savedUids(s, UID),
  "notifications.server listNotifications": (s) => listNotifications(s, UID),
  "notifications.server markAllRead": (s) => markAllRead(s, UID),
  "onboarding.server onboardingState": (s) =>
    onboardingState(s, UID, { tourCompleted: true, welcomeBonusShown: false }),
  "reviews.server reviewsOfBooking": (s) => reviewsOfBooking(s, "b1"),
  "reviews.server reviewsReceived": (s) => reviewsReceived(s, UID),
  "skills.server membersWithSkill": (s) => membersWithSkill(s, "cooking", "teachers"),
  "ledger.server listEntries": (s) => listEntries(s, UID, { limit: 20, before: 1_000 }),
  "reconcile.server reconcileWallet": (s) => reconcileWallet(s, UID),
  "reconcile.server reconcileAll": (s) => reconcileAll(s),
  "audit.server listAudit, by action": (s) => listAudit(s, { action: "member.suspend" }, { limit: 50, before: 5 }),
  "audit.server listAudit, by member": (s) => listAudit(s, { subjectUid: UID }, { limit: 50 }),
  "audit.server listAudit, by actor": (s) => listAudit(s, { actorUid: UID }, { limit: 50 }),
  "audit.server listAudit, by action and member": (s) =>
    listAudit(s, { action: "member.suspend", subjectUid: UID }, { limit: 50, before: 5 }),
  "audit.server listAudit, all": (s) => listAudit(s, {}, { limit: 50, before: 5 }),
  "metrics.server computeOverview": (s) => computeOverview(s, 1_000_000),
  "reports.server listReports": (s) => listReports(s, "open"),
  "reports.server reportsOfMember": (s) => reportsOfMember(s, UID),
  "mentions.server mentionCandidates": (s) => mentionCandidates(s, "an", UID),
  "disputes.server listDisputes": (s) => listDisputes(s, "en"),
  "admin payments.server listPayments": (s) => listPayments(s, { before: 5, language: "en" }),
  "admin reports.server moderationQueue, hidden": (s) => moderationQueue(s, "hidden", "en"),
  "board proposals.server lapseDueProposals": (s) => lapseDueProposals(s, 1_000_000),
  "board read.server listMyPosts": (s) => listMyPosts(s, UID),
  "board read.server listBoard, filtered": (s) =>
    listBoard(s, BOARD_VIEWER, readFilters(new URLSearchParams("type=need&format=online&price=swap&skill=cooking")), {
      cursor: null,
      page: 0,
    }),
  "board read.server listBoard, matches me, best fit": (s) =>
    listBoard(s, BOARD_VIEWER, readFilters(new URLSearchParams("mine=1&sort=fit")), { cursor: null, page: 0 }),
  "admin exports.server, every export": async (s) => {
    const auth = { getUsers: async () => [] } as unknown as AuthProvider;
    for (const kind of EXPORT_KINDS) for await (const line of exportLines(kind, s, auth)) void line;
  },
  "retention.server runRetention": (s) =>
    runRetention({
      store: s,
      files: {} as FileStore,
      now: 1_000_000,
      periods: { sentMailDays: 30, readNotificationDays: 180 },
    }),
  "digest gather.server gatherDigest": (s) =>
    gatherDigest(
      s,
      { uid: UID, teachTags: [], learnTags: [], createdAt: 0 },
      { from: 1_000, to: 2_000 },
      { newcomers: [], posts: [], chatsOf: new Map(), sessionsOf: new Map() },
    ),
  "digest gather.server readSharedPosts": (s) => readSharedPosts(s, 1_000),
  "digest gather.server readSharedActivity": (s) => readSharedActivity(s, 1_000, 2_000, 3_000),
  "digest run.server queueDueDigests": (s) => queueDueDigests(s, 1_000_000),
  "admin member-list.server memberRows": (s) =>
    memberRows({ store: s, auth: { getUsers: async () => [] } as unknown as AuthProvider }),
};

/** Queries that only run once documents exist (a chat, a booking, a full ledger page), by hand. */
const LISTED: Record<string, Query> = {
  "admin exports.server, a member's ledger entries": {
    collection: `wallets/${UID}/transactions`,
    orderBy: [["timestamp", "asc"]],
    limit: 500,
  },
  "admin exports.server, the next page": {
    collection: "bookings",
    where: [["createdAt", ">", 5]],
    orderBy: [["createdAt", "asc"]],
    limit: 500,
  },
  "retention.server sweepReadNotifications": {
    collection: `notifications/${UID}/messages`,
    where: [
      ["read", "==", true],
      ["timestamp", "<", 5],
    ],
    limit: 200,
  },
  "signals.server postSignal join, sent": { collection: "bookings/b1/signals", where: [["from", "==", UID]] },
  "signals.server postSignal join, received": { collection: "bookings/b1/signals", where: [["to", "==", UID]] },
  "chat.server markSeen": { collection: "chats/c1/messages", where: [["seen", "==", false]], limit: 200 },
  "session-room.server loadSessionRoom": {
    collection: "chats/c1/messages",
    orderBy: [["timestamp", "desc"]],
    limit: 50,
  },
  "ledger.server listEntries, same-time page end": {
    collection: `wallets/${UID}/transactions`,
    where: [["timestamp", "==", 5]],
  },
  "ledger.server hasEntryBefore": {
    collection: `wallets/${UID}/transactions`,
    where: [["timestamp", "<", 5]],
    limit: 1,
  },
  "delete-account.server deleteCollection": { collection: `wallets/${UID}/transactions`, limit: 200 },
  "disputes.server listDisputes, the pair's messages": {
    collection: "chats/c1/messages",
    orderBy: [["timestamp", "desc"]],
    limit: 30,
  },
  "admin.members.$uid sessions as learner": { collection: "bookings", where: [["learnerUid", "==", UID]] },
  "admin.members.$uid sessions as mentor": { collection: "bookings", where: [["mentorUid", "==", UID]] },
  "admin reports.server messageContext, before": {
    collection: "chats/c1/messages",
    where: [["timestamp", "<", 5]],
    orderBy: [["timestamp", "desc"]],
    limit: 3,
  },
  "admin reports.server messageContext, after": {
    collection: "chats/c1/messages",
    where: [["timestamp", ">", 5]],
    orderBy: [["timestamp", "asc"]],
    limit: 3,
  },
  "chat moderation.server prepareMessageVisibility, latest": {
    collection: "chats/c1/messages",
    orderBy: [["timestamp", "desc"]],
    limit: 1,
  },
  "reports.server restoreReported, the target's hidden reports": {
    collection: "reports",
    where: [
      ["targetId", "==", "p1"],
      ["status", "==", "hidden"],
    ],
  },
  "subscriptions customer.server, the member of a Stripe customer": {
    collection: "billing_customers",
    where: [["customerId", "==", "cus_1"]],
    limit: 1,
  },
  "members directory.server, newest members": { collection: "users", orderBy: [["createdAt", "desc"]], limit: 2000 },
  "mail delivery.server compose, the latest messages of a chat": {
    collection: "chats/c1/messages",
    orderBy: [["timestamp", "desc"]],
    limit: 5,
  },
  "members directory.server, teaching": { collection: "teaching", limit: 4000 },
  "members picture-migration.server convertStoredPictures, every member": { collection: "users" },
  "members directory.server, online now": { collection: "status", where: [["state", "==", "online"]], limit: 4000 },
  "subscriptions read.server, credited periods": {
    collection: `subscriptions/${UID}/periods`,
    orderBy: [["paidAt", "desc"]],
    limit: 24,
  },
  "refunds.server applyRefund, by payment intent": {
    collection: "payments",
    where: [["providerIds.paymentIntentId", "==", "pi_1"]],
    limit: 1,
  },
  "reports.server reviewReport, the target's open reports": {
    collection: "reports",
    where: [
      ["targetId", "==", "p1"],
      ["status", "==", "open"],
    ],
  },
  "board post-alerts.server runPostAlerts, posts since the cursor": {
    collection: "board_posts",
    where: [["createdAt", ">=", 5]],
    orderBy: [["createdAt", "asc"]],
    limit: 21,
  },
  "board proposals.server proposalsOnPost, the poster's": {
    collection: "board_proposals",
    where: [["postId", "==", "p1"]],
    orderBy: [["createdAt", "desc"]],
    limit: 50,
  },
  "board proposals.server proposalsOnPost, a proposer's own": {
    collection: "board_proposals",
    where: [
      ["postId", "==", "p1"],
      ["proposerUid", "==", UID],
    ],
    orderBy: [["createdAt", "desc"]],
    limit: 50,
  },
  // Decision 070: a post's answers by message or booking on /board/mine, the latest first; and the
  // post's answers deleted with it (an equality).
  "board answers.server answersOnPostQuery": answersOnPostQuery("p1"),
  "board answers.server prepareDeletingAnswers": { collection: "board_answers", where: [["postId", "==", "p1"]] },
  ...exportQueries(),
  ...forumQueries(),
};

/** The member's data archive (issue 32): paged reads in one field's order, and equality reads; no composite index. */
function exportQueries(): Record<string, Query> {
  const page = (collection: string, field: string): Query => ({
    collection,
    where: [[field, ">=", 5]],
    orderBy: [[field, "asc"]],
    limit: 500,
  });
  return {
    "export export.server runExportWork, waiting archives": {
      collection: "data_exports",
      where: [["state", "in", ["queued", "building"]]],
      limit: 20,
    },
    "export areas.server ledger page": page(`wallets/${UID}/transactions`, "timestamp"),
    "export areas.server messages page": page("chats/c1/messages", "timestamp"),
    "export areas.server notifications page": page(`notifications/${UID}/messages`, "timestamp"),
    "export areas.server saved page": page(`users/${UID}/saved`, "savedAt"),
    "export areas.server subscription periods page": page(`subscriptions/${UID}/periods`, "paidAt"),
    "export areas.server threads page": page("community/forum/threads", "newestKey"),
    "export areas.server a thread's posts by the member": {
      collection: "community/forum/threads/t1/posts",
      where: [["authorUid", "==", UID]],
    },
    "export areas.server bookings": { collection: "bookings", where: [["participants", "array-contains", UID]] },
    "export areas.server chats": { collection: "chats", where: [["participants", "array-contains", UID]] },
    "export areas.server payments": { collection: "payments", where: [["uid", "==", UID]] },
    "export areas.server reviews given": { collection: "reviews", where: [["reviewerUid", "==", UID]] },
    "export areas.server reviews received": { collection: "reviews", where: [["revieweeUid", "==", UID]] },
    "export areas.server board posts": { collection: "board_posts", where: [["authorUid", "==", UID]] },
    "export areas.server board proposals": {
      collection: "board_proposals",
      where: [["participants", "array-contains", UID]],
    },
    "export areas.server board answers": {
      collection: "board_answers",
      where: [["participants", "array-contains", UID]],
    },
  };
}

/** Every thread list the forum asks for (each sort, all spaces or one, first page or later), and a thread's own queries. */
function forumQueries(): Record<string, Query> {
  const out: Record<string, Query> = {};
  for (const sort of SORTS) {
    for (const space of [null, "general"]) {
      out[`community threadListQuery ${sort} ${space ?? "all"}`] = threadListQuery(sort, space, 21);
    }
  }
  out["community postsQuery"] = postsQuery("t1");
  out["community loadThread, my reactions"] = {
    collection: "community/forum/threads/t1/reactions",
    where: [["uid", "==", UID]],
  };
  out["community reply, followers"] = { collection: "community/forum/threads/t1/follows" };
  out["community listSpaces"] = { collection: "community/forum/spaces" };
  out["feeds forumNewestOf, all"] = forumNewestOf(null);
  out["feeds forumNewestOf, a space"] = forumNewestOf("general");
  out["feeds forumPostsOf"] = forumPostsOf("t1");
  return out;
}

/** Files that query the store; the scan below keeps this complete. */
const COVERED_FILES = new Set([
  // Retention (decision 044): probed below; the per-member notification query is listed by hand.
  "app/features/retention/retention.server.ts",
  "app/features/retention/archives.server.ts",
  // The sweepers' batch-deleting loop: their queries run inside runRetention, probed below.
  "app/features/retention/delete-batches.server.ts",
  // Digests (decision 047): probed above; sweepOldDigests runs inside runRetention.
  "app/features/digest/gather.server.ts",
  "app/features/digest/run.server.ts",
  // The members' missing due times (decision 157): filled in by queueDueDigests, probed above.
  "app/features/digest/due-backfill.server.ts",
  // Push jobs' retention (decision 055): runs inside runRetention, probed below.
  "app/features/push/retention.server.ts",
  // The admin's CSV exports: probed below.
  "app/features/admin/exports.server.ts",
  "app/engine/mail/collection.server.ts",
  "app/features/bookings/bookings.server.ts",
  "app/features/progress/progress.server.ts",
  "app/features/bookings/scheduler.server.ts",
  "app/features/bookings/room.server.ts",
  "app/features/bookings/views.server.ts",
  "app/features/call/signals.server.ts",
  "app/features/chat/chat.server.ts",
  "app/engine/live/feeds.ts",
  // Build their queries with feeds.ts only.
  "app/features/live/subscribe.server.ts",
  "app/features/live/inbox.server.ts",
  "app/engine/live/call-feed.ts",
  // Probed through findMatches: the newest members (a viewer with no skills) and who is present.
  "app/features/matches/candidates.server.ts",
  "app/features/matches/ranked-page.server.ts",
  "app/features/members/delete-account.server.ts",
  "app/features/members/saved.server.ts",
  "app/features/notifications/notifications.server.ts",
  "app/features/onboarding/onboarding.server.ts",
  "app/features/reviews/reviews.server.ts",
  "app/features/skills/skills.server.ts",
  "app/features/wallet/ledger.server.ts",
  "app/features/wallet/reconcile.server.ts",
  "app/features/admin/audit.server.ts",
  "app/features/admin/disputes.server.ts",
  "app/features/admin/member-list.server.ts",
  "app/features/admin/metrics.server.ts",
  "app/features/admin/payments.server.ts",
  "app/features/admin/reports.server.ts",
  "app/features/chat/moderation.server.ts",
  "app/features/wallet/refunds.server.ts",
  "app/features/subscriptions/customer.server.ts",
  "app/features/subscriptions/read.server.ts",
  "app/features/members/directory.server.ts",
  "app/features/members/picture-migration.server.ts",
  "app/features/export/areas.server.ts",
  "app/features/export/export.server.ts",
  "app/routes/admin.members.$uid.tsx",
  "app/features/reports/reports.server.ts",
  "app/features/mail/chat-batch.server.ts",
  "app/features/mail/delivery.server.ts",
  "app/features/push/delivery.server.ts",
  "app/features/push/queue.server.ts",
  "app/features/push/subscriptions.server.ts",
  "app/features/board/proposals.server.ts",
  "app/features/board/post-alerts.server.ts",
  "app/features/board/read.server.ts",
  "app/features/board/expiry.server.ts",
  // answersOnPostQuery and the deletion's equality, listed above; proposal-views reads through the first.
  "app/features/board/answers.server.ts",
  "app/features/board/proposal-views.server.ts",
  // The member's posts (postsOfQuery, probed through listMyPosts) and their active ones (equalities only).
  "app/features/board/write.server.ts",
  // Listed by hand through forumQueries (their queries need threads to exist).
  "app/features/community/read.server.ts",
  "app/features/community/write.server.ts",
  "app/features/community/mentions.server.ts",
]);

/** The port and its two implementations, and the embedded engine's own accounts and presence (never on Firestore). */
const NOT_APP_QUERIES = new Set([
  "app/engine/store/types.ts",
  "app/engine/store/sqlite.server.ts",
  "app/engine/store/firestore.server.ts",
  "app/engine/auth/local.server.ts",
  "app/engine/auth/sign-in-throttle.server.ts",
  "app/engine/live/presence.server.ts",
  // Worker heartbeats of the embedded engine's processes (decision 021); Cloud Run has none.
  "app/engine/leader.server.ts",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [file] : [];
  });
}

async function recordedQueries(): Promise<[string, Query][]> {
  const found: [string, Query][] = [];
  for (const [name, probe] of Object.entries(PROBES)) {
    const recorded: Query[] = [];
    // A probe that fails on an empty store is a probe to fix, not a query to skip.
    await probe(recordingStore(recorded)).catch((error: unknown) => {
      throw new Error(`${name} failed on an empty store: ${String(error)}`);
    });
    expect(recorded.length, `${name} made no query: update its probe`).toBeGreaterThan(0);
    found.push(...recorded.map((q) => [name, q] as [string, Query]));
  }
  return found;
}

function feedQueries(): [string, Query][] {
  const fromSources = Object.entries(feedSources).flatMap(([name, source]) => {
    const built = source(UID);
    return built.kind === "query" ? [[`feed ${name}`, built.query] as [string, Query]] : [];
  });
  return [
    ...fromSources,
    ["feeds chatsOf", chatsOf(UID)],
    ["feeds unseenMessagesOf", unseenMessagesOf("c1")],
    ["feeds inboxOf", inboxOf(UID)],
    ["feeds threadOf", threadOf("c1")],
    ["feeds callMembersOf", callMembersOf("b1", UID)],
    ["feeds callMessagesOf", callMessagesOf("b1", UID)],
  ];
}

describe("firestore.indexes.json", () => {
  it("has a composite index for every query of the app that needs one", async () => {
    const queries = [...feedQueries(), ...(await recordedQueries()), ...Object.entries(LISTED)];
    const missing = queries
      .filter(([, query]) => findIndex(indexes, query) === undefined)
      .map(([name, query]) => `${name}: ${JSON.stringify(requiredIndex(query))}`);
    expect(missing).toEqual([]);
    // The catalogue's inbox and the calendar really are among them.
    expect(queries.filter(([, q]) => requiredIndex(q)).length).toBeGreaterThanOrEqual(8);
  });

  it("lists no index that no query uses", async () => {
    const queries = [
      ...feedQueries(),
      ...(await recordedQueries()),
      ...Object.values(LISTED).map((q) => ["", q] as [string, Query]),
    ];
    const used = new Set(
      queries.map(([, q]) => findIndex(indexes, q)).filter((i): i is CompositeIndex => typeof i === "object"),
    );
    expect(indexes.filter((index) => !used.has(index))).toEqual([]);
  });

  it("knows every file that queries the store", () => {
    const querying = sourceFiles("app")
      .filter((file) => /\.query(<[^>]*>)?\(|watchQuery(<[^>]*>)?\(|collection: /.test(readFileSync(file, "utf8")))
      .map((file) => file.split(path.sep).join("/"));
    expect(querying.filter((file) => !COVERED_FILES.has(file) && !NOT_APP_QUERIES.has(file))).toEqual([]);
  });
});

describe("requiredIndex", () => {
  it("asks for none where single-field indexes or index merging serve", () => {
    expect(requiredIndex({ collection: "a", orderBy: [["t", "desc"]], limit: 3 })).toBeNull();
    expect(requiredIndex({ collection: "a", where: [["t", "<", 5]], orderBy: [["t", "desc"]] })).toBeNull();
    expect(
      requiredIndex({
        collection: "a",
        where: [
          ["x", "==", 1],
          ["y", "==", 2],
        ],
      }),
    ).toBeNull();
  });

  it("asks for equality + order, array-contains + range, and equalities + range", () => {
    expect(requiredIndex({ collection: "users/u/r", where: [["x", "==", 1]], orderBy: [["t", "desc"]] })).toEqual({
      collectionGroup: "r",
      equalityPrefix: [{ fieldPath: "x", order: "ASCENDING" }],
      tail: [{ fieldPath: "t", order: "DESCENDING" }],
    });
    expect(
      requiredIndex({
        collection: "b",
        where: [
          ["p", "array-contains", "u"],
          ["s", ">=", 1],
          ["s", "<", 2],
        ],
        orderBy: [["s", "asc"]],
      }),
    ).toEqual({
      collectionGroup: "b",
      equalityPrefix: [{ fieldPath: "p", arrayConfig: "CONTAINS" }],
      tail: [{ fieldPath: "s", order: "ASCENDING" }],
    });
    const index: CompositeIndex = {
      collectionGroup: "b",
      queryScope: "COLLECTION",
      fields: [
        { fieldPath: "y", order: "ASCENDING" },
        { fieldPath: "x", order: "ASCENDING" },
        { fieldPath: "s", order: "ASCENDING" },
      ],
    };
    expect(
      findIndex([index], {
        collection: "b",
        where: [
          ["x", "==", 1],
          ["y", "==", 2],
          ["s", "<=", 3],
        ],
      }),
    ).toBe(index);
    expect(
      findIndex([index], {
        collection: "b",
        where: [
          ["x", "==", 1],
          ["y", "==", 2],
        ],
        orderBy: [["s", "desc"]],
      }),
    ).toBeUndefined();
  });
});

describe("queryOfStructured", () => {
  it("reads a structuredQuery of the wire as the DocStore query whose index it needs", () => {
    const query = queryOfStructured({
      from: [{ collectionId: "bookings" }],
      where: {
        compositeFilter: {
          op: "AND",
          filters: [
            { fieldFilter: { field: { fieldPath: "participants" }, op: "ARRAY_CONTAINS" } },
            { fieldFilter: { field: { fieldPath: "start" }, op: "GREATER_THAN_OR_EQUAL" } },
          ],
        },
      },
      orderBy: [
        { field: { fieldPath: "start" }, direction: "ASCENDING" },
        { field: { fieldPath: "__name__" }, direction: "ASCENDING" },
      ],
    });
    expect(query).toEqual({
      collection: "bookings",
      where: [
        ["participants", "array-contains", null],
        ["start", ">=", null],
      ],
      orderBy: [["start", "asc"]],
    });
    expect(requiredIndex(query)?.tail).toEqual([{ fieldPath: "start", order: "ASCENDING" }]);
    expect(
      queryOfStructured({
        from: [{ collectionId: "messages" }],
        where: { fieldFilter: { field: { fieldPath: "seen" }, op: "EQUAL" } },
        orderBy: [{ field: { fieldPath: "timestamp" }, direction: "DESCENDING" }],
      }),
    ).toEqual({ collection: "messages", where: [["seen", "==", null]], orderBy: [["timestamp", "desc"]] });
  });

  it("refuses what it cannot check instead of passing it", () => {
    expect(() => queryOfStructured({ from: [{ collectionId: "posts", allDescendants: true }] })).toThrow(
      /single-collection/,
    );
    expect(() =>
      queryOfStructured({
        from: [{ collectionId: "posts" }],
        where: { compositeFilter: { op: "OR", filters: [] } },
      }),
    ).toThrow(/OR filter/);
    expect(() =>
      queryOfStructured({
        from: [{ collectionId: "posts" }],
        where: { fieldFilter: { field: { fieldPath: "tags" }, op: "NOT_IN" } },
      }),
    ).toThrow(/NOT_IN/);
  });
});
