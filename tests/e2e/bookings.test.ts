import { expect, test, type Page } from "./support/test";
import { saveAvailability, saveRates } from "../../app/features/bookings/teaching.server";
import { reconcileAll } from "../../app/features/wallet/reconcile.server";
import type { BookingDoc } from "../../app/features/bookings/types";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { openWithScriptsHeld } from "./support/scripts-held";

/**
 * Sessions that cost SP, end to end with two members: availability and rate, a booking whose
 * price is held at once, acceptance, completion confirmed by both in the session room with the
 * mentor's wallet updating live, reviews, and xp on /progress. Then a decline and a late
 * cancellation, checked against the money rules of docs/decisions/009-booking-escrow.md.
 *
 * The members page (someone else's) does not mount the booking panel yet, so the learner books
 * through /calendar?book=<mentorUid>, which mounts the same panel.
 */

const SPANISH = [{ tag: "spanish", label: "Spanish", level: "expert" }];
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

async function member(fullName: string, timezone: string, teaches = false): Promise<TestUser> {
  return createUser({ fullName, profile: { timezone, ...(teaches ? { skillsOffered: SPANISH } : {}) } });
}

const balance = (page: Page) => page.getByTestId("wallet-balance");

/**
 * The learner books the second free 60-minute Spanish slot; answers the booking id. Not the first:
 * it leaves the hour's notice at the next half hour, so a page drawn seconds before that boundary
 * offers a slot the server refuses once it is crossed (the fresh-clone run failed so, once).
 */
async function bookSecondSlot(page: Page, mentor: TestUser): Promise<string> {
  await page.goto(`/calendar?book=${mentor.uid}`);
  const panel = page.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  await expect(panel.getByTestId("booking-price")).toHaveText("40 SP");
  await panel.locator('input[name="start"]').nth(1).check({ force: true });
  await panel.getByRole("button", { name: "Request booking" }).click();
  const link = page.getByRole("link", { name: "Open the session" });
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  return href!.split("/").pop()!;
}

async function booking(id: string): Promise<BookingDoc> {
  return (await e2eStore().get<BookingDoc>(`bookings/${id}`))!.data;
}

/** Moves an accepted session into the past, as if it had just taken place. */
async function sessionHappened(id: string): Promise<void> {
  const now = Date.now();
  await e2eStore().update(`bookings/${id}`, { start: now - 2 * 3_600_000, end: now - 3_600_000 });
}

async function arrangeMentor(mentor: TestUser): Promise<void> {
  await saveAvailability(e2eStore(), mentor.uid, { timezone: "Asia/Tokyo", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(e2eStore(), mentor.uid, { spanish: 40 });
}

// Every SP accounted for after each test: balances equal the sum of their entries.
test.afterEach(async () => {
  expect((await reconcileAll(e2eStore())).failures).toEqual([]);
});

test("a paid session from availability to reviews, xp and level", async ({ browser, baseURL }) => {
  // Two members' whole journey in one test: 49-51 s of the 60 s limit in the CI runs of 28
  // November, so a busy minute on the machine ran it past the limit (29 November, 03:13 UTC).
  test.slow();
  const mentor = await member("Mara Mentor", "Asia/Tokyo", true);
  const learner = await member("Leo Learner", "America/Los_Angeles");
  const mentorPage = await openAs(browser, mentor, baseURL!);
  const learnerPage = await openAs(browser, learner, baseURL!);

  // The mentor opens every day in Tokyo time and charges 40 SP an hour for Spanish.
  await mentorPage.goto("/calendar");
  // The zone is typed; once the page runs, the browser's zones are offered as it is (decision 052).
  await expect(mentorPage.locator('#availability-timezone-options option[value="Asia/Tokyo"]')).toHaveCount(1);
  await mentorPage.getByLabel("Your timezone").fill("Asia/Tokyo");
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await mentorPage.getByLabel(day, { exact: true }).fill("00:00-24:00");
  }
  await mentorPage.getByRole("button", { name: "Save availability" }).click();
  await expect(mentorPage.getByText("Availability saved.")).toBeVisible();
  await mentorPage.getByLabel("Spanish").fill("40");
  await mentorPage.getByRole("button", { name: "Save rates" }).click();
  await expect(mentorPage.getByText("Rates saved.")).toBeVisible();

  // The learner books 60 minutes and sees the hold in the wallet dropdown at once.
  await learnerPage.goto("/calendar");
  await expect(balance(learnerPage)).toHaveText("200 SP");
  const id = await bookSecondSlot(learnerPage, mentor);
  await expect(balance(learnerPage)).toHaveText("160 SP");
  await balance(learnerPage).click();
  await expect(learnerPage.getByRole("dialog", { name: "Wallet" })).toContainText("Held for session: Spanish (60 min)");

  // The mentor accepts from the calendar.
  await mentorPage.goto("/calendar");
  const request = mentorPage.getByTestId("pending-request").filter({ hasText: "Leo Learner" });
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(request).toHaveCount(0);
  expect((await booking(id)).state).toBe("accepted");

  await sessionHappened(id);
  await mentorPage.goto(`/session/${id}`);
  await learnerPage.goto(`/session/${id}`);
  await expect(mentorPage.getByText("You're teaching Leo Learner")).toBeVisible();

  // The mentor sets the meeting link and writes notes; the learner sees both live.
  await mentorPage.getByLabel("Meeting link").fill("https://meet.example.com/spanish-leo");
  await mentorPage.getByRole("button", { name: "Save link" }).click();
  await expect(learnerPage.getByTestId("meeting-link")).toHaveText("https://meet.example.com/spanish-leo");
  await mentorPage.getByRole("textbox", { name: "Shared notes" }).fill("Bring three questions about the subjunctive.");
  await expect(learnerPage.getByRole("textbox", { name: "Shared notes" })).toHaveValue(
    "Bring three questions about the subjunctive.",
  );
  await learnerPage.getByPlaceholder("Message \u2068Mara Mentor\u2069").fill("See you soon!");
  await learnerPage.getByRole("button", { name: "Send" }).click();
  await expect(mentorPage.getByText("See you soon!")).toBeVisible();

  // Both confirm. The mentor confirms first and goes back to the calendar (the session room has
  // no header); the learner's confirmation releases the hold, and the mentor's wallet shows it live.
  await mentorPage.getByRole("button", { name: "Confirm completion" }).click();
  await expect(mentorPage.getByText("Waiting for Leo Learner to confirm too.")).toBeVisible();
  await mentorPage.goto("/calendar");
  await expect(balance(mentorPage)).toHaveText("200 SP");
  await learnerPage.getByRole("button", { name: "Confirm completion" }).click();
  await expect(learnerPage.getByTestId("session-state")).toHaveText("Completed");
  await expect(balance(mentorPage)).toHaveText("240 SP");
  await mentorPage.goto(`/session/${id}`);
  await expect(mentorPage.getByTestId("session-state")).toHaveText("Completed");

  // Both review: five stars each.
  for (const page of [learnerPage, mentorPage]) {
    const review = page.getByRole("region", { name: "Review" });
    await review.getByLabel("5 stars").check();
    await review.getByLabel("Comment (optional)").fill("Great session, thank you!");
    await review.getByRole("button", { name: "Submit review" }).click();
    await expect(review.getByText("Thanks for your review.")).toBeVisible();
  }

  // xp: teaching 60 + first Spanish session 50 + a 5-star review 20; learning 30 + 50 + 20.
  await mentorPage.goto("/progress");
  await expect(mentorPage.getByTestId("level-summary")).toHaveText("Level 2 · 130 xp");
  await expect(mentorPage.getByTestId("sessions-taught")).toHaveText("1");
  await expect(mentorPage.getByText("Taught Spanish for 60 minutes")).toBeVisible();
  await learnerPage.goto("/progress");
  await expect(learnerPage.getByTestId("level-summary")).toHaveText("Level 2 · 100 xp");
  await expect(learnerPage.getByTestId("sessions-learned")).toHaveText("1");
});

test("a declined request is refunded in full", async ({ browser, baseURL }) => {
  const mentor = await member("Dana Decliner", "Asia/Tokyo", true);
  const learner = await member("Lou Learner", "America/Los_Angeles");
  await arrangeMentor(mentor);
  const learnerPage = await openAs(browser, learner, baseURL!);
  const mentorPage = await openAs(browser, mentor, baseURL!);

  const id = await bookSecondSlot(learnerPage, mentor);
  await expect(balance(learnerPage)).toHaveText("160 SP");

  await mentorPage.goto(`/session/${id}`);
  await mentorPage.getByRole("button", { name: "Decline" }).click();
  await expect(mentorPage.getByTestId("session-state")).toHaveText("Declined");
  // The learner is still on the calendar, whose header wallet follows the refund live.
  await expect(balance(learnerPage)).toHaveText("200 SP");
  await mentorPage.goto("/calendar");
  await expect(balance(mentorPage)).toHaveText("200 SP");
});

test("a slot ticked before the page's scripts ran stays ticked and is the one booked", async ({ browser, baseURL }) => {
  const mentor = await member("Tess Early", "Asia/Tokyo", true);
  const learner = await member("Ezra Early", "America/Los_Angeles");
  await arrangeMentor(mentor);
  const page = await openAs(browser, learner, baseURL!);

  // A slow phone: the page is drawn and tapped before its scripts arrive.
  const { opened, release } = await openWithScriptsHeld(page, `/calendar?book=${mentor.uid}`);
  const panel = page.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  const slot = panel.locator('input[name="start"]').nth(1);
  // The tap, as the browser handles it without scripts (the radio itself is visually hidden).
  await slot.dispatchEvent("click");
  await expect(slot).toBeChecked();
  const picked = Number(await slot.getAttribute("value"));
  release();
  await opened;

  await expect(slot).toBeChecked();
  const request = panel.getByRole("button", { name: "Request booking" });
  await expect(request).toBeEnabled();
  await request.click();
  const link = page.getByRole("link", { name: "Open the session" });
  await expect(link).toBeVisible();
  const id = (await link.getAttribute("href"))!.split("/").pop()!;
  expect((await booking(id)).start).toBe(picked);
});

test("hours typed before the calendar's scripts ran are kept and saved", async ({ browser, baseURL }) => {
  const mentor = await member("Hana Early", "Asia/Tokyo", true);
  const page = await openAs(browser, mentor, baseURL!);
  const { opened, release } = await openWithScriptsHeld(page, "/calendar");
  await page.getByLabel("Monday", { exact: true }).fill("09:00-12:00");
  release();
  await opened;

  // The form draws its hourly grid once hydrated, a render that used to empty the field.
  await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("09:00-12:00");
  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText("Availability saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Monday", { exact: true })).toHaveValue(/^09:00\s*[-–]\s*12:00$/);
});

test("a learner's cancellation within 24 hours splits the price as recorded", async ({ browser, baseURL }) => {
  const mentor = await member("Cara Canceller", "Asia/Tokyo", true);
  const learner = await member("Lee Learner", "America/Los_Angeles");
  await arrangeMentor(mentor);
  const learnerPage = await openAs(browser, learner, baseURL!);
  const mentorPage = await openAs(browser, mentor, baseURL!);

  // The first free slot is at most a day away: the mentor is available around the clock.
  const id = await bookSecondSlot(learnerPage, mentor);
  expect((await booking(id)).start - Date.now()).toBeLessThan(24 * 3_600_000);
  await mentorPage.goto(`/session/${id}`);
  await mentorPage.getByRole("button", { name: "Accept" }).click();
  await expect(mentorPage.getByTestId("session-state")).toHaveText("Accepted");

  await mentorPage.goto("/calendar");
  await expect(balance(mentorPage)).toHaveText("200 SP");
  await learnerPage.goto(`/session/${id}`);
  await expect(learnerPage.getByText("Cancelling less than 24 hours before the start refunds half")).toBeVisible();
  // Cancelling asks first, says what it costs, and offers to keep the session before the destructive button.
  await learnerPage.getByRole("button", { name: "Cancel session" }).click();
  await expect(learnerPage.getByTestId("cancel-cost")).toHaveText(
    "Less than 24 hours before the start: you get back 20 SP of 40; 20 SP go to the mentor.",
  );
  await expect(learnerPage.getByRole("button", { name: "Keep the session" })).toBeFocused();
  await learnerPage.getByRole("button", { name: "Keep the session" }).click();
  await expect(learnerPage.getByTestId("cancel-cost")).toHaveCount(0);
  await expect(learnerPage.getByTestId("session-state")).toHaveText("Accepted");
  await learnerPage.getByRole("button", { name: "Cancel session" }).click();
  await learnerPage.getByRole("button", { name: "Yes, cancel" }).click();
  await expect(learnerPage.getByTestId("session-state")).toHaveText("Cancelled");
  await expect(balance(mentorPage)).toHaveText("220 SP");
  await learnerPage.goto("/calendar");
  await expect(balance(learnerPage)).toHaveText("180 SP");
});

test("a learner who cannot afford a session is offered a top-up", async ({ browser, baseURL }) => {
  const mentor = await member("Pia Pricey", "Europe/Berlin", true);
  const learner = await member("Sam Short", "America/Los_Angeles");
  await saveAvailability(e2eStore(), mentor.uid, { timezone: "Europe/Berlin", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(e2eStore(), mentor.uid, { spanish: 500 });
  const page = await openAs(browser, learner, baseURL!);
  await page.goto(`/calendar?book=${mentor.uid}`);
  const panel = page.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  await panel.locator('input[name="start"]').first().check({ force: true });
  await panel.getByRole("button", { name: "Request booking" }).click();
  await expect(panel.getByRole("alert")).toContainText("You need 300 SP more for this session.");
  await panel.getByRole("button", { name: "Top up SP" }).click();
  await expect(page.getByText("All payments are processed securely via Stripe")).toBeVisible();
  await expect(balance(page)).toHaveText("200 SP");
});

test("sessions export as .ics and a private feed that can be revoked; strangers see nothing", async ({
  browser,
  baseURL,
  request,
}) => {
  const mentor = await member("Ivy Ical", "Asia/Tokyo", true);
  const learner = await member("Ian Ical", "America/Los_Angeles");
  const stranger = await member("Sue Stranger", "UTC");
  await arrangeMentor(mentor);
  const learnerPage = await openAs(browser, learner, baseURL!);
  const id = await bookSecondSlot(learnerPage, mentor);

  const file = await learnerPage.request.get(`/api/bookings/${id}.ics`);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("text/calendar");
  const body = await file.text();
  expect(body).toContain("BEGIN:VEVENT\r\n");
  expect(body).toContain("SUMMARY:SkillSwap: Spanish with \u2068Ivy Ical\u2069\r\n");

  await learnerPage.goto("/calendar");
  // The list's link isolates ".ics" itself and keeps it from translation, with no <bdi> inside (decision 115).
  const icsLink = learnerPage.getByRole("link", { name: ".ics" });
  await expect(icsLink).toHaveAttribute("href", `/api/bookings/${id}.ics`);
  await expect(icsLink).toHaveAttribute("dir", "ltr");
  await expect(icsLink).toHaveAttribute("translate", "no");
  await expect(icsLink.locator("bdi")).toHaveCount(0);
  // The week's day headings are one text each ("Mon 23"); only today's number is a marked <span>.
  const headings = learnerPage.getByRole("region", { name: /^Week of/ }).locator(":scope > div > div.sticky");
  const texts = (await headings.allTextContents()).filter((text) => text !== ""); // the hours' corner is empty
  expect(texts).toHaveLength(7);
  for (const text of texts) expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
  await expect(headings.locator("span")).toHaveCount(1);
  await learnerPage.getByRole("button", { name: "Create feed link" }).click();
  const feedUrl = await learnerPage.getByLabel(/Your private feed link/).inputValue();
  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(`UID:${id}@skillswap`);
  await learnerPage.getByRole("button", { name: "Revoke feed" }).click();
  await expect(learnerPage.getByText("The calendar feed was revoked")).toBeVisible();
  expect((await request.get(feedUrl)).status()).toBe(404);

  const strangerPage = await openAs(browser, stranger, baseURL!);
  expect((await strangerPage.request.get(`/api/bookings/${id}.ics`)).status()).toBe(404);
  const room = await strangerPage.goto(`/session/${id}`);
  expect(room?.status()).toBe(404);
});
