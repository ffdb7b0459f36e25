import type { Browser } from "@playwright/test";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { expect, test } from "./support/test";
import { createUser, skipLocalOnboarding, type TestUser } from "./support/fixtures";
import { useSmtpApp } from "./support/smtp-app";

/**
 * Notification mail as members live it, on a production server that sends through a local SMTP
 * server: a learner's booking request reaches the mentor's inbox, the link in that mail opens the
 * request where the mentor accepts it, and the acceptance reaches the learner's inbox. Each mail
 * arrives once.
 */

const app = useSmtpApp("skillswap-mail-e2e-");

const SPANISH = [{ tag: "spanish", label: "Spanish", level: "expert" }];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
// The mail leaves with the timed work, whose leader ticks every 5 seconds on a loaded machine.
const MAIL_ARRIVES = { timeout: 30_000 };

async function signIn(browser: Browser, user: TestUser) {
  const page = await browser.newPage();
  await skipLocalOnboarding(page, user.uid);
  await page.goto(`${app().origin}/auth`);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/dashboard");
  return page;
}

test("a booking request reaches the mentor by e-mail, its link opens the request, and accepting it mails the learner", async ({
  browser,
}) => {
  // Two mails, each waiting for a timed-work tick (every 5 s), and a tick more to show no second copy.
  test.setTimeout(90_000);
  const { origin, inbox, store } = app();
  const suffix = Math.random().toString(36).slice(2, 7);
  const mentor = await createUser({
    store,
    fullName: `Mara Mail ${suffix}`,
    profile: { timezone: "Asia/Tokyo", skillsOffered: SPANISH },
  });
  const learner = await createUser({ store, fullName: `Leo Mail ${suffix}`, profile: { timezone: "UTC" } });
  await saveAvailability(store, mentor.uid, { timezone: "Asia/Tokyo", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(store, mentor.uid, { spanish: 40 });

  const learnerPage = await signIn(browser, learner);
  await learnerPage.goto(`${origin}/calendar?book=${mentor.uid}`);
  const panel = learnerPage.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  await expect(panel.getByTestId("booking-price")).toHaveText("40 SP");
  await panel.locator('input[name="start"]').first().check({ force: true });
  await panel.getByRole("button", { name: "Request booking" }).click();

  await expect.poll(() => inbox.to(mentor.email).length, MAIL_ARRIVES).toBe(1);
  const request = inbox.to(mentor.email)[0]!;
  expect(request.subject).toMatch(/^New session request: Spanish on /);
  expect(request.text).toContain(`Hello ${mentor.fullName},`);
  expect(request.text).toContain(`\u2068${learner.fullName}\u2069 asks for a 60-minute Spanish session with you on`);
  expect(request.text).toContain("(Asia/Tokyo). 40 SP are held for it");
  expect(request.html).toContain(`<bdi>${learner.fullName}</bdi> asks for a 60-minute Spanish session`);
  const link = /Answer the request: (\S+)/.exec(request.text)?.[1];
  expect(link, request.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(origin);

  const mentorPage = await signIn(browser, mentor);
  await mentorPage.goto(link!);
  await expect(mentorPage.getByRole("heading", { name: "Session status: Requested" })).toBeVisible();
  await mentorPage.getByRole("button", { name: "Accept" }).click();
  await expect(mentorPage.getByRole("heading", { name: "Session status: Accepted" })).toBeVisible();

  await expect
    .poll(() => inbox.to(learner.email).map((m) => m.subject), MAIL_ARRIVES)
    .toEqual([`\u2068${mentor.fullName}\u2069 accepted your Spanish session`]);
  const accepted = inbox.to(learner.email)[0]!;
  expect(accepted.text).toContain(`Open the session: ${link}`);
  expect(accepted.text).toContain("(UTC)");
  // Still one mail each after another whole tick of timed work (the one that would send a second
  // copy): the leader renews its lease at the start of every tick, so the second renewal from now
  // means the tick that began after the acceptance went out has finished its mail work.
  const leaseRenewal = async () => (await store.get<{ expiresAt: number }>("leases/timed_work"))?.data.expiresAt ?? 0;
  for (let tick = 0; tick < 2; tick++) {
    const before = await leaseRenewal();
    await expect.poll(leaseRenewal, MAIL_ARRIVES).toBeGreaterThan(before);
  }
  expect(inbox.to(mentor.email)).toHaveLength(1);
  expect(inbox.to(learner.email)).toHaveLength(1);
  // Closed here, before this file's server stops: open live streams would fail in the next test.
  await learnerPage.context().close();
  await mentorPage.context().close();
});
