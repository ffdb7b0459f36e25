/**
 * Web push from the member's side (issue 31, decisions 046 and 054), against the production build:
 * the browser's permission asked only on the click in /settings, devices listed and removed,
 * endpoints the server must not send to refused with their message, a push delivered to the service
 * worker (DevTools protocol) shown as one notification per chat whose click opens the chat, and
 * quiet hours holding a push until they end. Headless Chromium cannot subscribe to a real push
 * service (decision 046), so the page's PushManager hands out a subscription the test made, with a
 * public address literal as its endpoint.
 */
import { createECDH, randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { pushJobPath, pushSettingsPath, pushSubscriptionPath, PUSH_SUBSCRIPTIONS } from "~/documents/push";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { fixedT } from "~/i18n/i18n.server";
import { chatPayload } from "~/features/push/payload";
import { MAX_DEVICES, subscriptionId } from "~/features/push/subscriptions.server";
import { createUser, signInAs, skipLocalOnboarding, type TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { expect, test, type Page } from "./support/test";

const DESKTOP = { width: 1280, height: 800 };

interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscription as a browser would give it: a P-256 public key, a 16-byte secret, a public endpoint. */
function fakeSubscription(endpoint = `https://1.1.1.1/push/${randomBytes(8).toString("hex")}`): FakeSubscription {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

/** Stores a device for `uid` directly, as an earlier visit from another browser would have. */
async function storedDevice(uid: string, device: string, createdAt = Date.now()): Promise<string> {
  const { endpoint, keys } = fakeSubscription();
  const id = subscriptionId(endpoint);
  await e2eStore().set(pushSubscriptionPath(id), { uid, endpoint, ...keys, device, createdAt, lastUsedAt: null });
  return id;
}

const devicesOf = async (uid: string) =>
  (await e2eStore().query({ collection: PUSH_SUBSCRIPTIONS, where: [["uid", "==", uid]] })).map((d) => ({
    id: d.id,
    ...(d.data as { endpoint: string; p256dh: string; auth: string }),
  }));

/**
 * The page's Push API with the test's subscription instead of a push service's, and a count of
 * permission requests. The subscription survives reloads of the tab (sessionStorage), as a real one does.
 */
async function fakePushManager(context: BrowserContext, subscription: FakeSubscription) {
  await context.addInitScript((sub) => {
    const w = window as unknown as { __permissionRequests: number; __subscribeKey: string | null };
    w.__permissionRequests = 0;
    w.__subscribeKey = null;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
      w.__permissionRequests++;
      return ask(...args);
    };
    const made = () => ({
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, keys: sub.keys }),
      unsubscribe: async () => {
        sessionStorage.removeItem("fake-push");
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      w.__subscribeKey = typeof options?.applicationServerKey === "string" ? options.applicationServerKey : null;
      sessionStorage.setItem("fake-push", "1");
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (sessionStorage.getItem("fake-push") ? made() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

async function signedIn(context: BrowserContext, user: TestUser, baseURL: string): Promise<Page> {
  await signInAs(context, user, baseURL);
  const page = await context.newPage();
  await skipLocalOnboarding(page, user.uid);
  return page;
}

/** Waits until the service worker controls the page (the first one claims it without a reload). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

const section = (page: Page) => page.locator("#push");
const turnOn = (page: Page) => section(page).getByRole("button", { name: "Turn on notifications on this device" });

/** A POST from the page itself (same origin, the member's cookie), as the section's fetchers send it. */
async function post(page: Page, path: string, fields: Record<string, string>) {
  return page.evaluate(
    async ({ path, fields }) => {
      const response = await fetch(path, { method: "POST", body: new URLSearchParams(fields) });
      return { status: response.status, body: (await response.json()) as { ok: boolean; message: string } };
    },
    { path, fields },
  );
}

test.describe("web push, the member's side", () => {
  test("permission is asked only on the click; this device is listed, marked and removed; another member's device is not theirs to remove", async ({
    browser,
    baseURL,
  }) => {
    const user = await createUser({ fullName: "Pia Push" });
    const stranger = await createUser({ fullName: "Sten Stranger" });
    const strangersPhone = await storedDevice(stranger.uid, "Safari on iPhone");
    const laptop = await storedDevice(user.uid, "Firefox on Windows", Date.UTC(2026, 0, 15));
    const context = await browser.newContext({ viewport: DESKTOP });
    const subscription = fakeSubscription();
    await fakePushManager(context, subscription);
    const page = await signedIn(context, user, baseURL!);

    await page.goto("/settings");
    await controlled(page);
    await expect(section(page).getByText("notifications are off.")).toBeVisible();
    // Nothing asked on load.
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    expect(
      await page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests),
    ).toBe(0);
    const devices = section(page).getByTestId("push-device");
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText("Firefox on Windows");
    await expect(devices.first()).toContainText("Added 15 Jan 2026");

    // The member allows it when the browser asks (headless Chromium answers from the context's permissions).
    await context.grantPermissions(["notifications"], { origin: baseURL! });
    await turnOn(page).click();
    await expect(section(page).getByText("Notifications are on for this device.")).toBeVisible();
    await expect(section(page).getByText("notifications are on.")).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests),
    ).toBe(1);
    // Subscribed with the server's VAPID public key (65 bytes, base64url).
    const key = await page.evaluate(() => (window as unknown as { __subscribeKey: string | null }).__subscribeKey);
    expect(Buffer.from(key ?? "", "base64url")).toHaveLength(65);

    const stored = await devicesOf(user.uid);
    expect(stored).toHaveLength(2);
    expect(stored.find((d) => d.endpoint === subscription.endpoint)).toMatchObject({
      id: subscriptionId(subscription.endpoint),
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
    });
    await expect(devices).toHaveCount(2);
    const thisOne = devices.filter({ hasText: "This device" });
    await expect(thisOne).toHaveCount(1);
    await expect(thisOne).not.toContainText("Firefox on Windows");

    // The other device goes; this one stays.
    await devices
      .filter({ hasText: "Firefox on Windows" })
      .getByRole("button", { name: "Remove Firefox on Windows" })
      .click();
    await expect(devices).toHaveCount(1);
    await expect(devices.first()).toContainText("This device");
    expect((await devicesOf(user.uid)).map((d) => d.id)).toEqual([subscriptionId(subscription.endpoint)]);
    expect(await e2eStore().get(pushSubscriptionPath(laptop))).toBeNull();

    // Someone else's device is not in this member's list: 404, and it stays.
    const foreign = await post(page, `/api/push/devices/${strangersPhone}`, { intent: "remove" });
    expect(foreign).toEqual({
      status: 404,
      body: { ok: false, message: "This device is not in your list. Reload the page to see your devices." },
    });
    expect(await e2eStore().get(pushSubscriptionPath(strangersPhone))).not.toBeNull();

    // Turning this device off removes it from the list and from the store.
    await section(page).getByRole("button", { name: "Turn off notifications on this device" }).click();
    await expect(section(page).getByText("notifications are off.")).toBeVisible();
    await expect(section(page).getByText("No device gets push notifications yet.")).toBeVisible();
    expect(await devicesOf(user.uid)).toEqual([]);
    await context.close();
  });

  test("an endpoint the server must not send to, malformed keys and an eleventh device are refused with their message", async ({
    browser,
    baseURL,
  }) => {
    const user = await createUser({ fullName: "Ivo Invalid" });
    const context = await browser.newContext({ viewport: DESKTOP });
    await fakePushManager(context, fakeSubscription("http://1.1.1.1/push/plain-http"));
    await context.grantPermissions(["notifications"], { origin: baseURL! });
    const page = await signedIn(context, user, baseURL!);
    await page.goto("/settings");
    await controlled(page);

    await turnOn(page).click();
    await expect(
      section(page).getByText(
        "The push address must be an https: address. This browser's push service cannot be used.",
      ),
    ).toBeVisible();
    await expect(section(page).getByText("notifications are off.")).toBeVisible();

    const valid = fakeSubscription();
    const fields = (over: Partial<Record<"endpoint" | "p256dh" | "auth", string>>) => ({
      endpoint: valid.endpoint,
      ...valid.keys,
      ...over,
    });
    expect(await post(page, "/api/push/devices", fields({ endpoint: "https://10.0.0.8/push/x" }))).toEqual({
      status: 400,
      body: { ok: false, message: "The push address is not on the public internet, so SkillSwap will not send to it." },
    });
    expect(await post(page, "/api/push/devices", fields({ endpoint: `${baseURL}/api/live` }))).toMatchObject({
      status: 400,
    });
    const badKey = await post(page, "/api/push/devices", fields({ p256dh: "bm90IGEga2V5" }));
    expect(badKey.status).toBe(400);
    expect(badKey.body).toMatchObject({
      fieldErrors: { p256dh: "The browser's encryption key is not valid. Turn notifications off and on again." },
    });
    expect(await devicesOf(user.uid)).toEqual([]);

    for (let i = 0; i < MAX_DEVICES; i++) await storedDevice(user.uid, "Chrome on Android");
    expect(await post(page, "/api/push/devices", fields({}))).toEqual({
      status: 409,
      body: {
        ok: false,
        message: `You have notifications on for ${MAX_DEVICES} devices, the most there can be. Remove one you no longer use first.`,
      },
    });
    expect(await devicesOf(user.uid)).toHaveLength(MAX_DEVICES);
    await context.close();
  });

  test("a push delivered to the service worker shows one notification per chat, and its click opens the chat", async ({
    browser,
    baseURL,
  }) => {
    const user = await createUser({ fullName: "Nia Notified" });
    const sender = await createUser({ fullName: "Ana Sender" });
    const chatId = await openChat(e2eStore(), sender.uid, user.uid);
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.grantPermissions(["notifications"], { origin: baseURL! });
    const page = await signedIn(context, user, baseURL!);
    await page.goto("/settings");
    await controlled(page);

    const cdp = await context.newCDPSession(page);
    const origin = new URL(baseURL!).origin;
    const registration = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const registrationId = await registration;
    const deliver = (unread: number) =>
      cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId,
        data: JSON.stringify(
          chatPayload(
            { chatId, senderName: "Ana Sender", unread, latestText: null, showText: false },
            fixedT("en", "push"),
          ),
        ),
      });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        })),
      );
    await deliver(1);
    await expect.poll(shown).toEqual([
      {
        title: "New message from \u2068Ana Sender\u2069",
        body: "1 new message. Open the chat to read it.",
        tag: `chat-${chatId}`,
      },
    ]);
    // A second message of the same chat updates the one notification.
    await deliver(2);
    await expect.poll(shown).toEqual([
      {
        title: "New message from \u2068Ana Sender\u2069",
        body: "2 new messages. Open the chat to read it.",
        tag: `chat-${chatId}`,
      },
    ]);

    // The member clicks it: the worker's notificationclick handler takes the open tab to the chat.
    const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`);
    expect(worker, "the service worker").toBeTruthy();
    await worker!.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: notification! }));
    });
    await page.waitForURL(`${origin}/inbox/${chatId}`);
    await expect(page.getByRole("main").getByText("Ana Sender").first()).toBeVisible();
    await expect.poll(shown).toEqual([]);
    await context.close();
  });

  test("quiet hours in the member's time zone hold a chat push until they end; nothing is sent meanwhile", async ({
    browser,
    baseURL,
  }) => {
    const timezone = "Asia/Tokyo";
    const user = await createUser({ fullName: "Quinn Quiet", profile: { timezone } });
    const sender = await createUser({ fullName: "Sam Sender" });
    const device = await storedDevice(user.uid, "Chrome on Android");
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await signedIn(context, user, baseURL!);
    await page.goto("/settings");

    const clock = (ms: number) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: timezone,
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(ms);
    const now = Date.now();
    const from = clock(now - 60 * 60_000);
    const to = clock(now + 60 * 60_000);
    await expect(section(page).getByText(`In your time zone (${timezone}).`, { exact: false })).toBeVisible();
    await section(page).getByLabel("From", { exact: true }).fill(from);
    await section(page).getByLabel("To", { exact: true }).fill(to);
    await section(page).getByRole("button", { name: "Save push choices" }).click();
    await expect(section(page).getByText("Your push choices were saved.")).toBeVisible();
    expect((await e2eStore().get(pushSettingsPath(user.uid)))?.data).toMatchObject({
      quietStart: from,
      quietEnd: to,
      showText: false,
    });

    const chatId = await openChat(e2eStore(), sender.uid, user.uid);
    await sendMessage(e2eStore(), sender.uid, chatId, "Are you free tomorrow?");
    const job = () => e2eStore().get(pushJobPath(`chat_${chatId}_${user.uid}`));
    await expect.poll(async () => (await job())?.data.heldUntil ?? null, { timeout: 30_000 }).not.toBeNull();

    const held = (await job())!.data as Record<string, unknown>;
    expect(held).toMatchObject({ state: "pending", attempts: 0, reason: "Held by the member's quiet hours." });
    expect(held.sentAt ?? null).toBeNull();
    const until = held.heldUntil as number;
    expect(held.nextAttemptAt).toBe(until);
    // The end of the quiet hours on the member's clock, about an hour from now.
    expect(clock(until)).toBe(to);
    expect(until % 60_000).toBe(0);
    expect(until).toBeGreaterThan(now + 58 * 60_000);
    expect(until).toBeLessThanOrEqual(now + 61 * 60_000);
    // Nothing left for the device.
    expect((await e2eStore().get(pushSubscriptionPath(device)))?.data).toMatchObject({ lastUsedAt: null });
    await context.close();
  });
});
