import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { ANSWER_XP } from "~/features/progress/xp";
import { markAnswer, markThreadRead, setFollowing, toggleReaction } from "./interact.server";
import { fileReport, reviewReport } from "~/features/reports/reports.server";
import { reportSchema } from "~/features/reports/schema";
import { entryId, listPath } from "./lists";
import { postPath, readPath, reactionsOf, threadListEntryPath, threadPath } from "~/documents/community";
import { listSpaces, listThreads, loadThread, searchForum } from "./read.server";
import { EDIT_WINDOW_MS, mentionMarkdown, newThreadSchema } from "./rules";
import { createThread, deletePost, editPost, reply } from "./write.server";
import { subscribeFeed } from "~/features/live/subscribe.server";
import type { ForumThreadPayload } from "~/engine/live/feeds";

const { store } = useTempStore("forum-");
const DAY = 24 * 60 * 60_000;
// The posting limits live in the process across tests: time only moves forward, two minutes a post.
let now = 10 * DAY;

beforeEach(async () => {
  for (const [uid, fullName] of [
    ["ana", "Ana"],
    ["ben", "Ben"],
    ["cy", "Cy"],
  ])
    await store.set(`users/${uid}`, { fullName, xp: 0, createdAt: 0 });
});

const tick = () => (now += 2 * 60_000);
const thread = (uid: string, title: string, body = "Body text here", spaceId = "general") =>
  createThread(store, uid, newThreadSchema.parse({ spaceId, title, body }), tick());
const notifications = async (uid: string) =>
  (await store.query({ collection: `notifications/${uid}/messages` })).map((d) => d.data);

describe("threads and replies", () => {
  it("calls a deleted author so in the reader's language: the page, its list, search and the live thread (decision 093)", async () => {
    const { threadId } = await thread("ana", "Sourdough starters", "Feed it twice a day");
    await reply(store, "ben", threadId, { body: "Thanks, mine is alive" }, tick());
    await store.update("users/ana", { fullName: "Deleted member", deleted: true });
    const names = async (language: string) =>
      (await loadThread(store, "ben", threadId, language)).posts.map((p) => p.author.name.text);
    // The reader's word may be translated by a browser; Ben's own name may not (decision 117).
    expect((await loadThread(store, "ben", threadId, "fr")).posts.map((p) => p.author.name)).toEqual([
      { text: "Membre supprimé", own: false },
      { text: "Ben", own: true },
    ]);
    expect(await names("fr")).toEqual(["Membre supprimé", "Ben"]);
    expect(await names("en")).toEqual(["Deleted member", "Ben"]);
    const listed = await listThreads(store, "ben", { sort: "newest", spaceId: null, cursor: null }, "es");
    expect(listed.threads.find((t) => t.id === threadId)?.author.name).toEqual({
      text: "Miembro eliminado",
      own: false,
    });
    expect((await searchForum(store, "sourdough", 0, "ar")).results[0].author.name.text).toBe("عضو محذوف");
    const live = await new Promise<ForumThreadPayload>((resolve, reject) => {
      const stop = subscribeFeed(
        store,
        { uid: "ben", language: "es" },
        `forumThread:${threadId}`,
        (payload) => {
          resolve(payload);
          queueMicrotask(() => stop());
        },
        reject,
      );
    });
    expect(live.posts.map((p) => p.author.name)).toEqual([
      { text: "Miembro eliminado", own: false },
      { text: "Ben", own: true },
    ]);
  });

  it("stores the thread, its opening post and index entry together, and notifies mentions and followers", async () => {
    const { threadId } = await thread(
      "ana",
      "Learning Rust ownership",
      `Help me, ${mentionMarkdown("Ben", "ben")}: borrowck hurts`,
    );
    expect((await store.get(threadPath(threadId)))!.data).toMatchObject({
      title: "Learning Rust ownership",
      replyCount: 0,
      authorUid: "ana",
      hidden: false,
    });
    expect((await store.get(postPath(threadId, threadId)))!.data).toMatchObject({ seq: 0, mentions: ["ben"] });
    expect(await notifications("ben")).toEqual([
      expect.objectContaining({
        type: "forum_mention",
        title: "\u2068Ana\u2069 mentioned you",
        link: `/community/${threadId}`,
      }),
    ]);

    const { postId } = await reply(store, "ben", threadId, { body: "Use clones at first." }, tick());
    expect(await notifications("ana")).toEqual([
      expect.objectContaining({
        type: "forum_reply",
        title: "\u2068Ben\u2069 replied",
        link: `/community/${threadId}#post-${postId}`,
      }),
    ]);
    const loaded = await loadThread(store, "ana", threadId, "en");
    expect(loaded.posts.map((p) => [p.seq, p.author.name.text])).toEqual([
      [0, "Ana"],
      [1, "Ben"],
    ]);
    expect(loaded.thread.replyCount).toBe(1);

    const found = await searchForum(store, "borrowck rust", 0, "en");
    expect(found.results.map((r) => r.postId)).toEqual([threadId]);
    expect((await searchForum(store, "clones", 0, "en")).results.map((r) => r.postId)).toEqual([postId]);
  });

  it("refuses a space that is not in the list and too many mentions, writing nothing", async () => {
    await expect(thread("ana", "Hello there", "x", "nope")).rejects.toMatchObject({ status: 400 });
    const body = Array.from({ length: 11 }, (_, i) => mentionMarkdown(`M${i}`, `m${i}`)).join(" ");
    await expect(thread("ana", "Hello there", body)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("at most 10"),
    });
    expect(await store.query({ collection: "community/forum/threads" })).toHaveLength(0);
  });

  it("limits links from members in their first day", async () => {
    await store.update("users/cy", { createdAt: now - 60_000 });
    await expect(
      thread("cy", "My links", "https://a.example https://b.example https://c.example"),
    ).rejects.toMatchObject({ status: 400 });
    await expect(thread("cy", "My links", "see https://a.example")).resolves.toBeTruthy();
  });

  it("edits within the window only, and deletes leaving replies", async () => {
    const { threadId } = await thread("ana", "Title one", "first words");
    const { postId } = await reply(store, "ben", threadId, { body: "a reply" }, tick());
    await editPost(store, "ana", threadId, threadId, { body: "second words" }, tick());
    expect((await store.get(postPath(threadId, threadId)))!.data).toMatchObject({
      body: "second words",
      editedAt: now,
    });
    expect((await searchForum(store, "first", 0, "en")).results).toHaveLength(0);
    await expect(editPost(store, "ben", threadId, threadId, { body: "mine now" }, tick())).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      editPost(store, "ana", threadId, threadId, { body: "late" }, now + EDIT_WINDOW_MS),
    ).rejects.toMatchObject({ status: 403 });

    await deletePost(store, "ana", threadId, threadId);
    const loaded = await loadThread(store, "ben", threadId, "en");
    expect(loaded.posts[0]).toMatchObject({ deleted: true, body: "" });
    expect(loaded.posts[1]).toMatchObject({ id: postId, body: "a reply" });
    expect((await searchForum(store, "second", 0, "en")).results).toHaveLength(0);
  });
});

describe("reactions, follows and answers", () => {
  it("counts one reaction of each kind per member; a second tap takes it back", async () => {
    const { threadId } = await thread("ana", "Reactions", "react to me");
    expect(await toggleReaction(store, "ben", threadId, threadId, "heart")).toBe(true);
    await toggleReaction(store, "cy", threadId, threadId, "heart");
    expect((await store.get(postPath(threadId, threadId)))!.data.reactions).toEqual({ heart: 2 });
    expect(await toggleReaction(store, "ben", threadId, threadId, "heart")).toBe(false);
    expect((await store.get(postPath(threadId, threadId)))!.data.reactions).toEqual({ heart: 1 });
    expect((await loadThread(store, "cy", threadId, "en")).myReactions).toEqual({ [threadId]: ["heart"] });
  });

  it("an unfollowed thread stops notifying", async () => {
    const { threadId } = await thread("ana", "Quiet please", "body");
    await setFollowing(store, "ana", threadId, false);
    await reply(store, "ben", threadId, { body: "hi" }, tick());
    expect(await notifications("ana")).toEqual([]);
  });

  it("the author marks an answer; the answerer earns xp once per thread", async () => {
    const { threadId } = await thread("ana", "A question", "how?");
    const { postId } = await reply(store, "ben", threadId, { body: "like this" }, tick());
    await expect(markAnswer(store, "ben", threadId, postId)).rejects.toMatchObject({ status: 403 });
    await markAnswer(store, "ana", threadId, postId, tick());
    await markAnswer(store, "ana", threadId, null, tick());
    await markAnswer(store, "ana", threadId, postId, tick());
    expect((await store.get("users/ben"))!.data.xp).toBe(ANSWER_XP);
    expect((await store.get(`users/ben/xp/answer_${threadId}`))!.data).toMatchObject({
      kind: "answer",
      amount: ANSWER_XP,
    });
    expect((await store.get(threadPath(threadId)))!.data.answerPostId).toBe(postId);
    expect((await notifications("ben")).filter((n) => n.type === "forum_answer")).toHaveLength(1);
  });
});

describe("thread list", () => {
  it("orders entries by id as their keys order, and a hidden thread leaves every list until restored", async () => {
    expect([entryId("000000000000009_b"), entryId("000000000000010_a")].sort()).toEqual([
      entryId("000000000000010_a"),
      entryId("000000000000009_b"),
    ]);
    const { threadId } = await thread("ana", "Spam spam spam");
    const ids = async () =>
      (await listThreads(store, "ben", { sort: "latest", spaceId: "general", cursor: null }, "en")).threads.map(
        (t) => t.id,
      );
    expect(await ids()).toEqual([threadId]);
    // Three established members (verified, accounts a day old) from three networks (decision 028).
    for (const [i, r] of ["ben", "cy", "dan"].entries()) {
      await store.set(`users/${r}`, { fullName: r, xp: 0, createdAt: 1 });
      await fileReport(
        store,
        r,
        reportSchema.parse({ targetKind: "post", targetId: threadId, contextId: threadId, reason: "spam" }),
        tick(),
        { emailVerified: true, clientKey: `198.51.100.${i}` },
      );
    }
    expect(await ids()).toEqual([]);
    for (const sort of ["latest", "newest", "top", "unanswered"] as const)
      expect(await store.query({ collection: listPath(sort, null) })).toHaveLength(0);
    await reviewReport(store, { reportId: `post_${threadId}_ben`, outcome: "dismissed", reviewerUid: "admin" });
    expect(await ids()).toEqual([threadId]);
  });

  it("pages of 20 keep their order while new threads arrive", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) ids.push((await thread("ana", `Thread number ${i}`)).threadId);
    const first = await listThreads(store, "ben", { sort: "newest", spaceId: null, cursor: null }, "en");
    expect(first.threads.map((t) => t.id)).toEqual(ids.slice(-20).reverse());
    for (let i = 0; i < 5; i++) await thread("cy", `Newer thread ${i}`);
    const second = await listThreads(store, "ben", { sort: "newest", spaceId: null, cursor: first.next }, "en");
    expect(second.threads.map((t) => t.id)).toEqual(ids.slice(5, 25).reverse());
    const third = await listThreads(store, "ben", { sort: "newest", spaceId: null, cursor: second.next }, "en");
    expect(third.threads.map((t) => t.id)).toEqual(ids.slice(0, 5).reverse());
    expect(third.next).toBeNull();
    await expect(
      listThreads(store, "ben", { sort: "newest", spaceId: null, cursor: "../x" }, "en"),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it("sorts by activity, top and unanswered, and shows what is unread", async () => {
    const a = (await thread("ana", "Thread A")).threadId;
    const b = (await thread("ana", "Thread B")).threadId;
    await reply(store, "ben", a, { body: "bump" }, tick());
    await toggleReaction(store, "ben", b, b, "tada");
    const ids = async (sort: "latest" | "top" | "unanswered") =>
      (await listThreads(store, "cy", { sort, spaceId: null, cursor: null }, "en")).threads.map((t) => t.id);
    expect(await ids("latest")).toEqual([a, b]);
    expect(await ids("top")).toEqual([a, b]);
    expect(await ids("unanswered")).toEqual([b]);
    const list = await listThreads(store, "cy", { sort: "latest", spaceId: null, cursor: null }, "en");
    expect(list.threads[0]).toMatchObject({ id: a, seen: false, unread: 0, replyCount: 1 });
    await loadThread(store, "cy", a, "en").then((t) => markThreadRead(store, "cy", a, t.posts.at(-1)!.seq));
    await reply(store, "ben", a, { body: "again" }, tick());
    expect(
      (await listThreads(store, "cy", { sort: "latest", spaceId: null, cursor: null }, "en")).threads[0],
    ).toMatchObject({
      id: a,
      seen: true,
      unread: 1,
    });
  });
});

describe("thread list kept between views (issue 28)", () => {
  const latest = () => listThreads(store, "cy", { sort: "latest", spaceId: null, cursor: null }, "en");

  it("reads only the member's read marks again until the list, a shown thread or an author is written", async () => {
    const a = (await thread("ana", "Thread A")).threadId;
    await latest();
    const get = vi.spyOn(store, "get");
    const query = vi.spyOn(store, "query");
    const getAll = vi.spyOn(store, "getAll");
    await store.set(`users/someone`, { fullName: "Someone", xp: 0, createdAt: 0 });
    expect((await latest()).threads.map((t) => t.id)).toEqual([a]);
    expect(get).not.toHaveBeenCalled();
    expect(query).not.toHaveBeenCalled();
    expect(getAll.mock.calls.map(([paths]) => paths)).toEqual([[readPath(a, "cy")]]);

    // A reaction writes its thread (its count), not the latest list: the count shows.
    await toggleReaction(store, "ben", a, a, "tada");
    expect((await latest()).threads[0]).toMatchObject({ id: a, reactionCount: 1 });
    // A new thread writes the list's entries: it shows first.
    const b = (await thread("ben", "Thread B")).threadId;
    expect((await latest()).threads.map((t) => t.id)).toEqual([b, a]);
    // An author's new name shows at once (their profile is kept until written).
    await store.update("users/ana", { fullName: "Ana María" });
    expect((await latest()).threads[1].author.name.text).toBe("Ana María");
  });

  it("keeps the spaces until one is written: a new thread's count shows", async () => {
    const profile = { skillsOffered: [], skillsWanted: [] };
    const count = async () => (await listSpaces(store, profile)).find((s) => s.id === "general")?.threadCount;
    await thread("ana", "First");
    expect(await count()).toBe(1);
    const query = vi.spyOn(store, "query");
    expect(await count()).toBe(1);
    expect(query).not.toHaveBeenCalled();
    await thread("ben", "Second");
    expect(await count()).toBe(2);
  });
});

describe("a thread page kept between views (issue 28)", () => {
  it("reads nothing again until the thread, a post, an author or the member's own marks are written", async () => {
    const { threadId } = await thread("ana", "A thread to keep", "opening words");
    await loadThread(store, "cy", threadId, "en");
    const get = vi.spyOn(store, "get");
    const query = vi.spyOn(store, "query");
    const getAll = vi.spyOn(store, "getAll");
    expect((await loadThread(store, "cy", threadId, "en")).posts.map((p) => p.body)).toEqual(["opening words"]);
    expect(query).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
    expect(getAll).not.toHaveBeenCalled();

    // A reply writes a post and the thread; an edit and a reaction write only the post.
    const { postId } = await reply(store, "ben", threadId, { body: "a reply" }, tick());
    expect((await loadThread(store, "cy", threadId, "en")).posts.map((p) => p.body)).toEqual([
      "opening words",
      "a reply",
    ]);
    await store.update(postPath(threadId, postId), { body: "a reply, edited" });
    expect((await loadThread(store, "cy", threadId, "en")).posts[1].body).toBe("a reply, edited");
    await store.update("users/ben", { fullName: "Benjamin" });
    expect((await loadThread(store, "cy", threadId, "en")).posts[1].author.name.text).toBe("Benjamin");
    await store.update(threadPath(threadId), { title: "A thread renamed" });
    expect((await loadThread(store, "cy", threadId, "en")).thread.title).toBe("A thread renamed");
    await store.update(threadPath(threadId), { hidden: true });
    await expect(loadThread(store, "cy", threadId, "en")).rejects.toMatchObject({ status: 404 });
  });

  it("shows the member's own reactions, follow and read mark at once, and keeps another member's apart (issue 28)", async () => {
    const { threadId } = await thread("ana", "Marks to keep", "opening words");
    const { postId } = await reply(store, "ben", threadId, { body: "a reply" }, tick());
    const marks = async (uid = "cy") => {
      const { myReactions, following, seenSeq } = await loadThread(store, uid, threadId, "en");
      return { myReactions, following, seenSeq };
    };
    expect(await marks()).toEqual({ myReactions: {}, following: false, seenSeq: -1 });
    // Each of the member's marks is written by its own path: each must show on the next view.
    await toggleReaction(store, "cy", threadId, postId, "heart");
    expect((await marks()).myReactions).toEqual({ [postId]: ["heart"] });
    await setFollowing(store, "cy", threadId, true);
    expect((await marks()).following).toBe(true);
    await markThreadRead(store, "cy", threadId, 2);
    expect((await marks()).seenSeq).toBe(2);
    await toggleReaction(store, "cy", threadId, postId, "heart");
    expect(await marks()).toEqual({ myReactions: {}, following: true, seenSeq: 2 });
    // Another member's marks are theirs: Ben's reaction is not Cy's, and Cy's view is not Ben's.
    await toggleReaction(store, "ben", threadId, threadId, "tada");
    expect(await marks()).toEqual({ myReactions: {}, following: true, seenSeq: 2 });
    expect(await marks("ben")).toMatchObject({ myReactions: { [threadId]: ["tada"] }, following: true });
  });
});

describe("documents older or stranger than this version", () => {
  it("lists and opens a thread whose read marker, reactions and list entries are malformed, reading defaults", async () => {
    const { threadId } = await thread("ana", "Old documents");
    await reply(store, "ben", threadId, { body: "one" }, tick());
    // A read marker without a position: the member opened it and counts as having read nothing (both posts unread).
    await store.set(readPath(threadId, "cy"), { uid: "cy", seenSeq: "2" });
    // A reaction of a kind this version does not know, and a list entry that names no thread.
    await store.set(`${reactionsOf(threadId)}/${threadId}_cy_shrug`, { postId: threadId, uid: "cy", kind: "shrug" });
    await store.set(threadListEntryPath("latest", null, "0"), { createdAt: 1 });
    await store.update(postPath(threadId, threadId), { reactions: { shrug: 3, heart: "2" }, editedAt: "soon" });

    const list = await listThreads(store, "cy", { sort: "latest", spaceId: null, cursor: null }, "en");
    expect(list.threads.map((t) => [t.id, t.seen, t.unread])).toEqual([[threadId, true, 2]]);
    const loaded = await loadThread(store, "cy", threadId, "en");
    expect(loaded.myReactions).toEqual({});
    expect(loaded.seenSeq).toBe(-1);
    expect(loaded.posts[0]).toMatchObject({ reactions: {}, editedAt: null });
  });
});
