/**
 * Web push end to end below the browser: real booking and chat changes queue jobs, the delivery
 * step sends them through the real push port to a local stand-in push service, and the tests
 * decrypt what arrived with the subscription's own keys and read the stored state.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import webpush from "web-push";
import { createWebPushSender } from "~/engine/push/web-push.server";
import type { PushSender } from "~/engine/push/types";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { markSeen, openChat, sendMessage } from "~/features/chat/chat.server";
import { postEntry } from "~/features/wallet/ledger.server";
import { pushJobPath, pushSettingsPath, pushSubscriptionPath, readPushJob, type PushJobDoc } from "~/documents/push";
import {
  startPushStandIn,
  verifyVapid,
  type BrowserSubscription,
  type PushStandIn,
} from "../../../tests/support/push-stand-in";
import { useTempStore } from "../../../tests/support/temp-store";
import { HOUR, NOW, teachDuringWorkingWeek, workingWeekSlots } from "../../../tests/support/teaching";
import { MAX_PUSH_ATTEMPTS, PUSH_RETRY_AFTER_MS } from "./delivery.server";
import { CHAT_PUSH_DELAY_MS, STARTS_BEFORE_MS } from "./queue.server";
import { listDevices, MAX_DEVICES, PushError, subscribe, subscriptionId } from "./subscriptions.server";
import { runPushWork } from "./work.server";

const { store } = useTempStore("push-");
const SLOTS = workingWeekSlots(7);

let service: PushStandIn;
let sender: PushSender;
beforeAll(async () => {
  service = await startPushStandIn();
  sender = createWebPushSender({
    keys: webpush.generateVAPIDKeys(),
    subject: "mailto:push@skillswap.example",
    ownOrigin: "https://skillswap.example",
    testOrigins: [service.origin],
    timeoutMs: 5_000,
  });
});
afterAll(() => service.close());

let mentorPhone: BrowserSubscription;
beforeEach(async () => {
  service.received.length = 0;
  await store.set("users/mentor", {
    fullName: "Mara Mentor",
    timezone: "Europe/Berlin",
    xp: 0,
    skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
  });
  await store.set("users/learner", { fullName: "Leo Learner", timezone: "UTC", xp: 0 });
  await teachDuringWorkingWeek(store, "mentor", { spanish: 10 });
  await postEntry(store, "learner", { id: "seed", amount: 500, type: "adjustment", description: "Seed" });
  mentorPhone = service.subscribe();
  await subscribe(
    store,
    sender.refuseEndpoint,
    "mentor",
    mentorPhone,
    "Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile",
    NOW - HOUR,
  );
});

const request = (now = NOW) =>
  requestBooking(
    store,
    { learnerUid: "learner", mentorUid: "mentor", skillTag: "spanish", start: SLOTS[0], durationMinutes: 60 },
    now,
  );
const work = (now: number) => runPushWork(store, now, sender);
const job = async (key: string) => {
  const doc = await store.get(pushJobPath(key));
  return doc ? readPushJob(doc.data) : null;
};
const opened = (subscription: BrowserSubscription, index = 0) =>
  JSON.parse(subscription.decrypt(service.received[index]!.body)) as Record<string, unknown>;

describe("pushes from real changes, to a stand-in push service", () => {
  it("a booking request reaches the mentor's device once, decryptable with its keys, with a VAPID JWT for the service", async () => {
    const booking = await request();
    expect(service.received).toHaveLength(0); // nothing leaves inside the booking's transaction
    await work(NOW + 1);
    await work(NOW + 2);
    expect(service.received).toHaveLength(1);
    expect(opened(mentorPhone)).toEqual({
      title: "New session request",
      body: expect.stringContaining("Spanish, 60 minutes"),
      url: `/session/${booking.id}`,
      tag: `n-booking_${booking.id}_requested`,
      renotify: false,
    });
    const claims = verifyVapid(service.received[0]!.headers, sender.publicKey);
    expect(claims).toMatchObject({ aud: service.origin, sub: "mailto:push@skillswap.example" });
    expect((await job(`n_mentor_booking_${booking.id}_requested`))?.state).toBe("sent");
    expect((await listDevices(store, "mentor"))[0]).toMatchObject({ name: "Chrome on Android", lastUsedAt: NOW + 1 });
  });

  it("a member without devices gets no push and leaves no job behind", async () => {
    const booking = await request();
    await applyCommand(store, booking.id, { uid: "mentor" }, { kind: "accept" }, NOW + 10);
    expect(await job(`n_learner_booking_${booking.id}_accepted`)).not.toBeNull();
    await work(NOW + 20);
    expect(await job(`n_learner_booking_${booking.id}_accepted`)).toBeNull();
    expect(service.received).toHaveLength(1); // the mentor's request only
  });

  it("ten chat messages are one push per conversation, tagged, without their text by default", async () => {
    const chatId = await openChat(store, "learner", "mentor", NOW);
    for (let i = 0; i < 10; i++) await sendMessage(store, "learner", chatId, `Secret line ${i}`, NOW + i * 3000);
    await work(NOW + 27_000); // the last message's delay is not over
    expect(service.received).toHaveLength(0);
    await work(NOW + 27_000 + CHAT_PUSH_DELAY_MS);
    expect(service.received).toHaveLength(1);
    const push = opened(mentorPhone);
    expect(push).toMatchObject({
      title: "New message from \u2068Leo Learner\u2069",
      tag: `chat-${chatId}`,
      renotify: true,
    });
    expect(push.body).toBe("10 new messages. Open the chat to read it.");
    expect(JSON.stringify(push)).not.toContain("Secret");
    expect(service.received[0]!.headers.topic).toBeDefined();
  });

  it("quotes the latest message when the member chose to show message text", async () => {
    await store.set(pushSettingsPath("mentor"), { showText: true });
    const t = NOW + 2 * HOUR; // the chat's send limiter counts per member, in memory, across tests
    const chatId = await openChat(store, "learner", "mentor", t);
    await sendMessage(store, "learner", chatId, "See you at five", t);
    await work(t + CHAT_PUSH_DELAY_MS);
    expect(opened(mentorPhone).body).toBe("See you at five");
  });

  it("no chat push when an open tab read the messages before it was due", async () => {
    const t = NOW + 3 * HOUR;
    const chatId = await openChat(store, "learner", "mentor", t);
    await sendMessage(store, "learner", chatId, "Hello", t);
    await markSeen(store, "mentor", chatId);
    await work(t + CHAT_PUSH_DELAY_MS);
    expect(service.received).toHaveLength(0);
    expect((await job(`chat_${chatId}_mentor`))?.state).toBe("skipped");
  });

  it("quiet hours hold a push until they end, then it leaves", async () => {
    // NOW is 00:00 UTC, 01:00 in Berlin, the mentor's time zone: inside 22:00–07:00 there.
    await store.set(pushSettingsPath("mentor"), { quietStart: "22:00", quietEnd: "07:00" });
    const booking = await request();
    await work(NOW + 1);
    const held = await job(`n_mentor_booking_${booking.id}_requested`);
    const sevenInBerlin = Date.UTC(2026, 2, 2, 6, 0);
    expect(held).toMatchObject({ state: "pending", heldUntil: sevenInBerlin, nextAttemptAt: sevenInBerlin });
    expect(service.received).toHaveLength(0);
    await work(sevenInBerlin - 60_000);
    expect(service.received).toHaveLength(0);
    await work(sevenInBerlin);
    expect(service.received).toHaveLength(1);
  });

  it("a session starting in 10 minutes is pushed once to each participant's devices, even in quiet hours", async () => {
    const booking = await request();
    await applyCommand(store, booking.id, { uid: "mentor" }, { kind: "accept" }, NOW + 10);
    await store.set(pushSettingsPath("mentor"), { quietStart: "00:00", quietEnd: "23:59" });
    await work(NOW + 20);
    service.received.length = 0;
    const soon = booking.start - STARTS_BEFORE_MS + 1;
    await work(soon);
    await work(soon + 5_000);
    expect(service.received).toHaveLength(1);
    expect(opened(mentorPhone)).toMatchObject({
      title: "Your session starts in 10 minutes",
      body: "Spanish with \u2068Leo Learner\u2069.",
      url: `/session/${booking.id}`,
    });
  });

  it("speaks the member's language, a built-in skill by its name there and their own tag as written (decision 094)", async () => {
    await store.update("users/mentor", {
      language: "es",
      skillsOffered: [
        { tag: "spanish", label: "Spanish", level: "expert" },
        { tag: "bonsai-pruning", label: "Bonsai pruning", level: "expert" },
      ],
    });
    await teachDuringWorkingWeek(store, "mentor", { spanish: 10, "bonsai-pruning": 10 });
    // Another learner: the request limit counts each learner's requests.
    await store.set("users/learner2", { fullName: "Lia Learner", timezone: "UTC", xp: 0 });
    await postEntry(store, "learner2", { id: "seed", amount: 500, type: "adjustment", description: "Seed" });
    const booking = await request();
    await requestBooking(
      store,
      { learnerUid: "learner2", mentorUid: "mentor", skillTag: "bonsai-pruning", start: SLOTS[2], durationMinutes: 60 },
      NOW,
    );
    await work(NOW + 1);
    const bodies = [opened(mentorPhone, 0), opened(mentorPhone, 1)].map((p) => p.body);
    expect(bodies).toEqual(
      expect.arrayContaining([
        "Español, 60 minutos por 10 SP. Acéptala o recházala en tu calendario.",
        "Bonsai pruning, 60 minutos por 10 SP. Acéptala o recházala en tu calendario.",
      ]),
    );
    await applyCommand(store, booking.id, { uid: "mentor" }, { kind: "accept" }, NOW + 10);
    await work(NOW + 20);
    service.received.length = 0;
    await work(booking.start - STARTS_BEFORE_MS + 1);
    expect(opened(mentorPhone)).toMatchObject({
      title: "Tu sesión empieza en 10 minutos",
      body: "Español con \u2068Leo Learner\u2069.",
    });
  });

  it("404 or 410 from the push service removes that device's subscription", async () => {
    const laptop = service.subscribe();
    await subscribe(store, sender.refuseEndpoint, "mentor", laptop, "Firefox/125.0 (X11; Linux x86_64)", NOW);
    service.answer(laptop.endpoint, { status: 410 });
    service.answer(mentorPhone.endpoint, { status: 404 });
    await request();
    await work(NOW + 1);
    expect(await store.get(pushSubscriptionPath(subscriptionId(laptop.endpoint)))).toBeNull();
    expect(await store.get(pushSubscriptionPath(subscriptionId(mentorPhone.endpoint)))).toBeNull();
    expect(await listDevices(store, "mentor")).toEqual([]);
  });

  it("429 is retried after the service's Retry-After, for the device that failed only", async () => {
    const laptop = service.subscribe();
    await subscribe(store, sender.refuseEndpoint, "mentor", laptop, null, NOW);
    service.answer(laptop.endpoint, { status: 429, headers: { "Retry-After": "90" } });
    const booking = await request();
    await work(NOW + 1);
    const key = `n_mentor_booking_${booking.id}_requested`;
    expect(await job(key)).toMatchObject<Partial<PushJobDoc>>({
      state: "pending",
      attempts: 1,
      nextAttemptAt: NOW + 1 + 90_000,
      devices: [subscriptionId(laptop.endpoint)],
    });
    expect(service.received).toHaveLength(1); // the phone
    await work(NOW + 60_000);
    expect(service.received).toHaveLength(1);
    await work(NOW + 1 + 90_000);
    expect(service.received).toHaveLength(2);
    expect(service.received[1]!.path).toBe(new URL(laptop.endpoint).pathname);
    expect((await job(key))?.state).toBe("sent");
  });

  it("5xx is retried with growing pauses, then given up as failed", async () => {
    service.answer(mentorPhone.endpoint, ...Array.from({ length: MAX_PUSH_ATTEMPTS }, () => ({ status: 503 })));
    const booking = await request();
    const key = `n_mentor_booking_${booking.id}_requested`;
    let now = NOW + 1;
    for (let attempt = 1; attempt < MAX_PUSH_ATTEMPTS; attempt++) {
      await work(now);
      const current = await job(key);
      expect(current).toMatchObject({ state: "pending", attempts: attempt });
      expect(current!.nextAttemptAt - now).toBe(PUSH_RETRY_AFTER_MS[attempt - 1]);
      now = current!.nextAttemptAt;
    }
    await work(now);
    expect(await job(key)).toMatchObject({ state: "failed", attempts: MAX_PUSH_ATTEMPTS });
    expect(service.received).toHaveLength(0);
  });

  it("push turned off for a category sends nothing of it", async () => {
    await store.set(pushSettingsPath("mentor"), { categories: { sessions: false } });
    const booking = await request();
    await work(NOW + 1);
    expect(service.received).toHaveLength(0);
    expect((await job(`n_mentor_booking_${booking.id}_requested`))?.state).toBe("skipped");
  });

  it("two runs at once send each push once", async () => {
    await request();
    await Promise.all([work(NOW + 1), work(NOW + 1), work(NOW + 1)]);
    expect(service.received).toHaveLength(1);
  });
});

describe("subscribing a device", () => {
  it("refuses an endpoint the server may not send to, and keys that are not keys, with a message", async () => {
    const phone = service.subscribe();
    await expect(
      subscribe(store, sender.refuseEndpoint, "learner", { ...phone, endpoint: "http://push.example.com/x" }, null),
    ).rejects.toThrow("The push endpoint must be an https: address.");
    await expect(
      subscribe(store, sender.refuseEndpoint, "learner", { ...phone, endpoint: "https://10.0.0.8/x" }, null),
    ).rejects.toThrow("The push service's address is not on the public internet.");
    expect(await listDevices(store, "learner")).toEqual([]);
  });

  it(`allows at most ${MAX_DEVICES} devices per member; the same browser again is the same device`, async () => {
    const devices = Array.from({ length: MAX_DEVICES }, () => service.subscribe());
    for (const device of devices) await subscribe(store, sender.refuseEndpoint, "learner", device, null, NOW);
    await subscribe(store, sender.refuseEndpoint, "learner", devices[0]!, null, NOW + 5); // again: fine
    const error = await subscribe(store, sender.refuseEndpoint, "learner", service.subscribe(), null).catch((e) => e);
    expect(error).toBeInstanceOf(PushError);
    expect(error).toMatchObject({ status: 409 });
    expect(await listDevices(store, "learner")).toHaveLength(MAX_DEVICES);
  });
});
