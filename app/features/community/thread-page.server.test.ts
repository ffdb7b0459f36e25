import { describe, expect, it, vi } from "vitest";
import { useTempStore } from "../../../tests/support/temp-store";
import { spacePath } from "~/documents/community";
import { newThreadSchema } from "./rules";
import { skillSpaceId } from "./spaces";
import { loadThreadPage, spaceOfThread } from "./thread-page.server";
import { createThread } from "./write.server";

describe("a thread's space as the page names it (decision 085)", () => {
  it("reads a missing space record as the community, in the reader's language, not as a member's words", () => {
    expect(spaceOfThread("gone", "", null, "en")).toEqual({
      id: "gone",
      name: "Community",
      skillTag: null,
      own: false,
    });
    expect(spaceOfThread("gone", "", null, "fr").name).toBe("Communauté");
    expect(spaceOfThread("gone", "", null, "es").name).not.toBe("Community");
  });

  it("keeps a member's own tag as written and names a taxonomy skill's space in the reader's language", () => {
    expect(spaceOfThread("s1", "Knitting socks", "knitting socks", "fr")).toMatchObject({
      name: "Knitting socks",
      own: true,
    });
    expect(spaceOfThread("s2", "Guitar", "guitar", "es")).toMatchObject({ name: "Guitarra", own: false });
  });
});

describe("a thread page names its skill space from the kept spaces (issue 28)", () => {
  const { store } = useTempStore("thread-page-");

  it("reads no space record again until a space is written, and shows a written one at once", async () => {
    await store.set("users/ana", { fullName: "Ana", xp: 0, createdAt: 0 });
    const spaceId = skillSpaceId("knitting socks");
    const { threadId } = await createThread(
      store,
      "ana",
      newThreadSchema.parse({ spaceId, skillTag: "knitting socks", title: "Heels", body: "Turning a heel" }),
    );
    expect((await loadThreadPage(store, "ana", threadId, "en")).space).toMatchObject({ id: spaceId, own: true });
    // The first view marked the thread read, so the second reads the member's marks again.
    await loadThreadPage(store, "ana", threadId, "en");
    const get = vi.spyOn(store, "get");
    const query = vi.spyOn(store, "query");
    expect((await loadThreadPage(store, "ana", threadId, "en")).space.name).toBe("knitting socks");
    expect(get).not.toHaveBeenCalled();
    expect(query).not.toHaveBeenCalled();
    await store.update(spacePath(spaceId), { name: "Knitting" });
    expect((await loadThreadPage(store, "ana", threadId, "en")).space.name).toBe("Knitting");
  });
});
