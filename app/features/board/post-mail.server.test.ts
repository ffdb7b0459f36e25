/**
 * "Board posts" by e-mail (issue 29; decision 041 as amended by 051): the timed work's alerts queue
 * one mail per member and hour, sent through a real SMTP server on a local port once the hour is
 * over, listing that hour's posts for the member's skills.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { boardPostPath, newestKeyOf, type BoardPostDoc } from "~/documents/board";
import { createSmtpTransport } from "~/engine/mail/smtp.server";
import { markRead, saveNotificationPrefs } from "~/features/notifications/notifications.server";
import { runMailWork, type MailWorkDeps } from "~/features/mail/work.server";
import { setSkills } from "~/features/skills/skills.server";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { useTempStore } from "../../../tests/support/temp-store";
import { ALERT_BUCKET_MS, alertNoticeId, runPostAlerts } from "./post-alerts.server";

const { store } = useTempStore("post-mail-");
const ORIGIN = "https://skillswap.example";
const T0 = 1_000 * ALERT_BUCKET_MS;
const HOUR_OVER = T0 + ALERT_BUCKET_MS;

let inbox: SmtpInbox;
let deps: MailWorkDeps;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());

async function member(uid: string, teaches: string[], wants: string[]) {
  await store.set(`users/${uid}`, { fullName: uid.toUpperCase(), createdAt: 1, timezone: "UTC" });
  const skill = (tag: string) => ({ tag, label: tag, level: "expert" as const });
  await setSkills(store, uid, teaches.map(skill), wants.map(skill));
}

async function post(id: string, at: number, fields: Partial<BoardPostDoc> = {}) {
  await store.set(boardPostPath(id), {
    type: "need",
    authorUid: "amy",
    skillTag: "guitar",
    skillLabel: "Guitar",
    title: `Post ${id}`,
    description: "",
    format: "online",
    area: "",
    price: { kind: "per_hour", sp: 10, swapSkillTag: null, swapSkillLabel: null },
    status: "active",
    createdAt: at,
    updatedAt: at,
    expiresAt: at + 30 * 86_400_000,
    warnedFor: null,
    closedAt: null,
    openReports: 0,
    newestKey: newestKeyOf(at, id),
    ...fields,
  } satisfies BoardPostDoc);
}

const mailTo = (uid: string) => inbox.messages.filter((m) => m.to.includes(`${uid}@example.com`));

beforeEach(async () => {
  inbox.messages.length = 0;
  deps = {
    transport: createSmtpTransport(inbox.url, "SkillSwap <no-reply@skillswap.example>", "skillswap.example"),
    recipient: async (uid) => ({ email: `${uid}@example.com`, displayName: null }),
    origin: ORIGIN,
    isOnline: async () => false,
  };
  await member("amy", [], ["guitar"]);
  await member("bob", ["guitar"], []);
  await member("cat", [], ["guitar"]);
  await runPostAlerts(store, T0 - 1); // sets the cursor
});

describe("board posts by e-mail", () => {
  it("gathers a burst of posts into one mail per member, sent when the hour is over", async () => {
    for (const i of [1, 2, 3]) {
      await post(`p${i}`, T0 + i);
      await runPostAlerts(store, T0 + 10 * i);
    }
    // Nothing leaves during the hour.
    await runMailWork(store, T0 + 30 * 60_000, deps);
    expect(inbox.messages).toEqual([]);

    await runMailWork(store, HOUR_OVER, deps);
    await runMailWork(store, HOUR_OVER + 60_000, deps);
    expect(mailTo("amy")).toEqual([]); // the poster
    const [mail] = mailTo("bob");
    expect(mailTo("bob")).toHaveLength(1);
    expect(mail.subject).toBe("3 new posts on the board for your skills");
    // Newest first, each with its own link; the action opens the board on the member's skills.
    expect(mail.text).toContain(
      `> Need · Guitar: Post p3\n> ${ORIGIN}/board/p3\n\n> Need · Guitar: Post p2\n> ${ORIGIN}/board/p2`,
    );
    expect(mail.text).toContain(`See them on the board: ${ORIGIN}/board?mine=1`);
    expect(mail.text).toContain('"Board posts" is turned on');
    expect(mailTo("cat")).toHaveLength(1);

    // The next hour's post is the next hour's mail, not a second one for this hour.
    await post("p4", HOUR_OVER + 1);
    await runPostAlerts(store, HOUR_OVER + 10);
    await runMailWork(store, HOUR_OVER + 20, deps);
    expect(mailTo("bob")).toHaveLength(1);
    await runMailWork(store, T0 + 2 * ALERT_BUCKET_MS, deps);
    expect(mailTo("bob").map((m) => m.subject)).toEqual([
      "3 new posts on the board for your skills",
      "New need on the board: Guitar",
    ]);
  });

  it("sends none to a member who turned the category off, or who read the hour's notice in the bell", async () => {
    await saveNotificationPrefs(store, "cat", { board: false });
    await post("p1", T0 + 1);
    await runPostAlerts(store, T0 + 10);
    await markRead(store, "bob", alertNoticeId(T0 + 10));
    await runMailWork(store, HOUR_OVER, deps);
    expect(inbox.messages).toEqual([]);
    // A member who turns it off after the alert is not mailed either.
    await member("dan", ["guitar"], []);
    await post("p2", HOUR_OVER + 1);
    await runPostAlerts(store, HOUR_OVER + 10);
    await saveNotificationPrefs(store, "dan", { board: false });
    await runMailWork(store, T0 + 2 * ALERT_BUCKET_MS, deps);
    expect(mailTo("dan")).toEqual([]);
    expect(mailTo("bob")).toHaveLength(1);
  });
});
