import { beforeEach, describe, expect, it } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { readUser } from "~/documents/users";
import type { CurrentUser } from "~/features/auth/auth.server";
import { loadCommunityPage } from "./community-page.server";
import { newThreadSchema } from "./rules";
import { ACTIVE_SPACES_SHOWN, FIXED_SPACES, skillSpaceId } from "./spaces";
import { createThread } from "./write.server";

const { store } = useTempStore("community-page-");
const DAY = 24 * 60 * 60_000;
// The posting limits live in the process across tests: time only moves forward, two minutes a post.
let now = 400 * DAY;
const AUTHORS = ["ana", "ben", "cy", "dee"];

// The schema keeps the tag, written as the space's name.
const craft = (n: number) => `craft ${String(n).padStart(2, "0")}`;
const craftSpace = (n: number) => skillSpaceId(craft(n));
const thread = (n: number, title: string, author: string) =>
  createThread(
    store,
    author,
    newThreadSchema.parse({
      spaceId: craftSpace(n),
      title,
      body: "Body text here",
      skillTag: craft(n),
    }),
    (now += 2 * 60_000),
  );

// Ana teaches Craft 01, the quietest space.
const ana: CurrentUser = {
  uid: "ana",
  email: "ana@example.com",
  emailVerified: true,
  displayName: "Ana",
  avatar: "/default-avatar.png",
  profile: readUser({
    fullName: "Ana",
    skillsOffered: [{ tag: "craft 01", label: "craft 01", level: "expert" }],
  }),
};
const page = (query = "") => loadCommunityPage(store, ana, new URLSearchParams(query), "en");
const names = (spaces: { name: string }[]) => spaces.map((s) => s.name);

beforeEach(async () => {
  for (const uid of AUTHORS) await store.set(`users/${uid}`, { fullName: uid, xp: 0, createdAt: 0 });
  // Twelve skill spaces in use: Craft n holds n threads, so Craft 05 to 12 are the most active.
  for (let n = 1; n <= 12; n++)
    for (let i = 0; i < n; i++) await thread(n, `Question ${i} about ${craft(n)}`, AUTHORS[i % AUTHORS.length]);
}, 60_000);

describe("/community's spaces (decision 147)", () => {
  it("lists the member's own, the fixed and the most active skill spaces, and says how many more there are", async () => {
    const d = await page();
    expect(ACTIVE_SPACES_SHOWN).toBe(8);
    expect(names(d.spaces)).toEqual([
      "craft 01",
      ...FIXED_SPACES.map((s) => s.name),
      ...[5, 6, 7, 8, 9, 10, 11, 12].map(craft),
    ]);
    expect(d.spaces.find((s) => s.name === "craft 12")?.threadCount).toBe(12);
    // Craft 02, 03 and 04 are behind the "3 more spaces" link.
    expect(d.hiddenSpaces).toBe(3);

    const all = await page("spaces=all");
    expect(names(all.spaces)).toEqual([
      "craft 01",
      ...FIXED_SPACES.map((s) => s.name),
      ...[...Array(11)].map((_, i) => craft(i + 2)),
    ]);
    expect(all.hiddenSpaces).toBe(0);
  });

  it("lists the space being read, and names each row's space, listed or not", async () => {
    const reading = await page(`space=${craftSpace(3)}`);
    expect(names(reading.spaces)).toEqual([
      "craft 01",
      ...FIXED_SPACES.map((s) => s.name),
      ...[3, 5, 6, 7, 8, 9, 10, 11, 12].map(craft),
    ]);
    expect(reading.hiddenSpaces).toBe(2);
    expect(reading.threads).toHaveLength(3);
    expect(reading.rowSpaces).toEqual([{ id: craftSpace(3), name: "craft 03", own: true }]);

    // The newest thread is in a space the list leaves out: its row still says where it is.
    const { threadId } = await thread(2, "A fresh question about Craft 02", "ben");
    const latest = await page();
    expect(latest.threads[0].id).toBe(threadId);
    expect(names(latest.spaces)).not.toContain("craft 02");
    expect(latest.rowSpaces).toContainEqual({ id: craftSpace(2), name: "craft 02", own: true });

    await expect(page("space=no-such-space")).rejects.toMatchObject({ status: 404 });
  });

  it("follows the spaces' activity: a space that becomes one of the most active is listed at the next view", async () => {
    expect(names((await page()).spaces)).toContain("craft 05");
    // Craft 02 goes from 2 threads to 8, past Craft 05's 5 (the spaces' records are kept until written).
    for (let i = 0; i < 6; i++) await thread(2, `More about Craft 02, part ${i}`, AUTHORS[i % AUTHORS.length]);
    const d = await page();
    expect(names(d.spaces)).toContain("craft 02");
    expect(names(d.spaces)).not.toContain("craft 05");
    expect(d.hiddenSpaces).toBe(3);
  });
});
