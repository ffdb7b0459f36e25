import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openSqliteStore } from "~/engine/store/sqlite.server";
import type { DocStore } from "~/engine/store/types";
import { readStatus } from "~/documents/status";
import { getUser } from "~/documents/users";
import { setSkills } from "~/features/skills/skills.server";
import { parseSkillLines } from "~/features/skills/tags";
import { findMatches, reasonText } from "./matches.server";
import { topMatches } from "./top-matches.server";
import { RECENT_WINDOW_MS } from "./rank";
import { saveMember } from "~/features/members/saved.server";
import { countingReads } from "../../../tests/support/counting-reads";

// readStatus as a spy: which statuses a request parses (decision 135).
vi.mock("~/documents/status", async (original) => {
  const status = await original<typeof import("~/documents/status")>();
  return { ...status, readStatus: vi.fn(status.readStatus) };
});

// A store of its own per test, not the shared temp-store stand-in: the read cache is kept per store
// object, and this test is about what it keeps.
let dir: string;
let store: DocStore;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "matches-"));
  store = openSqliteStore(path.join(dir, "test.sqlite"));
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const skills = (text: string) => parseSkillLines(text).skills;

/** The member as the page's loader hands them over: their profile read with the session. */
const viewer = async (uid: string) => ({ uid, profile: await getUser(store, uid) });

async function member(uid: string, offered: string, wanted: string) {
  await store.set(`users/${uid}`, { fullName: uid.toUpperCase(), createdAt: 1 });
  await setSkills(store, uid, skills(offered), skills(wanted));
}

/** The store, recording the path of every document read through it. */
const counting = () => countingReads(store);

const order = async (now: number) =>
  (await findMatches(store, await viewer("me"), { language: "en" }, now)).cards.map((c) => c.member.uid);

describe("findMatches: candidates kept between requests, never older than the store", () => {
  it("takes in a new teacher, a new rating and a member coming online at the next request", async () => {
    const now = Date.now();
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "");
    await member("ben", "Spanish: intermediate", "");
    expect(await order(now)).toEqual(["ana", "ben"]);

    await member("cy", "Spanish: intermediate", "Guitar: beginner");
    expect(await order(now), "a two-way swap ranks first").toEqual(["cy", "ana", "ben"]);

    await store.set("ratings/ben", { count: 5, sum: 25 });
    expect(await order(now)).toEqual(["cy", "ben", "ana"]);

    // Cards show everyone's last seen, though only activity within the recent window ranks.
    await store.set("status/ana", { state: "offline", last_changed: now - RECENT_WINDOW_MS - 1, lease_ms: 0 });
    await store.set("status/ben", { state: "offline", last_changed: now - 60_000, lease_ms: 0 });
    const page = await findMatches(store, await viewer("me"), { language: "en" }, now);
    expect(page.cards.map((c) => [c.member.uid, c.presence.lastChanged])).toEqual([
      ["cy", 0],
      ["ben", now - 60_000],
      ["ana", now - RECENT_WINDOW_MS - 1],
    ]);
    await store.set("ratings/ben", { count: 0, sum: 0 });
    await store.set("status/ana", { state: "online", last_changed: now, lease_ms: 0 });
    expect(await order(now), "online now outranks seen a minute ago").toEqual(["cy", "ana", "ben"]);
  });
});

describe("findMatches: each skill list kept once for every viewer it names (decision 135)", () => {
  it("reads no candidate's profile or rating again for the next viewer, and shows each write to what a list was read from", async () => {
    const now = Date.now();
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("you", "Piano: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "");
    await member("ben", "Spanish: intermediate", "");
    // The counting stand-in has a read cache of its own: every request here goes through it.
    const { store: counted, paths: read } = counting();
    const orderOf = async (uid: string) =>
      (await findMatches(counted, await viewer(uid), { language: "en" }, now)).cards.map((c) => c.member.uid);
    expect(await orderOf("me")).toEqual(["ana", "ben"]);

    read.length = 0;
    const page = await findMatches(counted, await viewer("you"), { language: "en" }, now);
    expect(page.cards.map((c) => c.member.uid)).toEqual(["ana", "ben"]);
    // Their own saved marks (users/you/saved/…) are theirs to read; no one else's profile or rating is.
    expect(read.filter((p) => /^(users|ratings)\/[^/]+$/.test(p))).toEqual([]);

    // The list: a new teacher.
    await member("cy", "Spanish: expert", "");
    expect(await orderOf("you")).toEqual(["cy", "ana", "ben"]);
    expect(await orderOf("me")).toEqual(["cy", "ana", "ben"]);
    // A named member's profile: suspended, then back.
    await store.update("users/cy", { suspension: { reason: "Spam.", at: 1, byUid: "admin" } });
    expect(await orderOf("you")).toEqual(["ana", "ben"]);
    expect(await orderOf("me")).toEqual(["ana", "ben"]);
    await store.update("users/cy", { suspension: null });
    expect(await orderOf("you")).toEqual(["cy", "ana", "ben"]);
    // A named member's rating: five stars lift her above cy's expertise.
    await store.set("ratings/ana", { count: 5, sum: 25 });
    expect(await orderOf("me")).toEqual(["ana", "cy", "ben"]);
  });

  it("parses the statuses of candidates only, not of everyone present", async () => {
    const now = Date.now();
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "");
    await store.set("status/ana", { state: "online", last_changed: now - 1, lease_ms: 0 });
    for (let i = 0; i < 20; i++) {
      await member(`other${i}`, "Chess: expert", "");
      await store.set(`status/other${i}`, { state: "online", last_changed: now - 1_000 - i, lease_ms: 0 });
    }
    vi.mocked(readStatus).mockClear();
    const page = await findMatches(store, await viewer("me"), { language: "en" }, now);
    expect(page.cards.map((c) => [c.member.uid, c.presence.online])).toEqual([["ana", true]]);
    const parsed = vi.mocked(readStatus).mock.calls.map(([data]) => data?.last_changed);
    expect(parsed).toContain(now - 1);
    expect(parsed.filter((at) => typeof at === "number" && at <= now - 1_000)).toEqual([]);
  });
});

describe("findMatches: presence and saved marks kept until written (decision 159)", () => {
  it("reads no status or saved document again at the next request, and shows a write or the time passing at the next one", async () => {
    const now = Date.now();
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "");
    await member("ben", "Spanish: intermediate", "");
    await store.set("status/ben", { state: "offline", last_changed: now - 60_000, lease_ms: 0 });
    // Present, but nobody's match: the kept set holds them too.
    for (const uid of ["cy", "dan", "eve"])
      await store.set(`status/${uid}`, { state: "online", last_changed: 1, lease_ms: 0 });
    // Documents answered by collection, and every path asked for (a save that is not there answers nothing).
    const { store: counted, reads, paths: read } = countingReads(store);
    const page = async (at = now) => {
      const { cards } = await findMatches(counted, await viewer("me"), { language: "en" }, at);
      return cards.map((c) => [c.member.uid, c.presence.online, c.saved]);
    };
    expect(await page(), "ben was seen a minute ago").toEqual([
      ["ben", false, false],
      ["ana", false, false],
    ]);
    reads.clear();
    read.length = 0;
    await page();
    expect([reads.get("status"), read.filter((p) => p.startsWith("users/me/saved/"))]).toEqual([undefined, []]);

    await store.set("status/ana", { state: "online", last_changed: now, lease_ms: 0 });
    expect(await page(), "ana comes online").toEqual([
      ["ana", true, false],
      ["ben", false, false],
    ]);
    await saveMember(store, "me", "ben", now);
    expect(await page(), "me saves ben").toEqual([
      ["ana", true, false],
      ["ben", false, true],
    ]);
    await store.set("status/ana", { state: "offline", last_changed: now - 3 * 86_400_000, lease_ms: 0 });
    expect(
      (await page()).map(([uid]) => uid),
      "ben was seen last",
    ).toEqual(["ben", "ana"]);
    // No write: when both visits have left the window, the kept set still answers.
    reads.clear();
    expect(
      (await page(now + RECENT_WINDOW_MS)).map(([uid]) => uid),
      "neither counts",
    ).toEqual(["ana", "ben"]);
    expect(reads.get("status"), "the two cards' own statuses, now in another order: not everyone present").toBe(2);
    // An earlier time than the set was read at needs those seen before its window: read again.
    await store.set("status/ana", {
      state: "offline",
      last_changed: now - RECENT_WINDOW_MS - 3 * 86_400_000,
      lease_ms: 0,
    });
    await store.set("status/ben", { state: "offline", last_changed: now - RECENT_WINDOW_MS - 1_000, lease_ms: 0 });
    expect(
      (await page()).map(([uid]) => uid),
      "neither within the window",
    ).toEqual(["ana", "ben"]);
    expect((await page(now - RECENT_WINDOW_MS / 2)).map(([uid]) => uid)).toEqual(["ben", "ana"]);
  });
});

describe("findMatches: the viewer's profile is the caller's", () => {
  it("ranks from the profile the session read, without reading it again", async () => {
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "");
    const { store: counted, paths: read } = counting();
    const page = await findMatches(counted, await viewer("me"), { language: "en" });
    expect(page.cards.map((c) => c.member.uid)).toEqual(["ana"]);
    expect(read).not.toContain("users/me");
  });
});

describe("findMatches: the cards' profiles and teaching documents kept per member (decision 113)", () => {
  const card = async (s: DocStore) => (await findMatches(s, await viewer("me"), { language: "en" })).cards[0];

  it("reads neither again at the next request, and shows a new name or rate at the one after the write", async () => {
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "");
    await store.set("teaching/ana", { rates: { spanish: 30 } });
    const { store: counted, paths: read } = counting();
    expect((await card(counted)).rate).toEqual({ label: "Spanish", sp: 30 });
    read.length = 0;
    const again = await card(counted);
    expect([again.member.name.text, again.rate?.sp]).toEqual(["ANA", 30]);
    expect(read.filter((p) => p === "users/ana" || p === "teaching/ana")).toEqual([]);

    await store.update("users/ana", { fullName: "Ana Lima" });
    expect((await card(counted)).member.name.text, "her profile is written").toBe("Ana Lima");
    await store.set("teaching/ana", { rates: { spanish: 45 } });
    expect((await card(counted)).rate, "her teaching document is written").toEqual({ label: "Spanish", sp: 45 });
  });

  it("sends only what the card draws: no bio, languages or wanted skills, five skills taught", async () => {
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member(
      "ana",
      "Spanish: expert\nPiano: expert\nChess: expert\nYoga: expert\nGo: expert\nSQL: expert",
      "Cooking: beginner",
    );
    await store.update("users/ana", { bio: "Teacher in Porto", languages: ["Portuguese"] });
    const shown = await card(store);
    expect(Object.keys(shown.member).sort()).toEqual(["avatar", "name", "rating", "skillsOffered", "timezone", "uid"]);
    expect(JSON.stringify(shown)).not.toMatch(/Teacher in Porto|Portuguese|Cooking/);
    expect(shown.member.skillsOffered.map((s) => s.label)).toEqual(["Spanish", "Piano", "Chess", "Yoga", "Go"]);
  });
});

describe("findMatches: only members others may find, left out before the page is cut", () => {
  it("fills every page with eight cards and counts only them; a suspension or a reinstatement shows at the next request", async () => {
    await member("me", "Guitar: expert", "Spanish: beginner");
    // Ten teachers of equal fit rank by uid: the two hidden ones would head the first page.
    for (const uid of ["a-gone", "a-suspended", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"])
      await member(uid, "Spanish: intermediate", "");
    // A profile deleted while its skill list still names it (written before deletion emptied the lists).
    await store.update("users/a-gone", { deleted: true, fullName: "Deleted member" });
    await store.update("users/a-suspended", { suspension: { reason: "Spam.", at: 1, byUid: "admin" } });

    const first = await findMatches(store, await viewer("me"), { language: "en" });
    expect(first.cards.map((c) => c.member.uid)).toEqual(["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]);
    expect([first.total, first.pages]).toEqual([9, 2]);
    expect(
      (await findMatches(store, await viewer("me"), { page: 2, language: "en" })).cards.map((c) => c.member.uid),
    ).toEqual(["b9"]);
    const top = async () => (await topMatches(store, "me", "en", 3)).map((m) => m.member.uid);
    expect(await top(), "the dashboard's widget ranks from the same candidates").toEqual(["b1", "b2", "b3"]);

    await store.update("users/b1", { suspension: { reason: "Spam.", at: 2, byUid: "admin" } });
    await store.update("users/a-suspended", { suspension: null });
    const after = await findMatches(store, await viewer("me"), { language: "en" });
    expect(after.cards.map((c) => c.member.uid)).toEqual(["a-suspended", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]);
    expect(after.total).toBe(9);

    expect(await top()).toEqual(["a-suspended", "b2", "b3"]);
  });
});

describe("the dashboard widget's matches, kept per member (decision 090)", () => {
  it("reads nothing again until a write or the time changes them, and shows every such change on the next visit", async () => {
    const now = Date.now();
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: intermediate", "");
    await member("ben", "Spanish: intermediate", "");
    // Seen just long enough ago that the recency bonus falls to 0 within the hour (decision 090's time check).
    const zedSeen = now - Math.round((RECENT_WINDOW_MS * 15) / 16) + 30 * 60_000;
    await member("zed", "Spanish: intermediate", "");
    await store.set("status/zed", { state: "offline", last_changed: zedSeen, lease_ms: 0 });
    const top = async (at = now) => (await topMatches(store, "me", "en", 3, at)).map((m) => m.member.uid);
    expect(await top()).toEqual(["zed", "ana", "ben"]);

    // Kept: nothing is read the second time.
    const reads = [vi.spyOn(store, "get"), vi.spyOn(store, "getAll"), vi.spyOn(store, "query")];
    expect(await top()).toEqual(["zed", "ana", "ben"]);
    expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0]);
    vi.restoreAllMocks();

    // The time alone: zed's visit no longer lifts him an hour later.
    expect(await top(now + 3_600_000)).toEqual(["ana", "ben", "zed"]);

    // A skill list a candidate comes from: a two-way swap now ranks first.
    await member("cy", "Spanish: intermediate", "Guitar: beginner");
    expect(await top()).toEqual(["cy", "zed", "ana"]);

    // A rating.
    await store.set("ratings/ben", { count: 5, sum: 25 });
    expect(await top()).toEqual(["cy", "ben", "zed"]);

    // A candidate's presence: ana comes online, above zed (and her dot says so).
    await store.set("status/ana", { state: "online", last_changed: now, lease_ms: 0 });
    const shown = await topMatches(store, "me", "en", 3, now);
    expect(shown.map((m) => [m.member.uid, m.presenceLabel])).toEqual([
      ["cy", "Offline"],
      ["ben", "Offline"],
      ["ana", "Online"],
    ]);

    // A shown member's profile: a new name.
    await store.update("users/ben", { fullName: "Benedict" });
    expect((await topMatches(store, "me", "en", 3, now)).map((m) => m.member.name.text)).toEqual([
      "CY",
      "Benedict",
      "ANA",
    ]);

    // The member's own profile: they want to learn something else now.
    await member("dee", "Italian: expert", "");
    await store.update("users/me", { skillsWanted: skills("Italian: beginner") });
    expect(await top(), "cy still wants to learn guitar").toEqual(["dee", "cy"]);
  });
});

describe("matches in the reader's language", () => {
  it("names the taxonomy's skills in it, a member's own as written, and finds a skill typed in it", async () => {
    await member("me", "Guitar: expert", "Spanish: beginner");
    await member("ana", "Spanish: expert\nSourdough scoring: expert", "Guitar: beginner");
    const page = await findMatches(store, await viewer("me"), { language: "es" });
    expect(page.cards[0].fit).toEqual({ teaches: ["Español"], learns: ["Guitarra"] });
    expect(page.cards[0].member.skillsOffered.map((s) => [s.label, s.own])).toEqual([
      ["Español", false],
      ["Sourdough scoring", true],
    ]);
    expect((await findMatches(store, await viewer("me"), { language: "es", skill: "español" })).total).toBe(1);
    expect((await findMatches(store, await viewer("me"), { language: "en", skill: "español" })).total).toBe(1);
    expect((await findMatches(store, await viewer("me"), { language: "es", skill: "guitarra" })).total).toBe(1);
    expect((await findMatches(store, await viewer("me"), { language: "en", skill: "guitarra" })).total).toBe(0);
  });

  it("writes why in one line as the matches page does, lists joined as the language joins them", () => {
    expect(reasonText({ teaches: ["Spanish"], learns: ["React"] }, "en")).toBe(
      "Teaches Spanish, wants to learn React — you teach React",
    );
    expect(reasonText({ teaches: ["Español", "Go"], learns: [] }, "es")).toMatch(/Español y Go/);
    expect(reasonText({ teaches: [], learns: [] }, "ar")).not.toBe("New to the community");
  });
});
