import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { readThread, THREADS } from "~/documents/community";
import { readUser } from "~/documents/users";
import type { CurrentUser } from "~/features/auth/auth.server";
import { startThread } from "./discuss.server";
import { newThreadSchema } from "./rules";
import { skillSpaceId } from "./spaces";
import { createThread } from "./write.server";

const { store } = useTempStore("discuss-");

// Ana learns weaving, a space nobody has posted in yet; Ben's knitting space is in use.
const ana: CurrentUser = {
  uid: "ana",
  email: "ana@example.com",
  emailVerified: true,
  displayName: "Ana",
  avatar: "/default-avatar.png",
  profile: readUser({ fullName: "Ana", skillsWanted: [{ tag: "weaving", label: "Weaving" }] }),
};

const post = (fields: Record<string, string>) =>
  startThread(
    store,
    ana,
    new Request("http://localhost/discuss", {
      method: "POST",
      body: new URLSearchParams({ title: "Where to start?", body: "Which yarn first?", ...fields }),
    }),
  );
const threads = async () => (await store.query({ collection: THREADS })).map(readThread);

beforeEach(async () => {
  for (const uid of ["ana", "ben"]) await store.set(`users/${uid}`, { fullName: uid, xp: 0, createdAt: 0 });
  await createThread(
    store,
    "ben",
    newThreadSchema.parse({ spaceId: skillSpaceId("knitting"), skillTag: "knitting", title: "Socks", body: "Heels" }),
  );
});

describe("starting a thread in a skill space from /discuss (issue 28)", () => {
  it("reads the chosen space by its id, not every space, and files the thread under its skill", async () => {
    const query = vi.spyOn(store, "query");
    const response = await post({ spaceId: skillSpaceId("knitting") });
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Location")).toMatch(/^\/community\/.+/);
    // Mentions and the posting limits may query; none of the queries lists the spaces.
    expect(query.mock.calls.filter(([q]) => q.collection.endsWith("/spaces"))).toEqual([]);
    query.mockRestore();
    expect((await threads()).filter((t) => t.spaceId === skillSpaceId("knitting"))).toHaveLength(2);
  });

  it("starts the first thread of the member's own skill space, named as they wrote it", async () => {
    await post({ spaceId: skillSpaceId("weaving") });
    expect(await threads()).toContainEqual(
      expect.objectContaining({ spaceId: skillSpaceId("weaving"), skillTag: "weaving" }),
    );
    expect((await store.get(`community/forum/spaces/${skillSpaceId("weaving")}`))?.data).toMatchObject({
      name: "Weaving",
      skillTag: "weaving",
    });
  });

  it("refuses a skill space that is neither in use nor the member's own, and writes nothing", async () => {
    const response = await post({ spaceId: skillSpaceId("pottery") });
    expect(response).not.toBeInstanceOf(Response);
    expect(response).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { spaceId: "Choose one of the spaces in the list." } },
    });
    expect(await threads()).toHaveLength(1);
  });
});
