import { beforeEach, describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { postPath, threadPath } from "~/documents/community";
import { fileReport, listReports, reviewReport } from "./reports.server";
import { reportSchema } from "./schema";

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
    });
    expect(await fileReport(store, "r1", post(REPLY), 2000)).toMatchObject({ created: false });
    expect((await store.get(postPath(T, REPLY)))!.data).toMatchObject({ openReports: 1, hidden: false });
  });

  it("hides a post reported by three different members, and the thread with its opening post", async () => {
    await fileReport(store, "r1", post(REPLY));
    await fileReport(store, "r1", post(REPLY));
    await fileReport(store, "r2", post(REPLY));
    expect((await store.get(postPath(T, REPLY)))!.data.hidden).toBe(false);
    expect(await fileReport(store, "r3", post(REPLY))).toMatchObject({ hidTarget: true });
    expect((await store.get(postPath(T, REPLY)))!.data).toMatchObject({ hidden: true, openReports: 3 });
    expect((await store.get(threadPath(T)))!.data.hidden).toBe(false);

    for (const r of ["r1", "r2", "r3"]) await fileReport(store, r, post(T));
    expect((await store.get(postPath(T, T)))!.data.hidden).toBe(true);
    expect((await store.get(threadPath(T)))!.data.hidden).toBe(true);
  });

  it("counts concurrent reports from different members exactly", async () => {
    await Promise.all(["r1", "r2", "r3", "r4"].map((r) => fileReport(store, r, post(REPLY))));
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
    for (const r of ["r1", "r2", "r3"]) await fileReport(store, r, post(T));
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
  it("names what is wrong", () => {
    const bad = reportSchema.safeParse({
      targetKind: "post",
      targetId: "a/b",
      contextId: "t",
      reason: "meh",
      text: "x".repeat(1001),
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "This report names nothing that can be reported.",
        "Choose a reason from the list.",
        "Keep the explanation under 1,000 characters.",
      ]),
    );
  });
});
