import { beforeEach, describe, expect, it } from "vitest";
import { boardPostPath, newestKeyOf, type BoardPostDoc } from "~/documents/board";
import { setSkills } from "~/features/skills/skills.server";
import { saveNotificationPrefs } from "~/features/notifications/notifications.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { ALERT_BUCKET_MS, alertNoticeId, runPostAlerts } from "./post-alerts.server";

const { store } = useTempStore("post-alerts-");
const T0 = 1_000 * ALERT_BUCKET_MS;

async function member(uid: string, teaches: string[], wants: string[]) {
  await store.set(`users/${uid}`, { fullName: uid, createdAt: 1 });
  const skill = (tag: string) => ({ tag, label: tag, level: "expert" as const });
  await setSkills(store, uid, teaches.map(skill), wants.map(skill));
}

async function post(id: string, fields: Partial<BoardPostDoc>) {
  await store.set(boardPostPath(id), {
    type: "need",
    authorUid: "amy",
    skillTag: "guitar",
    skillLabel: "Guitar",
    title: `Post ${id}`,
    description: "",
    format: "online",
    area: "",
    price: { kind: "per_hour", sp: 10 },
    status: "active",
    createdAt: T0,
    updatedAt: T0,
    expiresAt: T0 + 30 * 86_400_000,
    openReports: 0,
    newestKey: newestKeyOf(T0, id),
    ...fields,
  });
}

const bell = async (uid: string) =>
  (await store.query({ collection: `notifications/${uid}/messages` })).map((n) => n.data);

beforeEach(async () => {
  await member("amy", [], ["guitar"]);
  await member("bob", ["guitar"], []);
  await member("cat", [], ["guitar"]);
  await member("dan", ["cooking"], ["italian"]);
  await runPostAlerts(store, T0 - 1); // sets the cursor
});

describe("alerts for new board posts", () => {
  it("tells members who teach or want the skill, not the poster nor anyone else, once per post", async () => {
    await post("p1", {});
    expect(await runPostAlerts(store, T0 + 1)).toBe(1);
    expect(await bell("bob")).toEqual([
      expect.objectContaining({
        type: "board_post",
        title: "New need on the board: Guitar",
        body: "Post p1",
        link: "/board/p1",
        read: false,
        count: 1,
      }),
    ]);
    expect(await bell("cat")).toHaveLength(1);
    expect(await bell("amy")).toEqual([]);
    expect(await bell("dan")).toEqual([]);
    expect(await runPostAlerts(store, T0 + 2)).toBe(0);
    expect(await bell("bob")).toHaveLength(1);
  });

  it("gathers a busy hour into one notice with a count, unread again with each post", async () => {
    for (const i of [1, 2, 3]) await post(`p${i}`, { createdAt: T0 + i });
    await runPostAlerts(store, T0 + 10);
    expect(await bell("bob")).toEqual([
      expect.objectContaining({ title: "3 new posts on the board for your skills", link: "/board?mine=1", count: 3 }),
    ]);
    await post("p4", { createdAt: T0 + ALERT_BUCKET_MS });
    await runPostAlerts(store, T0 + ALERT_BUCKET_MS + 1);
    const notices = await store.query({ collection: "notifications/bob/messages" });
    expect(notices.map((n) => n.id).sort()).toEqual(
      [alertNoticeId(T0 + 10), alertNoticeId(T0 + ALERT_BUCKET_MS + 1)].sort(),
    );
  });

  it("skips members who turned the category off, and posts that are not open", async () => {
    await saveNotificationPrefs(store, "cat", { board: false });
    await post("p1", {});
    await post("p2", { createdAt: T0 + 1, status: "hidden" });
    await runPostAlerts(store, T0 + 2);
    expect(await bell("cat")).toEqual([]);
    expect((await bell("bob")).map((n) => n.link)).toEqual(["/board/p1"]);
  });
});
