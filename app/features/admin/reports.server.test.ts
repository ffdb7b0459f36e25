import { beforeEach, describe, expect, it } from "vitest";
import { chatMessagesPayload } from "~/engine/live/feeds";
import { HIDDEN_MESSAGE_TEXT } from "~/features/chat/hidden";
import { postPath, threadPath } from "~/documents/community";
import { fileReport } from "~/features/reports/reports.server";
import { reportSchema } from "~/features/reports/schema";
import { useTempStore } from "../../../tests/support/temp-store";
import { listAudit } from "./audit.server";
import { moderate, moderationQueue } from "./reports.server";
import { postFormSchema } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";

const { store } = useTempStore("admin-reports-");
const ADMIN = "admin1";
const T = "thread1";

beforeEach(async () => {
  for (const [uid, fullName] of [
    ["a", "Ann"],
    ["b", "Bob"],
    ["r1", "Rae"],
    ["r2", "Ric"],
    ["r3", "Rus"],
    ["author", "Otto"],
  ]) {
    await store.set(`users/${uid}`, { fullName, createdAt: 1 });
  }
  await store.set("chats/a_b", { participants: ["a", "b"], lastMessage: "you are a fool", lastSender: "a" });
  await store.set("chats/a_b/messages/m0", { sender: "b", text: "How was the lesson?", seen: true, timestamp: 1 });
  await store.set("chats/a_b/messages/m1", { sender: "a", text: "you are a fool", seen: false, timestamp: 2 });
  await store.set(threadPath(T), { title: "Cheap watches", authorUid: "author", hidden: false });
  await store.set(postPath(T, T), {
    threadId: T,
    authorUid: "author",
    body: "Buy now!!",
    deleted: false,
    hidden: false,
    openReports: 0,
  });
});

const message = reportSchema.parse({
  targetKind: "message",
  targetId: "m1",
  contextId: "a_b",
  reason: "harassment",
  text: "Insults",
});
const post = reportSchema.parse({ targetKind: "post", targetId: T, contextId: T, reason: "spam", text: "" });
const DAY = 24 * 60 * 60_000;

describe("the moderation queue", () => {
  it("shows a reported message in its conversation, hides it from both members and the inbox, and shows it again", async () => {
    await fileReport(store, "b", message, 100);
    const [item] = await moderationQueue(store, "open", "en");
    expect(item).toMatchObject({
      targetKind: "message",
      authorName: { text: "Ann", own: true },
      authorGone: false,
      text: "you are a fool",
      hidden: false,
    });
    expect(item.context).toEqual([
      { sender: { text: "Bob", own: true }, text: "How was the lesson?", hidden: false, reported: false },
      { sender: { text: "Ann", own: true }, text: "you are a fool", hidden: false, reported: true },
    ]);
    expect(item.reports).toEqual([
      {
        reporterUid: "b",
        reporterName: { text: "Bob", own: true },
        reason: "harassment",
        text: "Insults",
        createdAt: 100,
        accountAgeMs: 99,
        verified: false,
        sameNetwork: null,
        counts: false,
      },
    ]);

    await moderate(store, ADMIN, item.reportId, "hide", "Insult", 200);
    const stored = await store.get("chats/a_b/messages/m1");
    expect(stored?.data).toMatchObject({ hidden: true, text: "" });
    expect(chatMessagesPayload([stored!])).toEqual([
      { id: "m1", sender: "a", text: "", hidden: true, seen: false, timestamp: 2, quote: null },
    ]);
    expect((await store.get("chats/a_b"))?.data.lastMessage).toBe(HIDDEN_MESSAGE_TEXT);
    expect(await moderationQueue(store, "open", "en")).toEqual([]);
    // A reviewer still reads what was said.
    const [hidden] = await moderationQueue(store, "hidden", "en");
    expect(hidden).toMatchObject({ text: "you are a fool", hidden: true });

    await moderate(store, ADMIN, hidden.reportId, "restore", "On second thought", 300);
    expect((await store.get("chats/a_b/messages/m1"))?.data).toMatchObject({ hidden: false, text: "you are a fool" });
    expect((await store.get("chats/a_b"))?.data.lastMessage).toBe("you are a fool");
    expect(await store.get("hidden_messages/a_b_m1")).toBeNull();
    expect((await store.get("reports/message_m1_b"))?.data).toMatchObject({
      status: "restored",
      reviewedBy: ADMIN,
      reviewedAt: 300,
    });

    const { entries } = await listAudit(store, { subjectUid: "a" }, { limit: 10 });
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ["report.restore", "On second thought"],
      ["report.hide", "Insult"],
    ]);
  });

  it("groups every report of one post; dismissing a post that three reports hid shows it again, logged once when two admins click", async () => {
    for (const [i, r] of ["r1", "r2", "r3"].entries())
      await fileReport(store, r, post, DAY + 100, { emailVerified: true, clientKey: `198.51.100.${i}` });
    const queue = await moderationQueue(store, "open", "en");
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      targetKind: "post",
      threadTitle: "Cheap watches",
      text: "Buy now!!",
      hidden: true,
      link: `/community/${T}`,
    });
    expect(queue[0].reports).toHaveLength(3);

    const results = await Promise.allSettled([
      moderate(store, ADMIN, queue[0].reportId, "dismiss", "Fine"),
      moderate(store, "admin2", queue[0].reportId, "dismiss", "Fine"),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(String((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason)).toMatch(
      "Someone has already reviewed this report.",
    );
    expect((await store.get(postPath(T, T)))?.data).toMatchObject({ hidden: false, openReports: 0 });
    expect((await store.get(threadPath(T)))?.data.hidden).toBe(false);
    const { entries } = await listAudit(store, {}, { limit: 10 });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "report.restore",
      subjectUid: "author",
      before: { hidden: true, reports: 3 },
      after: { hidden: false, status: "restored" },
    });
  });
});

describe("who reported (issue 25, item 5; decision 028)", () => {
  it("shows each reporter, their account's age when they reported, verification, shared networks and whether it counts", async () => {
    const now = 1000 * DAY;
    await store.set("users/old", { fullName: "Olga", createdAt: now - 400 * DAY });
    for (const uid of ["n1", "n2"])
      await store.set(`users/${uid}`, { fullName: `New ${uid}`, createdAt: now - 120_000 });
    await fileReport(store, "old", post, now, { emailVerified: true, clientKey: "203.0.113.1" });
    await fileReport(store, "n1", post, now, { emailVerified: false, clientKey: "198.51.100.9" });
    await fileReport(store, "n2", post, now + 60_000, { emailVerified: false, clientKey: "198.51.100.9" });
    const [item] = await moderationQueue(store, "open", "en");
    expect(item.hidden).toBe(false);
    expect(
      item.reports
        .map((r) => [r.reporterUid, r.reporterName, r.accountAgeMs, r.verified, r.sameNetwork, r.counts])
        .sort(),
    ).toEqual([
      ["n1", { text: "New n1", own: true }, 120_000, false, 1, false],
      ["n2", { text: "New n2", own: true }, 180_000, false, 1, false],
      ["old", { text: "Olga", own: true }, 400 * DAY, true, 0, true],
    ]);
  });

  it("describes a reported board post as data, its taxonomy skill named in the reviewer's language (decision 078)", async () => {
    const { postId } = await createBoardPost(
      store,
      "author",
      postFormSchema.parse({
        type: "offer",
        skill: "Guitar",
        title: "Guitar for swaps",
        description: "Strum along.",
        format: "in_person",
        area: "Leith",
        priceKind: "per_hour",
        sp: "3",
      }),
      1_000,
    );
    const input = { targetKind: "board_post" as const, targetId: postId, contextId: postId, reason: "spam", text: "" };
    await fileReport(store, "b", reportSchema.parse(input), 2_000);
    const [item] = await moderationQueue(store, "open", "es");
    expect(item).toMatchObject({ targetKind: "board_post", text: "Strum along.", context: [] });
    expect(item.boardPost).toEqual({
      posterName: { text: "Otto", own: true },
      type: "offer",
      skill: "Guitarra",
      ownSkill: false,
      price: { kind: "per_hour", sp: 3, swapSkillTag: null, swapSkillLabel: null, swapSkillOwn: false },
      format: "in_person",
      area: "Leith",
    });
  });
});

describe("gone content and gone members, worded by the reader (decision 085)", () => {
  it("names a deleted author and a gone reporter in the reviewer's language, and says why a post has no text", async () => {
    await fileReport(store, "r1", post, 100);
    await store.set(postPath(T, T), { threadId: T, authorUid: "author", body: "", deleted: true, hidden: false });
    await store.set("users/author", { fullName: "Deleted member", deleted: true, createdAt: 1 });
    await store.delete("users/r1");
    const [item] = await moderationQueue(store, "open", "fr");
    // Nobody to suspend: the page offers no "Suspend" for a deleted account.
    expect(item).toMatchObject({
      authorName: { text: "Membre supprimé", own: false },
      authorGone: true,
      text: "",
      gone: "deleted",
    });
    expect(item.reports.map((r) => r.reporterName)).toEqual([{ text: "Membre supprimé", own: false }]);

    await store.delete(postPath(T, T));
    await store.delete("users/author");
    const [english] = await moderationQueue(store, "open", "en");
    expect(english).toMatchObject({
      authorName: { text: "Deleted member", own: false },
      authorGone: true,
      text: "",
      gone: "missing",
    });
  });

  it("leaves a hidden message around the reported one to the page's words, and names its sender", async () => {
    await store.set("chats/a_b/messages/m0", { sender: "b", text: "", hidden: true, seen: true, timestamp: 1 });
    await store.update("users/b", { fullName: "  " });
    await fileReport(store, "b", message, 100);
    const [item] = await moderationQueue(store, "open", "es");
    expect(item.gone).toBeNull();
    expect(item.context).toEqual([
      { sender: { text: "Miembro", own: false }, text: "", hidden: true, reported: false },
      { sender: { text: "Ann", own: true }, text: "you are a fool", hidden: false, reported: true },
    ]);
  });
});
