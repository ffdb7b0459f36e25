/**
 * Decision 024: a new member has the 200 SP at once and a verification link in their mail; until
 * they open it, their account carries the bonus hold and Settings says so; the link's button
 * verifies the address and lifts the hold. Their mentors see the payments that wait for it in the
 * wallet, on the calendar and in the session room, until the verification releases them.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test";
import { bookableStarts, MIN_NOTICE_MS } from "~/features/bookings/availability";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { createUser, openAs, signUpViaUi } from "./support/fixtures";
import { e2eStore, uidOf } from "./support/store";
import { userPath } from "~/documents/users";

async function verificationLink(email: string): Promise<string> {
  const mails = await e2eStore().query<{ subject: string; link: string }>({
    collection: "outbox",
    where: [["to", "==", email]],
  });
  const mail = mails.find((m) => m.data.subject === "Verify your SkillSwap email");
  expect(mail, "a verification mail in the outbox").toBeTruthy();
  return mail!.data.link;
}

test("a new member verifies their email through the link, and the bonus hold goes", async ({ page }) => {
  const { email } = await signUpViaUi(page, { fullName: "Vera Verify" });
  const uid = (await uidOf(email))!;
  expect((await e2eStore().get(`wallets/${uid}`))?.data.balance).toBe(200);
  expect(await e2eStore().get(`unverified_accounts/${uid}`)).not.toBeNull();

  await page.goto("/settings");
  const notice = page.getByTestId("email-not-verified");
  await expect(notice).toContainText("Your email is not verified yet.");

  const link = await verificationLink(email);
  expect(link).toMatch(/\/auth\/action\?mode=verifyEmail&oobCode=[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  // Opening the link alone verifies nothing (mail scanners open links).
  expect(await e2eStore().get(`unverified_accounts/${uid}`)).not.toBeNull();
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  expect(await e2eStore().get(`unverified_accounts/${uid}`)).toBeNull();

  await page.getByRole("link", { name: "Continue to SkillSwap" }).click();
  await page.waitForURL(/\/dashboard/);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByTestId("email-not-verified")).toHaveCount(0);
  expect((await e2eStore().get(`wallets/${uid}`))?.data.balance).toBe(200);

  // The link works once.
  await page.goto(link);
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByText("This verification link has expired, was already used or is not valid.")).toBeVisible();
});

test("Settings sends a new verification link to an unverified member", async ({ page }) => {
  const { email } = await signUpViaUi(page, { fullName: "Resend Rita" });
  await page.goto("/settings");
  await page.getByRole("button", { name: "Send the link again" }).click();
  await expect(page.getByText(`We sent a new verification link to ${email}.`)).toBeVisible();
  const mails = await e2eStore().query<{ subject: string }>({ collection: "outbox", where: [["to", "==", email]] });
  expect(mails.filter((m) => m.data.subject === "Verify your SkillSwap email")).toHaveLength(2);
});

const HOUR = 3_600_000;
const EVERY_DAY = {
  weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" })),
  exceptions: [],
};

/** An hour of Spanish that `learnerUid` booked, the mentor accepted, took place and both confirmed. */
async function completedSession(learnerUid: string, mentorUid: string): Promise<string> {
  const store = e2eStore();
  const now = Date.now();
  const [start] = bookableStarts(EVERY_DAY, "UTC", {
    from: now + MIN_NOTICE_MS + HOUR,
    to: now + 2 * 24 * HOUR,
    durationMinutes: 60,
  });
  const booking = await requestBooking(store, {
    learnerUid,
    mentorUid,
    skillTag: "spanish",
    start: start!,
    durationMinutes: 60,
  });
  await applyCommand(store, booking.id, { uid: mentorUid }, { kind: "accept" });
  // It took place: an hour that ended an hour ago.
  await store.update(`bookings/${booking.id}`, { start: now - 2 * HOUR, end: now - HOUR });
  await applyCommand(store, booking.id, { uid: mentorUid }, { kind: "confirm" });
  const done = await applyCommand(store, booking.id, { uid: learnerUid }, { kind: "confirm" });
  expect(done.booking).toMatchObject({ state: "completed", payoutWaits: true });
  return booking.id;
}

test("a mentor sees the payment that waits for the learner's verification in the wallet, on the calendar and in the session room", async ({
  page,
  browser,
  baseURL,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const mentor = await createUser({
    fullName: `Mona Mentor ${suffix}`,
    profile: { timezone: "UTC", skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }] },
  });
  await saveAvailability(e2eStore(), mentor.uid, { timezone: "UTC", ...EVERY_DAY });
  await saveRates(e2eStore(), mentor.uid, { spanish: 40 });
  const learnerName = `Wes Waiting ${suffix}`;
  const { email } = await signUpViaUi(page, { fullName: learnerName });
  const learnerUid = (await uidOf(email))!;
  const bookingId = await completedSession(learnerUid, mentor.uid);

  const mentorPage = await openAs(browser, mentor, baseURL!, { path: "/wallet" });
  const waiting = mentorPage.getByTestId("waiting-payouts");
  await expect(waiting.getByRole("heading", { name: "40 SP waiting for email verification" })).toBeVisible();
  await expect(waiting).toContainText(
    "These SP will be released to your wallet once the learner has verified their email.",
  );
  const row = waiting.getByTestId("waiting-payout");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link", { name: `Spanish (60 min) with ${learnerName}` })).toHaveAttribute(
    "href",
    `/session/${bookingId}`,
  );
  await expect(row).toContainText("40 SP");
  await expect(mentorPage.getByTestId("wallet-page-balance")).toHaveText("200 SP");
  await expect(mentorPage.getByTestId("wallet-history")).not.toContainText("Payment for session");

  await mentorPage.goto("/calendar");
  const past = mentorPage.getByRole("region", { name: "Past sessions" });
  await expect(past.getByTestId("payout-waits")).toHaveText(
    `40 SP will be released to your wallet once ${learnerName} has verified their email.`,
  );
  // And in the session room, where the mentor follows the session.
  await mentorPage.goto(`/session/${bookingId}`);
  await expect(mentorPage.getByRole("region", { name: "Session details" }).getByTestId("payout-waits")).toHaveText(
    `40 SP will be released to your wallet once ${learnerName} has verified their email.`,
  );
  // The learner is told on their calendar and in the room what their verification does.
  await page.goto("/calendar");
  await expect(page.getByRole("region", { name: "Past sessions" }).getByTestId("payout-waits")).toHaveText(
    `Your 40 SP reach ${mentor.fullName} once you have verified your email in Settings.`,
  );
  await page.goto(`/session/${bookingId}`);
  await expect(page.getByRole("region", { name: "Session details" }).getByTestId("payout-waits")).toHaveText(
    `Your 40 SP reach ${mentor.fullName} once you have verified your email in Settings.`,
  );

  // In the mentor's language, with the learner's own name kept from a browser translator (issue 30).
  await e2eStore().update(userPath(mentor.uid), { language: "es" });
  await mentorPage.goto("/calendar");
  const waitsInSpanish = mentorPage.getByTestId("payout-waits");
  await expect(waitsInSpanish).toHaveText(
    `40 SP se liberarán en tu monedero cuando ${learnerName} haya verificado su correo electrónico.`,
  );
  await expect(waitsInSpanish.locator("bdi")).toHaveText(learnerName);
  await expect(waitsInSpanish.locator("bdi")).toHaveAttribute("translate", "no");
  await e2eStore().update(userPath(mentor.uid), { language: "en" });

  // The learner verifies: the payment goes out, and both places stop saying it waits.
  await page.goto(await verificationLink(email));
  await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();

  await mentorPage.goto("/wallet");
  await expect(mentorPage.getByTestId("wallet-page-balance")).toHaveText("240 SP");
  await expect(mentorPage.getByTestId("waiting-payouts")).toHaveCount(0);
  const released = mentorPage
    .getByTestId("wallet-history-row")
    .filter({ hasText: "Payment for session: Spanish (60 min)" });
  await expect(released).toContainText("+40 SP");
  await mentorPage.goto("/calendar");
  await expect(mentorPage.getByRole("region", { name: "Past sessions" })).toContainText(`with ${learnerName}`);
  await expect(mentorPage.getByTestId("payout-waits")).toHaveCount(0);
  await mentorPage.goto(`/session/${bookingId}`);
  await expect(mentorPage.getByRole("region", { name: "Session details" })).toContainText(`teaching ${learnerName}`);
  await expect(mentorPage.getByTestId("payout-waits")).toHaveCount(0);
  expect((await e2eStore().get(`bookings/${bookingId}`))?.data).toMatchObject({ payoutWaits: false });
  expect((await reconcileAll(e2eStore())).failures).toEqual([]);
});
