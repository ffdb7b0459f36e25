import { beforeEach, describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { postPath, threadPath } from "~/documents/community";
import {
  fileReport,
  listReports,
  ReportError,
  reportErrorText,
  reviewReport,
  type ReportSource,
} from "./reports.server";
import { fixedT } from "~/i18n/i18n.server";
import { issueText } from "~/i18n/validation";
import { reportSchema } from "./schema";
import { ESTABLISHED_AFTER_MS } from "./types";

const { store } = useTempStore("reports-");

const T = "thread1";
const REPLY = "reply1";

beforeEach(async () => {
  await store.set(threadPath(T), { title: "Hello", authorUid: "author", hidden: false });
  await store.set(postPath(T, T), {
    threadId: T,
    authorUid: "author",
    body: "Opening",
    deleted: false,
    hidden: false,
    openReports: 0,
  });
  await store.set(postPath(T, REPLY), {
    threadId: T,
    authorUid: "replier",
    body: "Reply",
    deleted: false,
    hidden: false,
    openReports: 0,
  });
  await store.set("chats/a_b", { participants: ["a", "b"] });
  await store.set("chats/a_b/messages/m1", { sender: "a", text: "rude", seen: false, timestamp: 1 });
});

const post = (postId: string, threadId = T) =>
  reportSchema.parse({ targetKind: "post", targetId: postId, contextId: threadId, reason: "spam", text: " buy now " });

const NOW = 1_800_000_000_000;
const DAY = 24 * 60 * 60_000;

/** Members whose accounts were made `age` ago (their profile's createdAt, as sign-up writes it). */
async function members(uids: string[], age: number) {
  for (const uid of uids) await store.set(`users/${uid}`, { fullName: `Member ${uid}`, createdAt: NOW - age });
}
const verifiedFrom = (clientKey: string): ReportSource => ({ emailVerified: true, clientKey });
const unverifiedFrom = (clientKey: string): ReportSource => ({ emailVerified: false, clientKey });
const visibility = async (postId: string) => ({
  post: (await store.get(postPath(T, postId)))!.data.hidden,
  thread: (await store.get(threadPath(T)))!.data.hidden,
});

describe("fileReport on posts", () => {
  it("stores the agreed shape once per member; a repeat changes nothing", async () => {
    const first = await fileReport(store, "r1", post(REPLY), 1000);
    expect(first).toEqual({ id: "post_reply1_r1", created: true, hidTarget: false });
    expect((await store.get("reports/post_reply1_r1"))!.data).toEqual({
      targetKind: "post",
      targetPath: postPath(T, REPLY),
      targetId: REPLY,
      contextId: T,
      authorUid: "replier",
      reporterUid: "r1",
      reason: "spam",
      text: "buy now",
      status: "open",
      createdAt: 1000,
      // Filed with no request behind it (no profile, no session): unverified, network unknown.
      reporterVerified: false,
      reporterSince: 0,
      reporterNetwork: "",
    });
    expect(await fileReport(store, "r1", post(REPLY), 2000)).toMatchObject({ created: false });
    expect((await store.get(postPath(T, REPLY)))!.data).toMatchObject({ openReports: 1, hidden: false });
  });

  it("hides a post reported by three established members from three networks, and the thread with its opening post", async () => {
    await members(["r1", "r2", "r3"], 2 * DAY);
    await fileReport(store, "r1", post(REPLY), NOW, verifiedFrom("198.51.100.1"));
    await fileReport(store, "r1", post(REPLY), NOW, verifiedFrom("198.51.100.1"));
    await fileReport(store, "r2", post(REPLY), NOW, verifiedFrom("198.51.100.2"));
    expect((await store.get(postPath(T, REPLY)))!.data.hidden).toBe(false);
    expect(await fileReport(store, "r3", post(REPLY), NOW, verifiedFrom("203.0.113.3"))).toMatchObject({
      hidTarget: true,
    });
    expect((await store.get(postPath(T, REPLY)))!.data).toMatchObject({ hidden: true, openReports: 3 });
    expect((await store.get(threadPath(T)))!.data.hidden).toBe(false);

    for (const [i, r] of ["r1", "r2", "r3"].entries())
      await fileReport(store, r, post(T), NOW, verifiedFrom(`198.51.100.${i + 1}`));
    expect(await visibility(T)).toEqual({ post: true, thread: true });
  });

  it("three fresh accounts no longer hide a thread: unverified, or verified but younger than a day (issue 25, item 5)", async () => {
    // Made a minute ago from three networks, none verified: each report waits for a reviewer.
    await members(["f1", "f2", "f3"], 60_000);
    for (const [i, r] of ["f1", "f2", "f3"].entries())
      expect(await fileReport(store, r, post(T), NOW, unverifiedFrom(`198.51.100.${i + 1}`))).toMatchObject({
        created: true,
        hidTarget: false,
      });
    // Verified, but made less than a day ago.
    await members(["v1", "v2", "v3"], ESTABLISHED_AFTER_MS - 60_000);
    for (const [i, r] of ["v1", "v2", "v3"].entries())
      await fileReport(store, r, post(T), NOW, verifiedFrom(`203.0.113.${i + 1}`));
    // A day old but unverified.
    await members(["u1", "u2", "u3"], 2 * DAY);
    for (const [i, r] of ["u1", "u2", "u3"].entries())
      await fileReport(store, r, post(T), NOW, unverifiedFrom(`192.0.2.${i + 1}`));
    expect(await visibility(T)).toEqual({ post: false, thread: false });
    expect((await store.get(postPath(T, T)))!.data.openReports).toBe(9);
    expect(await listReports(store, "open")).toHaveLength(9);
  });

  it("established members reporting from one network count once", async () => {
    await members(["r1", "r2", "r3", "r4"], 2 * DAY);
    for (const r of ["r1", "r2", "r3"]) await fileReport(store, r, post(T), NOW, verifiedFrom("198.51.100.7"));
    // An IPv6 /64 is one network too (the rate limits' client key).
    await fileReport(store, "r4", post(T), NOW, verifiedFrom("2001:db8:1:2::/64"));
    expect(await visibility(T)).toEqual({ post: false, thread: false });
    await members(["r5"], 2 * DAY);
    expect(await fileReport(store, "r5", post(T), NOW, verifiedFrom("203.0.113.9"))).toMatchObject({
      hidTarget: true,
    });
    expect(await visibility(T)).toEqual({ post: true, thread: true });
  });

  it("stores who reported as facts, with the network hashed", async () => {
    await members(["r1"], 3 * DAY);
    await fileReport(store, "r1", post(REPLY), NOW, verifiedFrom("198.51.100.1"));
    const stored = (await store.get("reports/post_reply1_r1"))!.data;
    expect(stored).toMatchObject({ reporterVerified: true, reporterSince: NOW - 3 * DAY });
    expect(stored.reporterNetwork).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain("198.51.100.1");
  });

  it("counts concurrent reports from different members exactly", async () => {
    await members(["r1", "r2", "r3", "r4"], 2 * DAY);
    await Promise.all(
      ["r1", "r2", "r3", "r4"].map((r, i) => fileReport(store, r, post(REPLY), NOW, verifiedFrom(`198.51.100.${i}`))),
    );
    expect((await store.get(postPath(T, REPLY)))!.data).toMatchObject({ hidden: true, openReports: 4 });
  });

  it("refuses one's own post, missing posts and bad ids, writing nothing", async () => {
    await expect(fileReport(store, "replier", post(REPLY))).rejects.toMatchObject({
      status: 400,
      message: "You cannot report your own post.",
    });
    await expect(fileReport(store, "r1", post("nope"))).rejects.toMatchObject({ status: 404 });
    await expect(fileReport(store, "r1", { ...post(REPLY), contextId: "../users" })).rejects.toMatchObject({
      status: 404,
    });
    expect(await store.query({ collection: "reports" })).toHaveLength(0);
  });
});

describe("fileReport on chat messages", () => {
  const message = (chatId = "a_b", id = "m1") =>
    reportSchema.parse({ targetKind: "message", targetId: id, contextId: chatId, reason: "harassment", text: "" });

  it("lets the other participant report a message", async () => {
    await fileReport(store, "b", message(), 5);
    expect((await store.get("reports/message_m1_b"))!.data).toMatchObject({
      targetPath: "chats/a_b/messages/m1",
      authorUid: "a",
      contextId: "a_b",
      status: "open",
    });
  });

  it("refuses outsiders, the sender, and unknown messages", async () => {
    await expect(fileReport(store, "c", message())).rejects.toMatchObject({ status: 404 });
    await expect(fileReport(store, "a", message())).rejects.toMatchObject({ status: 400 });
    await expect(fileReport(store, "b", message("a_b", "m2"))).rejects.toMatchObject({ status: 404 });
    expect(await store.query({ collection: "reports" })).toHaveLength(0);
  });
});

describe("reviewReport", () => {
  it("dismissing a hidden post restores it and closes every open report of it", async () => {
    await members(["r1", "r2", "r3"], 2 * DAY);
    for (const [i, r] of ["r1", "r2", "r3"].entries())
      await fileReport(store, r, post(T), NOW, verifiedFrom(`198.51.100.${i}`));
    const audited: string[] = [];
    const summary = await reviewReport(
      store,
      { reportId: "post_thread1_r2", outcome: "dismissed", reviewerUid: "admin" },
      (_tx, s) => audited.push(s.status),
      99,
    );
    expect(summary).toMatchObject({ status: "restored", hiddenBefore: true, hiddenAfter: false, authorUid: "author" });
    expect(summary.reportIds.sort()).toEqual(["post_thread1_r1", "post_thread1_r2", "post_thread1_r3"]);
    expect(audited).toEqual(["restored"]);
    expect((await store.get(postPath(T, T)))!.data).toMatchObject({ hidden: false, openReports: 0 });
    expect((await store.get(threadPath(T)))!.data.hidden).toBe(false);
    expect(await listReports(store, "open")).toHaveLength(0);
    expect((await store.get("reports/post_thread1_r1"))!.data).toMatchObject({
      status: "restored",
      reviewedBy: "admin",
      reviewedAt: 99,
    });
    await expect(
      reviewReport(store, { reportId: "post_thread1_r1", outcome: "hidden", reviewerUid: "admin" }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it("hiding keeps the post hidden after a single report", async () => {
    await fileReport(store, "r1", post(REPLY));
    const summary = await reviewReport(store, { reportId: "post_reply1_r1", outcome: "hidden", reviewerUid: "admin" });
    expect(summary).toMatchObject({ status: "hidden", hiddenAfter: true });
    expect((await store.get(postPath(T, REPLY)))!.data.hidden).toBe(true);
  });
});

describe("reportSchema", () => {
  it("names what is wrong, in the reader's language", () => {
    const bad = reportSchema.safeParse({
      targetKind: "post",
      targetId: "a/b",
      contextId: "t",
      reason: "meh",
      text: "x".repeat(1001),
    });
    expect(bad.success).toBe(false);
    const said = (language: string) => bad.error!.issues.map((issue) => issueText(issue, fixedT(language)));
    expect(said("en")).toEqual(
      expect.arrayContaining([
        "This report names nothing that can be reported.",
        "Choose a reason from the list.",
        "Keep the explanation under 1,000 characters.",
      ]),
    );
    expect(said("fr")).toEqual(
      expect.arrayContaining([
        "Choisissez un motif dans la liste.",
        "L’explication doit faire moins de 1\u202f000 caractères.",
      ]),
    );
  });

  it("a refusal reads in the member's language, its English kept for the logs", () => {
    const tooMany = new ReportError(
      429,
      "You have sent many reports in the last hour. Wait 5 minutes and try again.",
      "tooMany",
      4 * 60_000 + 1,
    );
    expect(reportErrorText(tooMany, fixedT("en"), "en")).toBe(tooMany.message);
    expect(reportErrorText(tooMany, fixedT("es"), "es")).toBe(
      "Has enviado muchas denuncias en la última hora. Espera 5 minutos y vuelve a intentarlo.",
    );
    expect(reportErrorText(new ReportError(409, "Already moderated."), fixedT("es"), "es")).toBe("Already moderated.");
  });
});
