import { describe, expect, it, vi } from "vitest";
import { toSkill, type SkillLevel } from "~/features/skills/tags";
import { findSkillNamed } from "~/features/skills/taxonomy";
import { DIRECTORY_SORTS, membersByName, readDirectoryQuery, searchDirectory, type DirectoryMember } from "./directory";

// The taxonomy as it is, its lookup counted.
vi.mock("~/features/skills/taxonomy", async (importOriginal) => {
  const taxonomy = await importOriginal<typeof import("~/features/skills/taxonomy")>();
  return { ...taxonomy, findSkillNamed: vi.fn(taxonomy.findSkillNamed) };
});

const skill = (name: string, level: SkillLevel = "expert") => toSkill(name, level)!;
/** A member as the directory keeps them, and whether they are online now. */
type Member = DirectoryMember & { online: boolean };
const entry = (uid: string, over: Partial<Member> = {}): Member => ({
  uid,
  fullName: uid,
  avatar: "/default-avatar.png",
  languages: [],
  skillsOffered: [],
  skillsWanted: [],
  rates: {},
  rating: { count: 0, average: null },
  online: false,
  createdAt: 0,
  ...over,
});
const q = (query: string) => readDirectoryQuery(new URLSearchParams(query));
/** The members in name order, as directory.server.ts keeps them, and the set of those online. */
const directory = (all: Member[], viewerUid = "") => ({
  members: membersByName(all),
  online: new Set(all.filter((m) => m.online).map((m) => m.uid)),
  viewerUid,
});
const uids = (query: string, all: Member[], size?: number) =>
  searchDirectory(directory(all), q(query), size).entries.map((e) => e.uid);

const ana = entry("Ana", {
  skillsOffered: [skill("Spanish")],
  rates: { spanish: 30 },
  languages: ["Spanish", "English"],
  rating: { count: 4, average: 4.5 },
  online: true,
  createdAt: 1,
});
const ben = entry("Ben", {
  skillsOffered: [skill("Guitar", "intermediate")],
  skillsWanted: [skill("Spanish", "beginner")],
  rates: { guitar: 0 },
  createdAt: 3,
});
const cleo = entry("Cleo", {
  skillsOffered: [skill("JavaScript")],
  rates: { javascript: 80 },
  rating: { count: 1, average: 3 },
  createdAt: 2,
});
const all = [cleo, ben, ana];

describe("searchDirectory", () => {
  it("finds by skill (synonyms included), by name and by language, skills first", () => {
    expect(uids("q=spanish", all)).toEqual(["Ana", "Ben"]);
    expect(uids("q=js", all)).toEqual(["Cleo"]);
    expect(uids("q=cle", all)).toEqual(["Cleo"]);
    expect(uids("q=english", all)).toEqual(["Ana"]);
  });
  it("finds a skill by its name in the reader's language, and its price with it", () => {
    const spanish = { guitar: "Guitarra", spanish: "Español" };
    const found = searchDirectory(directory(all), q("q=guitarra"), undefined, spanish);
    expect(found.entries.map((e) => [e.uid, e.price])).toEqual([["Ben", 0]]);
    expect(searchDirectory(directory(all), q("q=guitarra&free=1"), undefined, spanish).total).toBe(1);
    expect(uids("q=guitarra", all)).toEqual([]);
  });
  it("looks up the skill a search names once per search, not once per member (decision 097)", () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      entry(`m${i}`, { skillsOffered: [skill(i % 2 ? "Guitar" : "Spanish")], rates: { guitar: i % 7 } }),
    );
    vi.mocked(findSkillNamed).mockClear();
    const found = searchDirectory(directory(many), q("q=guitarra&sort=price"), 20, { guitar: "Guitarra" });
    expect(found.total).toBe(100);
    expect(found.entries.map((e) => e.uid).slice(0, 3)).toEqual(["m105", "m119", "m133"]);
    expect(vi.mocked(findSkillNamed)).toHaveBeenCalledTimes(1);
  });
  it("breaks ties by the kept name order, collating no name on a search (decision 124)", () => {
    let namesRead = 0;
    const many = Array.from({ length: 200 }, (_, i) =>
      Object.defineProperty(entry(`m${i}`, { rating: { count: 1, average: i % 5 } }), "fullName", {
        get: () => (namesRead++, `Member ${i % 50}`),
        enumerable: true,
      }),
    );
    const kept = directory(many);
    namesRead = 0;
    for (const sort of DIRECTORY_SORTS) searchDirectory(kept, q(`sort=${sort}`), 20);
    // Only each card shown reads its member's name: five sorts of 20 cards.
    expect(namesRead).toBe(5 * 20);
    // Equal names in the order of their uids, as the collator orders them.
    expect(searchDirectory(kept, q("sort=name"), 8).entries.map((e) => e.uid)).toEqual([
      "m0",
      "m100",
      "m150",
      "m50",
      "m1",
      "m101",
      "m151",
      "m51",
    ]);
  });
  it("works out every member's price only when the query sorts or filters by it, else the shown cards' (decision 124)", () => {
    let ratesRead = 0;
    const many = Array.from({ length: 200 }, (_, i) =>
      Object.defineProperty(entry(`m${String(i).padStart(3, "0")}`, { skillsOffered: [skill("Guitar")] }), "rates", {
        get: () => (ratesRead++, { guitar: i % 7 }),
        enumerable: true,
      }),
    );
    const kept = directory(many);
    const shown = searchDirectory(kept, q(""), 20);
    expect(shown.entries.slice(0, 3).map((e) => [e.uid, e.price])).toEqual([
      ["m000", 0],
      ["m001", 1],
      ["m002", 2],
    ]);
    // Each of the 20 cards: its price, and its rates copied into the entry.
    expect(ratesRead).toBe(2 * 20);
    const cheapest = searchDirectory(kept, q("sort=price&maxPrice=1"), 20);
    expect([cheapest.total, ...cheapest.entries.slice(0, 2).map((e) => [e.uid, e.price])]).toEqual([
      58,
      ["m000", 0],
      ["m007", 0],
    ]);
  });
  it("tells teaching from learning, and levels apart", () => {
    expect(uids("q=spanish&role=teaches", all)).toEqual(["Ana"]);
    expect(uids("q=spanish&role=learns", all)).toEqual(["Ben"]);
    expect(uids("q=spanish&level=beginner", all)).toEqual(["Ben"]);
    expect(uids("role=teaches&level=intermediate", all)).toEqual(["Ben"]);
  });
  it("filters by online now, free swaps, highest price and rating", () => {
    expect(uids("online=1", all)).toEqual(["Ana"]);
    expect(uids("free=1", all)).toEqual(["Ben"]);
    expect(uids("maxPrice=30&sort=price", all)).toEqual(["Ben", "Ana"]);
    expect(uids("minRating=4", all)).toEqual(["Ana"]);
  });
  it("sorts by rating, price, newest and name", () => {
    expect(uids("sort=rating", all)).toEqual(["Ana", "Cleo", "Ben"]);
    expect(uids("sort=price", all)).toEqual(["Ben", "Ana", "Cleo"]);
    expect(uids("sort=newest", all)).toEqual(["Ben", "Cleo", "Ana"]);
    expect(uids("sort=name", all)).toEqual(["Ana", "Ben", "Cleo"]);
  });
  it("pages, keeping a page past the end on the last one", () => {
    const many = Array.from({ length: 45 }, (_, i) => entry(`m${String(i).padStart(2, "0")}`));
    const last = searchDirectory(directory(many), q("sort=name&page=9"), 20);
    expect([last.page, last.pages, last.total, last.entries.length]).toEqual([3, 3, 45, 5]);
  });
  it("reads a broken query string as the defaults instead of failing", () => {
    expect(q("sort=evil&page=-3&maxPrice=abc&level=guru&online=yes")).toMatchObject({
      sort: "relevance",
      page: 1,
      maxPrice: undefined,
      level: "any",
      online: undefined,
    });
  });
});
