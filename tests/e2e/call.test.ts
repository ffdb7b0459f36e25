import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./support/test";
import { expectVideoPlaying } from "./support/video";
import { fakeMediaLaunchOptions } from "../support/browser";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { storeAcceptedSession } from "./support/sessions";
import { e2eStore } from "./support/store";

/**
 * The session room's video call between two browser contexts, with Chromium's fake camera and
 * microphone. Media flows browser to browser over loopback host candidates (no STUN is reachable
 * here, and none is needed on one machine); the app carries only the signalling.
 */
test.use({ launchOptions: fakeMediaLaunchOptions() });

/** An accepted free session between the two that starts in 5 minutes: the call is open. */
const sessionStartingSoon = (mentor: TestUser, learner: TestUser) =>
  storeAcceptedSession(mentor, learner, { startsInMinutes: 5 });

async function join(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Join call" }).click();
  await expectVideoPlaying(page, "Your camera");
  await page.getByRole("button", { name: "Join now" }).click();
}

const status = (page: Page) => page.getByTestId("call-status");

// One test takes a member's network away on purpose; the browser reports the requests it could not send.
test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

test("mentor and learner meet in the room: video both ways, mute, a network drop, a reload, a leave; nobody else can signal", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const mentor = await createUser({ fullName: `Mara ${suffix}` });
  const learner = await createUser({ fullName: `Leo ${suffix}` });
  const stranger = await createUser({ fullName: `Sam ${suffix}` });
  const id = await sessionStartingSoon(mentor, learner);
  const mentorPage = await openAs(browser, mentor, baseURL!, { path: `/session/${id}` });
  const learnerPage = await openAs(browser, learner, baseURL!, { path: `/session/${id}` });

  // The mentor joins first and waits; the learner joins and both see each other.
  await join(mentorPage);
  await expect(status(mentorPage)).toHaveText(`Waiting for ${learner.fullName} to join…`);
  await join(learnerPage);
  await expect(status(mentorPage)).toHaveText(`Connected with ${learner.fullName}`, { timeout: 20_000 });
  await expect(status(learnerPage)).toHaveText(`Connected with ${mentor.fullName}`, { timeout: 20_000 });
  await expectVideoPlaying(mentorPage, `\u2068${learner.fullName}\u2069's video`);
  await expectVideoPlaying(learnerPage, `\u2068${mentor.fullName}\u2069's video`);
  await expectVideoPlaying(learnerPage, "Your video");

  // The learner mutes: the mentor sees it, and it is what the server holds.
  await learnerPage.getByRole("button", { name: "Mute" }).click();
  await expect(mentorPage.getByTestId("remote-muted")).toHaveText(`${learner.fullName} is muted`);
  expect((await e2eStore().get(`bookings/${id}/signals/member_${learner.uid}`))?.data).toMatchObject({
    audio: false,
    video: true,
  });
  await learnerPage.getByRole("button", { name: "Unmute" }).click();
  await expect(mentorPage.getByTestId("remote-muted")).toHaveCount(0);

  // The learner's network drops for a moment: what they do meanwhile arrives once it is back,
  // and the call carries on.
  await learnerPage.context().setOffline(true);
  // The mute is sent while the network is gone: its request fails (the browser's own event), and
  // only then does the network come back.
  const muteLost = learnerPage.waitForEvent(
    "requestfailed",
    (request) => request.url().endsWith(`/api/bookings/${id}/signals`) && request.postDataJSON()?.audio === false,
  );
  await learnerPage.getByRole("button", { name: "Mute" }).click();
  await muteLost;
  await learnerPage.context().setOffline(false);
  await expect(mentorPage.getByTestId("remote-muted")).toHaveText(`${learner.fullName} is muted`, { timeout: 20_000 });
  await learnerPage.getByRole("button", { name: "Unmute" }).click();
  await expect(mentorPage.getByTestId("remote-muted")).toHaveCount(0);
  await expect(status(mentorPage)).toHaveText(`Connected with ${learner.fullName}`, { timeout: 20_000 });
  await expectVideoPlaying(mentorPage, `\u2068${learner.fullName}\u2069's video`);

  // The learner reloads: the tab joins again by itself and the call comes back on both sides.
  const learnerPeerBefore = (await e2eStore().get(`bookings/${id}/signals/member_${learner.uid}`))?.data.peer;
  await learnerPage.reload();
  await expect(status(learnerPage)).toHaveText(`Connected with ${mentor.fullName}`, { timeout: 30_000 });
  await expect(status(mentorPage)).toHaveText(`Connected with ${learner.fullName}`, { timeout: 30_000 });
  expect((await e2eStore().get(`bookings/${id}/signals/member_${learner.uid}`))?.data.peer).not.toBe(learnerPeerBefore);
  await expectVideoPlaying(learnerPage, `\u2068${mentor.fullName}\u2069's video`);
  await expectVideoPlaying(mentorPage, `\u2068${learner.fullName}\u2069's video`);

  // The mentor leaves: the learner is told, and the mentor can join again.
  await mentorPage.getByRole("button", { name: "Leave" }).click();
  await expect(status(learnerPage)).toHaveText(`${mentor.fullName} left the call.`);
  await expect(mentorPage.getByRole("button", { name: "Join call" })).toBeVisible();
  expect((await e2eStore().get(`bookings/${id}/signals/member_${mentor.uid}`))?.data).toMatchObject({
    peer: null,
    left: true,
  });

  // Someone else sees no room and can neither signal nor listen.
  const strangerPage = await openAs(browser, stranger, baseURL!);
  expect((await strangerPage.goto(`/session/${id}`))?.status()).toBe(404);
  const signal = await strangerPage.request.post(`/api/bookings/${id}/signals`, {
    data: { type: "join", peer: randomUUID(), audio: true, video: true, screen: false },
    headers: { Origin: baseURL! },
  });
  expect(signal.status()).toBe(404);
  expect(await e2eStore().get(`bookings/${id}/signals/member_${stranger.uid}`)).toBeNull();
  for (const feed of [`call:${id}`, `booking:${id}`]) {
    expect((await strangerPage.request.get(`/api/live?feeds=${feed}`)).status()).toBe(403);
  }
});

test("on a phone the videos stack with the controls in reach; another tab of the same member takes the call over", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const mentor = await createUser({ fullName: `Mara ${suffix}` });
  const learner = await createUser({ fullName: `Leo ${suffix}` });
  const id = await sessionStartingSoon(mentor, learner);
  const mentorPage = await openAs(browser, mentor, baseURL!, { path: `/session/${id}` });
  const phone = await openAs(browser, learner, baseURL!, {
    path: `/session/${id}`,
    viewport: { width: 390, height: 844 },
  });
  await join(mentorPage);
  await join(phone);
  await expect(status(phone)).toHaveText(`Connected with ${mentor.fullName}`, { timeout: 20_000 });

  // The other member's picture spans the width; one's own sits under it, not over it.
  const theirs = (await phone.getByLabel(`\u2068${mentor.fullName}\u2069's video`).boundingBox())!;
  const mine = (await phone.getByLabel("Your video", { exact: true }).boundingBox())!;
  expect(theirs.width).toBeGreaterThanOrEqual(300);
  expect(mine.y).toBeGreaterThanOrEqual(theirs.y + theirs.height);
  for (const name of ["Mute", "Turn camera off", "Leave"]) {
    const button = phone.getByRole("button", { name });
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeGreaterThanOrEqual(32);
  }

  // A second tab of the learner joins: it holds the call now, and the first tab says so.
  const secondTab = await phone.context().newPage();
  await secondTab.goto(`/session/${id}`);
  await join(secondTab);
  await expect(phone.getByText("You joined this call from another tab or device.")).toBeVisible({ timeout: 20_000 });
  await expect(status(secondTab)).toHaveText(`Connected with ${mentor.fullName}`, { timeout: 30_000 });
  await expect(status(mentorPage)).toHaveText(`Connected with ${learner.fullName}`, { timeout: 30_000 });
  await expectVideoPlaying(mentorPage, `\u2068${learner.fullName}\u2069's video`);
  await expectVideoPlaying(secondTab, `\u2068${mentor.fullName}\u2069's video`);
  await expect(phone.getByRole("button", { name: "Move the call here" })).toBeVisible();
});

test("without a camera a member joins with sound only, told why, and still sees the other", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const mentor = await createUser({ fullName: `Mara ${suffix}` });
  const learner = await createUser({ fullName: `Leo ${suffix}` });
  const id = await sessionStartingSoon(mentor, learner);
  const mentorPage = await openAs(browser, mentor, baseURL!, { path: `/session/${id}` });
  const learnerPage = await openAs(browser, learner, baseURL!);
  // This browser has a microphone and no camera: asking for video fails as it does on such a machine.
  await learnerPage.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) =>
      constraints?.video
        ? Promise.reject(new DOMException("Requested device not found", "NotFoundError"))
        : original(constraints);
  });
  await learnerPage.goto(`/session/${id}`);

  await join(mentorPage);
  await learnerPage.getByRole("button", { name: "Join call" }).click();
  await expect(learnerPage.getByText("No camera was found, so you join with sound only.")).toBeVisible();
  await expect(learnerPage.getByRole("button", { name: "Turn camera on" })).toBeDisabled();
  await learnerPage.getByRole("button", { name: "Join now" }).click();

  await expect(status(learnerPage)).toHaveText(`Connected with ${mentor.fullName}`, { timeout: 20_000 });
  await expect(status(mentorPage)).toHaveText(`Connected with ${learner.fullName}`, { timeout: 20_000 });
  await expectVideoPlaying(learnerPage, `\u2068${mentor.fullName}\u2069's video`);
  await expect(mentorPage.getByText(`${learner.fullName}'s camera is off`)).toBeVisible();
  expect((await e2eStore().get(`bookings/${id}/signals/member_${learner.uid}`))?.data).toMatchObject({
    audio: true,
    video: false,
  });
});

test("when no direct path exists, the room says so and points at the meeting link", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const mentor = await createUser({ fullName: `Mara ${suffix}` });
  const learner = await createUser({ fullName: `Leo ${suffix}` });
  const id = await sessionStartingSoon(mentor, learner);
  const pages: Page[] = [];
  for (const member of [mentor, learner]) {
    const page = await openAs(browser, member, baseURL!);
    // A strict firewall and no TURN server: only relayed candidates are allowed, and there is no relay.
    await page.addInitScript(() => {
      const Original = window.RTCPeerConnection;
      window.RTCPeerConnection = class extends Original {
        constructor(configuration?: RTCConfiguration) {
          super({ ...configuration, iceTransportPolicy: "relay" });
        }
      };
    });
    await page.goto(`/session/${id}`);
    pages.push(page);
  }
  const [mentorPage, learnerPage] = pages;
  await join(mentorPage);
  await join(learnerPage);
  await expect(mentorPage.getByRole("alert").filter({ hasText: "The direct call cannot connect" })).toContainText(
    "Add a meeting link above and meet there instead.",
    { timeout: 40_000 },
  );
  await expect(learnerPage.getByRole("alert").filter({ hasText: "The direct call cannot connect" })).toContainText(
    `Ask ${mentor.fullName} to add a meeting link above.`,
    { timeout: 40_000 },
  );
  await expect(status(learnerPage)).toHaveText(`Connecting to ${mentor.fullName}…`);

  await mentorPage.getByLabel("Meeting link").fill("https://meet.example.com/fallback");
  await mentorPage.getByRole("button", { name: "Save link" }).click();
  await expect(learnerPage.getByRole("alert").filter({ hasText: "The direct call cannot connect" })).toContainText(
    "Use the meeting link above instead.",
  );
  await expect(learnerPage.getByTestId("meeting-link")).toHaveText("https://meet.example.com/fallback");
});
