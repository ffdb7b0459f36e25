/**
 * Notification mail end to end below the browser: real booking and chat changes queue jobs, the
 * delivery step sends them through a real SMTP server on a local port, and the tests read what
 * arrived there.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createSmtpTransport } from "~/engine/mail/smtp.server";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { runDueWork } from "~/features/bookings/scheduler.server";

import { markSeen, openChat, sendMessage } from "~/features/chat/chat.server";
import { saveNotificationPrefs } from "~/features/notifications/notifications.server";
import { postEntry } from "~/features/wallet/ledger.server";
import { startSmtpInbox, type SmtpInbox } from "../../../tests/support/smtp-inbox";
import { useTempStore } from "../../../tests/support/temp-store";
import { HOUR, NOW, teachDuringWorkingWeek, workingWeekSlots } from "../../../tests/support/teaching";
import { CHAT_MAIL_DELAY_MS, CHAT_MAIL_EVERY_MS } from "./chat-batch.server";
import { MAX_ATTEMPTS, RETRY_AFTER_MS, SENDING_TIMEOUT_MS } from "./delivery.server";
import { chatMailPath, mailJobPath, type MailJobDoc } from "~/documents/mail";
import { runMailWork, type MailWorkDeps } from "./work.server";

const { store } = useTempStore("mail-");

const ORIGIN = "https://skillswap.example";
const EMAIL: Record<string, string> = {
  mentor: "mentor@example.com",
  learner: "learner@example.com",
};
const SLOTS = workingWeekSlots(7);

let inbox: SmtpInbox;
let deps: MailWorkDeps;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());

beforeEach(async () => {
  inbox.messages.length = 0;
  inbox.failNext(0);
  deps = {
    transport: createSmtpTransport(inbox.url, "SkillSwap <no-reply@skillswap.example>", "skillswap.example"),
    recipient: async (uid) => (EMAIL[uid] ? { email: EMAIL[uid], displayName: null } : null),
    origin: ORIGIN,
    unsubscribeSecret: "a test secret that is at least 32 characters long",
    // Presence as the embedded engine keeps it.
    isOnline: async (uid) => (await store.get(`status/${uid}`))?.data.state === "online",
  };
  await store.set("users/mentor", {
    fullName: "Mara Mentor",
    timezone: "Europe/Berlin",
    xp: 0,
    skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
  });
  await store.set("users/learner", { fullName: "Leo Learner", timezone: "UTC", xp: 0 });
  await teachDuringWorkingWeek(store, "mentor", { spanish: 10 });
  await postEntry(store, "learner", { id: "seed", amount: 500, type: "adjustment", description: "Seed" });
});

const request = (slot = 0, now = NOW) =>
  requestBooking(
    store,
    { learnerUid: "learner", mentorUid: "mentor", skillTag: "spanish", start: SLOTS[slot * 2], durationMinutes: 60 },
    now,
  );
const work = (now: number) => runMailWork(store, now, deps);
const job = async (key: string) => (await store.get<MailJobDoc>(mailJobPath(key)))?.data;

describe("booking mails through SMTP", () => {
  it("a request reaches the mentor once, as text and HTML, in their timezone, with the event as Message-ID", async () => {
    const booking = await request();
    expect(inbox.messages).toHaveLength(0); // nothing leaves inside the booking's transaction
    await work(NOW + 1);
    await work(NOW + 2);

    expect(inbox.messages).toHaveLength(1);
    const [mail] = inbox.to(EMAIL.mentor);
    expect(mail.from).toBe("no-reply@skillswap.example");
    expect(mail.subject).toMatch(/^New session request: Spanish on /);
    expect(mail.text).toContain("Hello Mara Mentor,");
    expect(mail.text).toContain("\u2068Leo Learner\u2069 asks for a 60-minute Spanish session with you on");
    expect(mail.text).toContain("(Europe/Berlin). 10 SP are held for it");
    expect(mail.text).toContain(`Answer the request: ${ORIGIN}/session/${booking.id}`);
    expect(mail.html).toContain(`href="${ORIGIN}/session/${booking.id}"`);
    expect(mail.messageId).toBe(`<booking_${booking.id}_requested_mentor@skillswap.example>`);
    expect(await job(`booking_${booking.id}_requested_mentor`)).toMatchObject({
      state: "sent",
      attempts: 1,
      sentAt: NOW + 1,
    });
  });

  it("names a built-in skill in the recipient's language, not as the booking stored it (decision 086)", async () => {
    await store.update("users/mentor", { language: "es" });
    // Another learner: the file's requests by "learner" at NOW fill its per-minute request limit.
    await store.set("users/learner2", { fullName: "Lea Learner", timezone: "UTC", xp: 0 });
    await postEntry(store, "learner2", { id: "seed", amount: 500, type: "adjustment", description: "Seed" });
    await requestBooking(
      store,
      { learnerUid: "learner2", mentorUid: "mentor", skillTag: "spanish", start: SLOTS[0], durationMinutes: 60 },
      NOW,
    );
    await work(NOW + 1);
    const [mail] = inbox.to(EMAIL.mentor);
    expect(mail.subject).toMatch(/^Nueva solicitud de sesión: Español el /);
    expect(mail.text).toContain("\u2068Lea Learner\u2069 te pide una sesión de Español de 60 minutos");
    expect(mail.text).not.toContain("Spanish");
  });

  it("accepted, declined and cancelled each reach the member they concern", async () => {
    const accepted = await request(0);
    await applyCommand(store, accepted.id, { uid: "mentor" }, { kind: "accept" }, NOW + 10);
    const declined = await request(1);
    await applyCommand(store, declined.id, { uid: "mentor" }, { kind: "decline" }, NOW + 20);
    await applyCommand(store, accepted.id, { uid: "learner" }, { kind: "cancel" }, NOW + 30);
    await work(NOW + 40);

    expect(inbox.to(EMAIL.learner).map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        "\u2068Mara Mentor\u2069 accepted your Spanish session",
        "\u2068Mara Mentor\u2069 declined your Spanish request",
      ]),
    );
    expect(inbox.to(EMAIL.learner)).toHaveLength(2);
    const mentorSubjects = inbox.to(EMAIL.mentor).map((m) => m.subject);
    expect(mentorSubjects.filter((s) => s.startsWith("New session request"))).toHaveLength(2);
    expect(
      mentorSubjects.filter((s) => s.startsWith("\u2068Leo Learner\u2069 cancelled the Spanish session on")),
    ).toHaveLength(1);
    expect(inbox.messages).toHaveLength(5);
  });

  it("a request nobody answered tells both sides it expired", async () => {
    const booking = await request(0);
    await work(NOW + 1);
    inbox.messages.length = 0;
    await runDueWork(store, SLOTS[0] + 1);
    await work(SLOTS[0] + 2);
    expect(inbox.to(EMAIL.learner).map((m) => m.subject)).toEqual(["Your Spanish request expired"]);
    expect(inbox.to(EMAIL.mentor).map((m) => m.subject)).toEqual([
      "A Spanish request from \u2068Leo Learner\u2069 expired",
    ]);
    expect(await job(`booking_${booking.id}_cancelled_learner`)).toMatchObject({ state: "sent", by: "system" });
  });

  it("the reminder an hour before goes to both participants once, however often timed work runs", async () => {
    const booking = await request(0);
    await applyCommand(store, booking.id, { uid: "mentor" }, { kind: "accept" }, NOW + 10);
    await work(NOW + 20);
    inbox.messages.length = 0;
    const due = SLOTS[0] - HOUR + 1;
    await runDueWork(store, due);
    await runDueWork(store, due + 60_000);
    await Promise.all([work(due + 60_001), work(due + 60_001)]);
    await work(due + 120_000);
    expect(inbox.to(EMAIL.mentor).map((m) => m.subject)).toEqual([
      "Reminder: Spanish with \u2068Leo Learner\u2069 at 10:00",
    ]);
    expect(inbox.to(EMAIL.learner).map((m) => m.subject)).toEqual([
      "Reminder: Spanish with \u2068Mara Mentor\u2069 at 09:00",
    ]);
  });

  it("honours the notification choices at the time the mail would leave", async () => {
    await saveNotificationPrefs(store, "mentor", { sessions: false, reminders: true });
    const booking = await request(0);
    await applyCommand(store, booking.id, { uid: "mentor" }, { kind: "accept" }, NOW + 10);
    await work(NOW + 20);
    expect(inbox.to(EMAIL.mentor)).toHaveLength(0);
    expect(inbox.to(EMAIL.learner)).toHaveLength(1);
    expect(await job(`booking_${booking.id}_requested_mentor`)).toMatchObject({
      state: "skipped",
      reason: "The member turned this category off.",
    });

    await saveNotificationPrefs(store, "learner", { reminders: false });
    await runDueWork(store, SLOTS[0] - HOUR + 1);
    await work(SLOTS[0] - HOUR + 2);
    expect(inbox.to(EMAIL.mentor).map((m) => m.subject)).toEqual([
      "Reminder: Spanish with \u2068Leo Learner\u2069 at 10:00",
    ]);
    expect(inbox.to(EMAIL.learner)).toHaveLength(1);
  });

  it("a failing SMTP server leaves the booking done and the mail pending; it goes out once when the server is back", async () => {
    inbox.failNext(1);
    const booking = await request(0);
    expect(booking.state).toBe("requested");
    const key = `booking_${booking.id}_requested_mentor`;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await work(NOW + 1)).toMatchObject({ sent: 0, retried: 1 });
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining(`Mail ${key} (attempt 1 of ${MAX_ATTEMPTS})`),
      expect.any(String),
    );
    expect(await job(key)).toMatchObject({ state: "pending", attempts: 1, nextAttemptAt: NOW + 1 + RETRY_AFTER_MS[0] });
    expect(inbox.messages).toHaveLength(0);

    expect(await work(NOW + 2)).toMatchObject({ sent: 0, retried: 0 }); // not before its time
    expect(await work(NOW + 1 + RETRY_AFTER_MS[0])).toMatchObject({ sent: 1 });
    expect(inbox.to(EMAIL.mentor)).toHaveLength(1);
    expect(await job(key)).toMatchObject({ state: "sent", attempts: 2 });
  });

  it("gives up after the last attempt and records why", async () => {
    const unreachable = { ...deps, transport: createSmtpTransport("smtp://127.0.0.1:1", "x@skillswap.example", "x") };
    vi.spyOn(console, "error").mockImplementation(() => {});
    const booking = await request(0);
    let now = NOW + 1;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runMailWork(store, now, unreachable);
      now += RETRY_AFTER_MS[attempt - 1] ?? 0;
    }
    const failed = await job(`booking_${booking.id}_requested_mentor`);
    expect(failed).toMatchObject({ state: "failed", attempts: MAX_ATTEMPTS });
    expect(failed?.reason).toMatch(/ECONNREFUSED|connect/);
    await work(now + HOUR);
    expect(inbox.messages).toHaveLength(0);
  });

  it("a job a stopped worker left half-sent is recorded as interrupted and never sent again", async () => {
    const booking = await request(0);
    const key = `booking_${booking.id}_requested_mentor`;
    await store.update(mailJobPath(key), { state: "sending", attempts: 1, nextAttemptAt: NOW + SENDING_TIMEOUT_MS });
    expect(await work(NOW + 1)).toMatchObject({ sent: 0, interrupted: 0 });
    expect(await work(NOW + SENDING_TIMEOUT_MS)).toMatchObject({ sent: 0, interrupted: 1 });
    expect(await job(key)).toMatchObject({ state: "interrupted" });
    await work(NOW + 2 * SENDING_TIMEOUT_MS);
    expect(inbox.messages).toHaveLength(0);
  });

  it("a job the store cannot process stays for the next run, and the other jobs still go out", async () => {
    const booking = await request(0);
    await applyCommand(store, booking.id, { uid: "mentor" }, { kind: "accept" }, NOW);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const transaction = store.transaction.bind(store);
    vi.spyOn(store, "transaction").mockImplementationOnce(() => Promise.reject(new Error("database is locked")));
    expect(await work(NOW + 1)).toMatchObject({ sent: 1 });
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^Mail booking_.+ could not be processed:$/),
      "database is locked",
    );
    vi.spyOn(store, "transaction").mockImplementation(transaction);
    expect(await work(NOW + 2)).toMatchObject({ sent: 1 });
    expect(inbox.messages).toHaveLength(2);
  });

  it("a member without a sign-in account any more gets nothing", async () => {
    // A minute later than the other tests' requests: the learner's request limit is per minute.
    const later = NOW + 60_000;
    const booking = await request(0, later);
    const gone = { ...deps, recipient: async () => null };
    expect(await runMailWork(store, later + 1, gone)).toMatchObject({ skipped: 1 });
    expect(await job(`booking_${booking.id}_requested_mentor`)).toMatchObject({ state: "skipped" });
  });

  it("a job of a kind this version cannot write is skipped with its reason, never sent as another kind", async () => {
    const booking = await request(0);
    const key = `booking_${booking.id}_requested_mentor`;
    await store.update(mailJobPath(key), { kind: "weekly_digest" });
    expect(await work(NOW + 1)).toMatchObject({ sent: 0, skipped: 1 });
    expect(await job(key)).toMatchObject({
      state: "skipped",
      reason: "This version of SkillSwap does not know this kind of mail.",
    });
    expect(inbox.messages).toHaveLength(0);
  });
});

describe("chat messages while the recipient is away", () => {
  let chatId = "";
  beforeEach(async () => {
    chatId = await openChat(store, "learner", "mentor", NOW);
  });

  const say = (text: string, at: number) => sendMessage(store, "learner", chatId, text, at);

  it("batches a burst into one mail after a quiet minute, then at most one per hour with what came since", async () => {
    await say("Hola!", NOW);
    await say("Are you free <tomorrow>?", NOW + 1_000);
    await work(NOW + 2_000);
    expect(inbox.messages).toHaveLength(0); // still within the quiet minute
    await work(NOW + 1_000 + CHAT_MAIL_DELAY_MS);
    expect(inbox.to(EMAIL.mentor)).toHaveLength(1);
    const [first] = inbox.to(EMAIL.mentor);
    expect(first.subject).toBe("\u2068Leo Learner\u2069 sent you 2 messages on SkillSwap");
    expect(first.text).toContain("Hola!");
    expect(first.text).toContain("Are you free <tomorrow>?");
    expect(first.html).toContain("Are you free &lt;tomorrow&gt;?");
    expect(first.text).toContain(`Reply: ${ORIGIN}/inbox/${chatId}`);

    const later = NOW + 10 * 60_000;
    await say("Still there?", later);
    await work(later + CHAT_MAIL_DELAY_MS);
    await work(later + 20 * 60_000);
    expect(inbox.to(EMAIL.mentor)).toHaveLength(1); // the hour since the first mail is not over

    await work(NOW + 1_000 + CHAT_MAIL_DELAY_MS + CHAT_MAIL_EVERY_MS);
    expect(inbox.to(EMAIL.mentor)).toHaveLength(2);
    const second = inbox.to(EMAIL.mentor)[1];
    expect(second.subject).toBe("\u2068Leo Learner\u2069 sent you 3 messages on SkillSwap");
    expect(second.text).toContain("Still there?");
    expect(inbox.to(EMAIL.learner)).toHaveLength(0);
  });

  it("waits a quiet minute after the burst's newest message, which writes no mark of its own (decision 168)", async () => {
    const mark = chatMailPath(chatId, "mentor");
    await say("One", NOW);
    await say("Two", NOW + 50_000);
    await say("Three", NOW + 55_000);
    // Only the first message of the burst wrote the mark; the conversation holds the newest's time.
    expect((await store.get(mark))?.data).toEqual({
      uid: "mentor",
      chatId,
      pending: true,
      lastMessageAt: NOW,
      dueAt: NOW + CHAT_MAIL_DELAY_MS,
    });

    await work(NOW + CHAT_MAIL_DELAY_MS);
    expect(inbox.messages).toHaveLength(0); // "Three" is 5 s old: the quiet minute runs from it
    expect((await store.get(mark))?.data).toMatchObject({
      pending: true,
      lastMessageAt: NOW + 55_000,
      dueAt: NOW + 55_000 + CHAT_MAIL_DELAY_MS,
    });
    await work(NOW + 55_000 + CHAT_MAIL_DELAY_MS - 1);
    expect(inbox.messages).toHaveLength(0);
    await work(NOW + 55_000 + CHAT_MAIL_DELAY_MS);
    expect(inbox.to(EMAIL.mentor)).toHaveLength(1);
    expect(inbox.to(EMAIL.mentor)[0].subject).toBe("\u2068Leo Learner\u2069 sent you 3 messages on SkillSwap");
    expect(await job(`chat_${chatId}_mentor_${NOW + 55_000}`)).toMatchObject({ state: "sent" });

    // Once mailed, the mark is no longer pending: the next message writes it again.
    await say("Four", NOW + HOUR);
    expect((await store.get(mark))?.data).toMatchObject({ pending: true, lastMessageAt: NOW + HOUR });
  });

  it("sends nothing when the recipient read the messages, or was online, or turned Messages off", async () => {
    await say("Read me", NOW);
    await markSeen(store, "mentor", chatId);
    await work(NOW + CHAT_MAIL_DELAY_MS);

    await store.set("status/mentor", { state: "online", last_changed: NOW });
    await say("You are here", NOW + HOUR);
    await work(NOW + HOUR + CHAT_MAIL_DELAY_MS);
    await store.set("status/mentor", { state: "offline", last_changed: NOW + HOUR });
    await work(NOW + 3 * HOUR);

    await saveNotificationPrefs(store, "mentor", { messages: false });
    await say("Muted", NOW + 4 * HOUR);
    expect(await work(NOW + 4 * HOUR + CHAT_MAIL_DELAY_MS)).toMatchObject({ batched: 1, skipped: 1 });
    expect(inbox.messages).toHaveLength(0);
  });

  it("a failing SMTP server does not stop a message from being sent", async () => {
    const unreachable = { ...deps, transport: createSmtpTransport("smtp://127.0.0.1:1", "x@skillswap.example", "x") };
    vi.spyOn(console, "error").mockImplementation(() => {});
    await say("First", NOW);
    await runMailWork(store, NOW + CHAT_MAIL_DELAY_MS, unreachable);
    await expect(say("Second", NOW + CHAT_MAIL_DELAY_MS + 1)).resolves.toMatchObject({ id: expect.any(String) });
  });
});
