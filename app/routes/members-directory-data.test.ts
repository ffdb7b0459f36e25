/**
 * What the /members loader sends to the browser: only what a directory card draws (issue 28,
 * decision 131), on a real embedded engine in a temp directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "members-directory-data-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getStore } = await import("~/engine/index.server");
const { signUpWithCookie } = await import("../../tests/support/signed-in");
const membersPage = await import("./_app.members._index");

const ORIGIN = "http://localhost";
let cookie: string;

beforeAll(async () => {
  const viewer = await signUpWithCookie("viewer@example.com");
  cookie = viewer.cookie;
  const store = await getStore();
  await store.set(`users/${viewer.uid}`, { fullName: "Vera Viewer" });
  await store.set("users/ana", {
    fullName: "Ana Teacher",
    bio: "Guitar teacher in Porto since 2009",
    languages: ["Portuguese"],
    createdAt: 1_700_000_000_000,
    skillsOffered: [{ tag: "guitar", label: "Guitar", level: "expert" }],
    skillsWanted: [{ tag: "chess", label: "Chess", level: "beginner" }],
  });
  await store.set("teaching/ana", { weekly: [], exceptions: [], rates: { guitar: 12 } });
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the /members loader", () => {
  it("sends only what a card draws: no bio, rates or sign-up time", async () => {
    const data = await membersPage.loader({
      request: new Request(`${ORIGIN}/members`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    });
    expect(data.members).toHaveLength(1);
    const [card] = data.members;
    expect(Object.keys(card).sort()).toEqual([
      "avatar",
      "fullName",
      "languages",
      "online",
      "price",
      "rating",
      "skillsOffered",
      "skillsWanted",
      "uid",
    ]);
    expect(JSON.stringify(data)).not.toMatch(/Porto|1700000000000|"rates"/);
    // What the card draws is all there: the name, languages, skills and the price from the rate.
    expect(card).toMatchObject({ uid: "ana", fullName: "Ana Teacher", languages: ["Portuguese"], price: 12 });
    expect(card.skillsOffered.map((s) => [s.label, s.level])).toEqual([["Guitar", "expert"]]);
    expect(card.skillsWanted.map((s) => [s.label, s.level])).toEqual([["Chess", "beginner"]]);
  });
});
