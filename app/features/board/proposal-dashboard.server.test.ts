import { beforeEach, describe, expect, it, vi } from "vitest";
import { publicMember } from "~/features/members/member";
import { useTempStore } from "../../../tests/support/temp-store";
import { DAY_MS } from "./expiry";
import { bestFittingPosts } from "./proposal-dashboard.server";
import { postFormSchema } from "./rules";
import { closeBoardPost, createBoardPost, editBoardPost } from "./write.server";

vi.mock("~/features/members/member", async (importOriginal) => {
  const member = await importOriginal<typeof import("~/features/members/member")>();
  return { ...member, publicMember: vi.fn(member.publicMember) };
});

const { store } = useTempStore("board-dashboard-");
// The posting limits live in the process across tests: time only moves forward.
let now = 200 * DAY_MS;
const tick = () => (now += 10 * 60_000);

beforeEach(async () => {
  for (const uid of ["ana", "ben", "cy", "dee", "eve", "fay"])
    await store.set(`users/${uid}`, { fullName: uid, xp: 0, createdAt: 0 });
});

const post = (uid: string, over: Record<string, string>) =>
  createBoardPost(
    store,
    uid,
    postFormSchema.parse({
      type: "need",
      skill: "Guitar",
      title: "Guitar basics, please",
      description: "Chords",
      format: "online",
      priceKind: "per_hour",
      sp: "2",
      ...over,
    }),
    tick(),
  );

const guitarTeacher = {
  skillsOffered: [{ tag: "guitar", label: "Guitar", level: "expert" as const }],
  skillsWanted: [{ tag: "italian", label: "Italian", level: "beginner" as const }],
};

describe("the dashboard's best-fitting posts", () => {
  it("shows the three open posts that fit best, never the member's own", async () => {
    await post("ana", { title: "Need guitar one" });
    await post("cy", { title: "Need guitar two" });
    await post("dee", { title: "Need guitar three", priceKind: "swap", swapSkill: "Italian", sp: "" });
    await post("ana", { title: "Italian evenings", type: "offer", skill: "Italian" });
    await post("ben", { title: "My own guitar need" });
    await post("cy", { title: "Guitar lessons offered", type: "offer" });
    await post("dee", { title: "Cooking help", skill: "Cooking" });
    const posts = await bestFittingPosts(store, "ben", guitarTeacher, "en", tick());
    expect(posts).toHaveLength(3);
    // The swap that gives back a skill Ben wants fits best; his own post and the others do not show.
    expect(posts[0].title).toBe("Need guitar three");
    expect(posts.map((p) => p.title)).not.toContain("My own guitar need");
    expect(posts.map((p) => p.title)).not.toContain("Cooking help");
  });

  it("gives the widget only what it draws, its skills named in the reader's language (decision 128)", async () => {
    const { postId } = await post("dee", { title: "Need guitar", priceKind: "swap", swapSkill: "Italian", sp: "" });
    expect(await bestFittingPosts(store, "ben", guitarTeacher, "es", tick())).toEqual([
      {
        id: postId,
        type: "need",
        skillLabel: "Guitarra",
        skillOwn: false,
        title: "Need guitar",
        poster: { name: { text: "dee", own: true } },
        price: { kind: "swap", sp: 0, swapSkillLabel: "Italiano" },
      },
    ]);
  });

  it("sees a new post, an edit, a close and a poster's new name on the next visit (the window is kept in the read cache)", async () => {
    const { postId: first } = await post("ana", { title: "Need guitar one" });
    const titles = async () => (await bestFittingPosts(store, "ben", guitarTeacher, "en", tick())).map((p) => p.title);
    expect(await titles()).toEqual(["Need guitar one"]);
    await post("cy", { title: "Need guitar two" });
    expect(await titles()).toEqual(["Need guitar two", "Need guitar one"]);
    await editBoardPost(
      store,
      "ana",
      first,
      postFormSchema.parse({
        type: "need",
        skill: "Guitar",
        title: "Need guitar one, edited",
        description: "Chords",
        format: "online",
        priceKind: "per_hour",
        sp: "2",
      }),
      tick(),
    );
    expect(await titles()).toContain("Need guitar one, edited");
    await store.set("users/cy", { fullName: "Cyrus", xp: 0, createdAt: 0 });
    expect(
      (await bestFittingPosts(store, "ben", guitarTeacher, "en", tick())).map((p) => p.poster.name.text),
    ).toContain("Cyrus");
    await closeBoardPost(store, "ana", first, tick());
    expect(await titles()).toEqual(["Need guitar two"]);
  });

  it("names only the posters of the three posts it shows, and skips a post whose poster has gone (decision 137)", async () => {
    for (const [uid, title] of [
      ["ana", "Need guitar one"],
      ["cy", "Need guitar two"],
      ["dee", "Need guitar three"],
      ["eve", "Need guitar four"],
      ["fay", "Need guitar five"],
    ])
      await post(uid, { title });
    // Fay's post is the newest, so it fits best: gone, her post gives its place to the next one.
    await store.set("users/fay", { fullName: "fay", xp: 0, createdAt: 0, deleted: true });
    vi.mocked(publicMember).mockClear();
    const posts = await bestFittingPosts(store, "ben", guitarTeacher, "en", tick());
    expect(posts.map((p) => p.title)).toEqual(["Need guitar four", "Need guitar three", "Need guitar two"]);
    expect(
      vi
        .mocked(publicMember)
        .mock.calls.map(([uid]) => uid)
        .sort(),
    ).toEqual(["cy", "dee", "eve"]);
  });

  it("shows nothing to a member without skills", async () => {
    await post("ana", { title: "Need guitar one" });
    expect(await bestFittingPosts(store, "ben", { skillsOffered: [], skillsWanted: [] }, "en", tick())).toEqual([]);
  });
});
