import { beforeEach, describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { boardListOf, boardPostPath } from "~/documents/board";
import { fileReport, restoreReported } from "~/features/reports/reports.server";
import { reportSchema } from "~/features/reports/schema";
import { runBoardExpiry } from "./expiry.server";
import { DAY_MS } from "./expiry";
import { ALL_LIST, skillList } from "./lists";
import { listBoard, listMyPosts, loadBoardPost, viewerOf, type BoardPage } from "./read.server";
import { MAX_ACTIVE_POSTS, postFormSchema, readFilters } from "./rules";
import { closeBoardPost, createBoardPost, deleteBoardPost, editBoardPost, renewBoardPost } from "./write.server";

const { store } = useTempStore("board-");
// The posting limits live in the process across tests: time only moves forward.
let now = 100 * DAY_MS;
const tick = () => (now += 10 * 60_000);

const ana = { uid: "ana", teaches: ["guitar"], wants: ["cooking"], language: "en" };
const ben = { uid: "ben", teaches: ["cooking"], wants: ["guitar"], language: "en" };

beforeEach(async () => {
  for (const [uid, fullName] of [
    ["ana", "Ana"],
    ["ben", "Ben"],
    ["cy", "Cy"],
  ])
    await store.set(`users/${uid}`, { fullName, xp: 0, createdAt: 0 });
});

const form = (over: Record<string, string> = {}) =>
  postFormSchema.parse({
    type: "need",
    skill: "Cooking",
    title: "Help with sourdough bread",
    description: "My **starter** keeps dying, teach me",
    format: "online",
    priceKind: "per_hour",
    sp: "2",
    ...over,
  });
const post = (uid: string, over: Record<string, string> = {}) => createBoardPost(store, uid, form(over), tick());
const filters = (query: string) => readFilters(new URLSearchParams(query));
const titles = (page: BoardPage) => page.posts.map((p) => p.title);
const list = (viewer: typeof ana, query: string, at = now) =>
  listBoard(store, viewer, filters(query), { cursor: null, page: 0 }, at);

describe("the board", () => {
  it("lists a new post newest first with its entries in all and its skill's list, and filters on type, format, price and skill", async () => {
    const { postId } = await post("ana");
    await post("cy", {
      type: "offer",
      skill: "Guitar",
      title: "Guitar lessons for beginners",
      format: "in_person",
      area: "Leith",
    });
    await post("cy", {
      type: "offer",
      skill: "Cooking",
      title: "Swap: Thai curry evening",
      priceKind: "swap",
      swapSkill: "Guitar",
    });
    expect((await store.query({ collection: boardListOf(ALL_LIST) })).length).toBe(3);
    expect((await store.query({ collection: boardListOf(skillList("cooking")) })).length).toBe(2);
    expect(titles(await list(ben, ""))).toEqual([
      "Swap: Thai curry evening",
      "Guitar lessons for beginners",
      "Help with sourdough bread",
    ]);
    expect(titles(await list(ben, "type=need"))).toEqual(["Help with sourdough bread"]);
    expect(titles(await list(ben, "format=in_person"))).toEqual(["Guitar lessons for beginners"]);
    expect(titles(await list(ben, "format=online"))).toEqual(["Swap: Thai curry evening", "Help with sourdough bread"]);
    expect(titles(await list(ben, "price=swap"))).toEqual(["Swap: Thai curry evening"]);
    expect(titles(await list(ben, "skill=cooking&type=need"))).toEqual(["Help with sourdough bread"]);
    // "matches me": Ana teaches guitar and wants cooking, so all three; Ben's skills are the same two
    expect(titles(await list({ uid: "x", teaches: ["chess"], wants: [], language: "en" }, "mine=1"))).toEqual([]);
    expect((await list(ana, "mine=1")).posts.length).toBe(3);
    expect((await list(ana, "")).posts.find((p) => p.id === postId)!.mine).toBe(true);
  });

  it("finds a post by a word of its description, in any order, with the filters, and not once it is closed", async () => {
    const { postId } = await post("ana", { description: "Looking for patient sourdough wisdom" });
    await post("cy", { type: "offer", title: "Sourdough masterclass", description: "patient teacher" });
    expect(titles(await list(ben, "q=wisdom patient"))).toEqual(["Help with sourdough bread"]);
    expect(titles(await list(ben, "q=sourdough&type=offer"))).toEqual(["Sourdough masterclass"]);
    // title words weigh more
    expect(titles(await list(ben, "q=sourdough"))[0]).toBe("Sourdough masterclass");
    await closeBoardPost(store, "ana", postId, tick());
    expect(titles(await list(ben, "q=wisdom"))).toEqual([]);
    expect(titles(await list(ben, "type=need"))).toEqual([]);
  });

  it("pages with stable cursors: posts added meanwhile do not shift the next page", async () => {
    for (let i = 0; i < 5; i++) await store.set(`users/m${i}`, { fullName: `M${i}`, createdAt: 0 });
    for (let i = 0; i < 25; i++) await post(`m${i % 5}`, { title: `Need number ${i}` });
    const first = await list(ben, "");
    expect(first.posts.length).toBe(20);
    expect(first.next).not.toBeNull();
    await post("ana", { title: "A brand new need" });
    const second = await listBoard(store, ben, filters(""), { cursor: first.next, page: 0 }, now);
    expect(titles(second)).toEqual([
      "Need number 4",
      "Need number 3",
      "Need number 2",
      "Need number 1",
      "Need number 0",
    ]);
    expect(second.next).toBeNull();
    await expect(listBoard(store, ben, filters(""), { cursor: "nonsense", page: 0 }, now)).rejects.toMatchObject({
      status: 400,
    });
  });

  it("ranks best fit by the viewer's skills", async () => {
    await post("cy", { type: "offer", skill: "Chess", title: "Chess openings" });
    await post("cy", { type: "need", skill: "Cooking", title: "Cook with me" });
    await post("cy", { type: "offer", skill: "Knitting", title: "Knitting circle" });
    expect(titles(await list(ben, "sort=fit"))[0]).toBe("Cook with me");
    expect(titles(await list(ana, "sort=fit"))[0]).not.toBe("Cook with me");
  });

  it("calls a poster with no name so in each reader's language, best fit's kept posters included (decision 093)", async () => {
    await post("cy", { title: "Unnamed poster's need" });
    await store.update("users/cy", { fullName: " " });
    const poster = async (language: string, query: string) =>
      (await list({ ...ben, language }, query)).posts.find((p) => p.title === "Unnamed poster's need")?.poster.name;
    expect(await poster("fr", "sort=fit")).toEqual({ text: "Membre", own: false });
    expect(await poster("es", "sort=fit")).toEqual({ text: "Miembro", own: false });
    expect(await poster("ar", "")).toEqual({ text: "عضو", own: false });
    expect(await poster("en", "sort=fit")).toEqual({ text: "Member", own: false });
  });

  it("refuses an eleventh active post with a clear 409, and counts an expired one again when renewed", async () => {
    const ids: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_POSTS; i++) ids.push((await post("ana", { title: `Need ${i} of ten` })).postId);
    await expect(post("ana")).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/10 active posts/) });
    await closeBoardPost(store, "ana", ids[0], tick());
    const { postId } = await post("ana", { title: "Room again" });
    expect(postId).toBeTruthy();
    await expect(renewBoardPost(store, "ana", ids[0], undefined, tick())).rejects.toMatchObject({ status: 409 });
  });

  it("lets only the poster edit, close, renew and delete, and keeps list entries in step", async () => {
    const { postId } = await post("ana");
    await expect(editBoardPost(store, "ben", postId, form({ title: "Taken over" }), tick())).rejects.toMatchObject({
      status: 403,
    });
    await expect(deleteBoardPost(store, "ben", postId)).rejects.toMatchObject({ status: 403 });
    await expect(closeBoardPost(store, "ben", "../x", tick())).rejects.toMatchObject({ status: 404 });
    await editBoardPost(
      store,
      "ana",
      postId,
      form({ skill: "Guitar", title: "Now about guitar", type: "offer" }),
      tick(),
    );
    expect((await store.query({ collection: boardListOf(skillList("cooking")) })).length).toBe(0);
    expect((await store.query({ collection: boardListOf(skillList("guitar")) }))[0].data).toMatchObject({
      postId,
      type: "offer",
    });
    expect(titles(await list(ben, "q=guitar"))).toEqual(["Now about guitar"]);
    await deleteBoardPost(store, "ana", postId);
    expect(await store.get(boardPostPath(postId))).toBeNull();
    expect((await store.query({ collection: boardListOf(ALL_LIST) })).length).toBe(0);
    expect(titles(await list(ben, "q=guitar"))).toEqual([]);
  });

  it("expires posts at their time, warns three days before once, and renews them onto the board", async () => {
    const { postId } = await post("ana", { days: "7" });
    const created = now;
    expect(await runBoardExpiry(store, created + 3 * DAY_MS)).toEqual({ expired: 0, warned: 0 });
    expect(await runBoardExpiry(store, created + 4 * DAY_MS + 1)).toEqual({ expired: 0, warned: 1 });
    expect(await runBoardExpiry(store, created + 5 * DAY_MS)).toEqual({ expired: 0, warned: 0 });
    const notes = await store.query({ collection: "notifications/ana/messages" });
    expect(notes.map((n) => n.data.title)).toEqual(["Your post leaves the board in 3 days"]);
    // past the expiry, it leaves the board before the timed work runs, and for good once it has
    expect(titles(await list(ben, "", created + 7 * DAY_MS))).toEqual([]);
    expect(await runBoardExpiry(store, created + 7 * DAY_MS)).toEqual({ expired: 1, warned: 0 });
    expect((await store.get(boardPostPath(postId)))!.data.status).toBe("expired");
    expect((await store.query({ collection: boardListOf(ALL_LIST) })).length).toBe(0);
    expect((await listMyPosts(store, "ana", created + 7 * DAY_MS)).expired.map((p) => p.id)).toEqual([postId]);
    now = Math.max(now, created + 8 * DAY_MS);
    await renewBoardPost(store, "ana", postId, undefined, now);
    expect(titles(await list(ben, "q=sourdough", now))).toEqual(["Help with sourdough bread"]);
    expect((await listMyPosts(store, "ana", now)).active.map((p) => p.id)).toEqual([postId]);
    // the renewed expiry is warned about again
    expect(await runBoardExpiry(store, now + 27 * DAY_MS + 1)).toEqual({ expired: 0, warned: 1 });
  });

  it("shows a post's page with its poster's card and other posts; a closed one only to its poster", async () => {
    await store.set("users/ana", {
      fullName: "Ana",
      xp: 500,
      createdAt: 0,
      languages: ["English", "Italian"],
      rating: { count: 2, sum: 9 },
    });
    const { postId } = await post("ana");
    await post("ana", { title: "Another need of mine" });
    const view = await loadBoardPost(
      store,
      viewerOf("ben", { skillsOffered: [], skillsWanted: [] }, "en"),
      postId,
      now,
    );
    expect(view.poster).toMatchObject({ name: { text: "Ana", own: true }, languages: ["English", "Italian"] });
    expect(view.poster.level).toBeGreaterThan(1);
    expect(view.others.map((o) => o.title)).toEqual(["Another need of mine"]);
    expect(view.mine).toBe(false);
    await expect(loadBoardPost(store, ben, "nope", now)).rejects.toMatchObject({ status: 404 });
  });

  it("hides a post reported by three members of standing from three networks until a moderator restores it", async () => {
    for (const uid of ["r1", "r2", "r3", "r4"]) await store.set(`users/${uid}`, { fullName: uid, createdAt: 1 });
    const { postId } = await post("ana", { description: "Buy cheap watches" });
    const report = (uid: string, network: string, verified = true) =>
      fileReport(
        store,
        uid,
        reportSchema.parse({ targetKind: "board_post", targetId: postId, contextId: postId, reason: "spam" }),
        tick(),
        { emailVerified: verified, clientKey: network },
      );
    await expect(report("ana", "n0")).rejects.toMatchObject({ status: 400 });
    expect((await report("r1", "n1")).hidTarget).toBe(false);
    // an unverified reporter and a second one from the same network do not count
    expect((await report("r4", "n4", false)).hidTarget).toBe(false);
    expect((await report("r2", "n1")).hidTarget).toBe(false);
    expect((await list(ben, "q=watches")).posts.length).toBe(1);
    const third = await report("r3", "n3");
    expect(third.hidTarget).toBe(false);
    await store.set("users/r5", { fullName: "r5", createdAt: 1 });
    const hiding = await report("r5", "n5");
    expect(hiding.hidTarget).toBe(true);
    expect((await store.get(boardPostPath(postId)))!.data).toMatchObject({ status: "hidden", openReports: 5 });
    expect((await list(ben, "q=watches")).posts).toEqual([]);
    expect((await list(ben, "")).posts.map((p) => p.id)).not.toContain(postId);
    await expect(loadBoardPost(store, ben, postId, now)).rejects.toMatchObject({ status: 404 });
    expect((await loadBoardPost(store, ana, postId, now)).post.shownStatus).toBe("hidden");
    // a moderator hides it, then restores it: it is back on the board
    const { moderate } = await import("~/features/admin/reports.server");
    await moderate(store, "admin", hiding.id, "hide", "spam", tick());
    await restoreReported(store, { reportId: hiding.id, reviewerUid: "admin" }, undefined, tick());
    expect((await store.get(boardPostPath(postId)))!.data).toMatchObject({ status: "active", openReports: 0 });
    expect((await list(ben, "q=watches")).posts.map((p) => p.id)).toEqual([postId]);
  });
});
