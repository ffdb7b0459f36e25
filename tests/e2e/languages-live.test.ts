import { expect, test, type Page } from "./support/test";
import { expectVideoPlaying } from "./support/video";
import { fakeMediaLaunchOptions } from "../support/browser";
import { createUser, openAs } from "./support/fixtures";
import { storeAcceptedSession } from "./support/sessions";
import { e2eStore } from "./support/store";

/**
 * Pages outside the full layout follow a language chosen elsewhere as its pages do (decisions 111
 * and 118): the session room, where a call may be running, turns to the new language where it
 * stands, and the call carries on.
 */
test.use({ launchOptions: fakeMediaLaunchOptions() });

/** Every RTCPeerConnection the page makes, kept on window so a test can count them and read their state. */
function recordPeerConnections() {
  const made: RTCPeerConnection[] = [];
  const Original = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Original {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      made.push(this);
    }
  };
  Object.assign(window, { peerConnectionsMade: made });
}

const peerConnections = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { peerConnectionsMade: RTCPeerConnection[] }).peerConnectionsMade.map(
      (pc) => pc.connectionState,
    ),
  );

test("the session room follows a switch to Arabic made in another tab, without a reload, and the call carries on", async ({
  browser,
  baseURL,
}) => {
  // Two members in a call: the call e2e's allowance, and more for a busy machine.
  test.setTimeout(180_000);
  const run = Math.random().toString(36).slice(2, 8);
  const mentor = await createUser({ fullName: `Mona Room ${run}` });
  const learner = await createUser({ fullName: `Luc Room ${run}` });
  const id = await storeAcceptedSession(mentor, learner, { startsInMinutes: 5 });
  const mentorPage = await openAs(browser, mentor, baseURL!, { path: `/session/${id}` });
  const room = await openAs(browser, learner, baseURL!);
  await room.addInitScript(recordPeerConnections);
  await room.goto(`/session/${id}`);
  await expect(room.locator("html")).toHaveAttribute("lang", "en");

  // Both join; a mark a reload would wipe.
  for (const page of [mentorPage, room]) {
    await page.getByRole("button", { name: "Join call" }).click();
    // Joined before the camera plays, a member joins muted: the picture to check would never come.
    await expectVideoPlaying(page, "Your camera");
    await page.getByRole("button", { name: "Join now" }).click();
  }
  await expect(room.getByTestId("call-status")).toHaveText(`Connected with ${mentor.fullName}`, { timeout: 20_000 });
  await expect(mentorPage.getByTestId("call-status")).toHaveText(`Connected with ${learner.fullName}`, {
    timeout: 20_000,
  });
  expect(await peerConnections(room)).toEqual(["connected"]);
  const signalPath = `bookings/${id}/signals/member_${learner.uid}`;
  const peerBefore = (await e2eStore().get(signalPath))?.data.peer;
  expect(peerBefore).toEqual(expect.any(String));
  await room.evaluate(() => Object.assign(window, { sameDocument: true }));

  // The learner switches to Arabic in another tab.
  const settings = await room.context().newPage();
  await settings.goto("/settings");
  const section = settings.getByRole("region", { name: "Language" });
  await section.getByLabel("Language").selectOption("ar");
  await section.getByRole("button", { name: "Change language" }).click();
  await expect(settings.locator("html")).toHaveAttribute("dir", "rtl");
  expect((await e2eStore().get(`users/${learner.uid}`))?.data.language).toBe("ar");

  // The room is right to left and in Arabic where it stands...
  await expect(room.locator("html")).toHaveAttribute("lang", "ar");
  await expect(room.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(room.getByRole("heading", { name: "مكالمة فيديو" })).toBeVisible();
  await expect(room.getByRole("region", { name: "تفاصيل الجلسة" })).toBeVisible();
  await expect(room.getByTestId("call-status")).toHaveText(`متصل بـ\u2068${mentor.fullName}\u2069`);
  expect(await room.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // ...and the call was never left: the same connection, still connected, the same peer stored,
  // the other's picture playing.
  expect(await peerConnections(room)).toEqual(["connected"]);
  expect((await e2eStore().get(signalPath))?.data.peer).toBe(peerBefore);
  await expectVideoPlaying(room, `فيديو \u2068${mentor.fullName}\u2069`);
  await expect(mentorPage.getByTestId("call-status")).toHaveText(`Connected with ${learner.fullName}`);

  await room.context().close();
  await mentorPage.context().close();
});
