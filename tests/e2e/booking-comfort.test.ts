import { expect, test, type Page } from "./support/test";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { bookableStarts } from "~/features/bookings/availability";
import { applyCommand, MAX_PENDING_REQUESTS, requestBooking } from "~/features/bookings/bookings.server";
import { formatDateTime, formatDay } from "~/features/bookings/format";
import type { BookingDoc, TeachingDoc } from "~/features/bookings/types";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";

/**
 * Booking comfort (issue 17): the mentor's hourly availability grid with "copy a day" and
 * exceptions by date (and the text fields as the fallback), the booking panel's slots by part of
 * the day with the next ones first, the next free hour on match cards, the calendar's week view as
 * an hourly grid beside the month view, and the cap on waiting requests. Every member here lives
 * in UTC so the expected times are plain.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const suffix = () => Math.random().toString(36).slice(2, 8);

/** Midnight UTC of the first date at least `minDaysAhead` days from today that falls on `weekday`. */
function nextWeekday(weekday: number, minDaysAhead: number): number {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  let t = midnight + minDaysAhead * DAY;
  while (new Date(t).getUTCDay() !== weekday) t += DAY;
  return t;
}
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The booking panel's name for a day: "Tuesday 1 December". */
const dayLabel = (t: number) => formatDay(t + 12 * HOUR, "UTC");

async function mentorOf(skill: string, options: { rate?: number } = {}): Promise<TestUser> {
  const mentor = await createUser({ fullName: `Mina Grid ${suffix()}`, profile: { timezone: "UTC" } });
  await setSkills(e2eStore(), mentor.uid, [toSkill(skill, "expert")!], []);
  if (options.rate !== undefined)
    await saveRates(e2eStore(), mentor.uid, { [toSkill(skill, "expert")!.tag]: options.rate });
  return mentor;
}

async function teachingOf(uid: string): Promise<TeachingDoc> {
  return (await e2eStore().get<TeachingDoc>(`teaching/${uid}`))!.data;
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "the page does not scroll sideways").toBeLessThanOrEqual(innerWidth);
}
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

test.afterEach(async () => {
  expect((await reconcileAll(e2eStore())).failures).toEqual([]);
});

test("a mentor paints hours on the grid, copies a day, adds exceptions by date, and learners are offered exactly those", async ({
  browser,
  baseURL,
}) => {
  const mentor = await mentorOf("Portuguese", { rate: 20 });
  const page = await openAs(browser, mentor, baseURL!, { path: "/calendar", viewport: DESKTOP });
  await page.getByLabel("Your timezone").fill("UTC");
  const grid = page.getByRole("grid", { name: "Weekly hours" });
  const cell = (name: string) => grid.getByRole("gridcell", { name, exact: true });

  // Drag over Monday 09:00–12:00, then drag over 10:00–10:30 again to close it.
  await cell("Monday 09:00 to 09:30").hover();
  await page.mouse.down();
  await cell("Monday 11:30 to 12:00").hover();
  await page.mouse.up();
  await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("09:00-12:00");
  await cell("Monday 10:00 to 10:30").hover();
  await page.mouse.down();
  await cell("Monday 10:00 to 10:30").hover();
  await page.mouse.up();
  await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("09:00-10:00, 10:30-12:00");
  await expect(cell("Monday 10:00 to 10:30")).toHaveAttribute("aria-selected", "false");
  await expect(cell("Monday 10:30 to 11:00")).toHaveAttribute("aria-selected", "true");

  // Copy Monday to Tuesday and Wednesday.
  await page.getByLabel("Copy the hours of").selectOption("Monday");
  const copyTo = page.getByRole("group", { name: "to", exact: true });
  await copyTo.getByLabel("Tue").check();
  await copyTo.getByLabel("Wed").check();
  await page.getByRole("button", { name: "Copy hours" }).click();
  await expect(page.getByText("Copied Monday's hours to 2 days.")).toBeVisible();
  await expect(page.getByLabel("Tuesday", { exact: true })).toHaveValue("09:00-10:00, 10:30-12:00");
  await expect(page.getByLabel("Wednesday", { exact: true })).toHaveValue("09:00-10:00, 10:30-12:00");
  await expect(cell("Wednesday 11:00 to 11:30")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Thursday", { exact: true })).toHaveValue("");

  // A Tuesday off, and other hours on the Wednesday after it.
  const tuesday = nextWeekday(2, 2);
  const wednesday = tuesday + DAY;
  const picker = page.getByRole("group", { name: "Exceptions by date" });
  await picker.getByLabel("Date", { exact: true }).fill(iso(tuesday));
  await picker.getByLabel("Day off").check();
  await picker.getByRole("button", { name: "Add exception" }).click();
  await picker.getByLabel("Date", { exact: true }).fill(iso(wednesday));
  await picker.getByLabel("Other hours").check();
  await picker.getByLabel("Hours that day").fill("14:00-15:00");
  await picker.getByRole("button", { name: "Add exception" }).click();
  await expect(page.getByLabel("Exceptions", { exact: true })).toHaveValue(
    `${iso(tuesday)}: off\n${iso(wednesday)}: 14:00-15:00`,
  );
  await expect(picker.getByRole("list", { name: "Your exceptions" })).toContainText("day off");
  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText("Availability saved.")).toBeVisible();

  const stored = await teachingOf(mentor.uid);
  const mondayHours = [
    { start: "09:00", end: "10:00" },
    { start: "10:30", end: "12:00" },
  ];
  expect(stored.weekly).toEqual([1, 2, 3].flatMap((weekday) => mondayHours.map((r) => ({ weekday, ...r }))));
  expect(stored.exceptions).toEqual([
    { date: iso(tuesday), slots: null },
    { date: iso(wednesday), slots: [{ start: "14:00", end: "15:00" }] },
  ]);

  // The learner's panel (60 minutes): no slot on the Tuesday off, only 14:00 on that Wednesday,
  // and a usual Monday's 09:00, 10:30 and 11:00.
  const learner = await createUser({ fullName: `Lia Grid ${suffix()}`, profile: { timezone: "UTC" } });
  const learnerPage = await openAs(browser, learner, baseURL!, {
    path: `/calendar?book=${mentor.uid}`,
    viewport: DESKTOP,
  });
  const panel = learnerPage.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  await expect(panel.getByRole("group", { name: `${dayLabel(wednesday)}, afternoon` })).toHaveText(
    /^Afternoon\s*14:00$/,
  );
  await expect(panel.getByRole("group", { name: `${dayLabel(wednesday)}, morning` })).toHaveCount(0);
  await expect(panel.getByRole("group", { name: dayLabel(tuesday), exact: true })).toHaveCount(0);
  const monday = nextWeekday(1, 1);
  await expect(panel.getByRole("group", { name: `${dayLabel(monday)}, morning` })).toHaveText(
    /^Morning\s*09:00\s*10:30\s*11:00$/,
  );
  // The Tuesday before the one off keeps its usual hours.
  if (tuesday - 7 * DAY > Date.now() + 2 * HOUR)
    await expect(panel.getByRole("group", { name: `${dayLabel(tuesday - 7 * DAY)}, morning` })).toBeVisible();
  await page.context().close();
  await learnerPage.context().close();
});

test("by keyboard on a phone: the grid answers arrows and Space, and the text fields stay in step with it", async ({
  browser,
  baseURL,
}) => {
  const mentor = await mentorOf("Portuguese");
  const page = await openAs(browser, mentor, baseURL!, { path: "/calendar", viewport: PHONE });
  await page.getByLabel("Your timezone").fill("UTC");
  const grid = page.getByRole("grid", { name: "Weekly hours" });
  // Tab reaches the grid: its one tab stop is the first cell shown (Monday 07:00).
  await page.getByLabel("Your timezone").focus();
  await page.keyboard.press("Tab");
  await expect(grid.getByRole("gridcell", { name: "Monday 07:00 to 07:30", exact: true })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(page.getByLabel("Monday", { exact: true })).toHaveValue("07:00-09:00");
  // Right to Tuesday 08:30, Space opens it.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Space");
  await expect(page.getByLabel("Tuesday", { exact: true })).toHaveValue("08:30-09:00");
  await expect(grid.getByRole("gridcell", { name: "Tuesday 08:30 to 09:00" })).toHaveAttribute("aria-selected", "true");
  // The fallback: typed hours show on the grid.
  await page.getByLabel("Friday", { exact: true }).fill("10:00-11:00");
  await expect(grid.getByRole("gridcell", { name: "Friday 10:30 to 11:00" })).toHaveAttribute("aria-selected", "true");
  await expect(grid.getByRole("gridcell", { name: "Friday 11:00 to 11:30" })).toHaveAttribute("aria-selected", "false");
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Save availability" }).click();
  await expect(page.getByText("Availability saved.")).toBeVisible();
  expect((await teachingOf(mentor.uid)).weekly).toEqual([
    { weekday: 1, start: "07:00", end: "09:00" },
    { weekday: 2, start: "08:30", end: "09:00" },
    { weekday: 5, start: "10:00", end: "11:00" },
  ]);
  await page.context().close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the booking panel shows the next free slots first, then each day by morning, afternoon and evening (${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const mentor = await mentorOf("Guitar", { rate: 10 });
    const hours = [8, 13, 19];
    await saveAvailability(e2eStore(), mentor.uid, {
      timezone: "UTC",
      weekly: [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
        hours.map((h) => ({ weekday, start: `${h}:00`.padStart(5, "0"), end: `${h + 1}:00`.padStart(5, "0") })),
      ),
      exceptions: [],
    });
    const learner = await createUser({ fullName: `Lou Slots ${suffix()}`, profile: { timezone: "UTC" } });
    const page = await openAs(browser, learner, baseURL!, { path: `/calendar?book=${mentor.uid}`, viewport });
    const panel = page.getByRole("region", { name: `Book a session with ${mentor.fullName}` });

    // What is free at 60 minutes: each day's 08:00, 13:00 and 19:00 from an hour from now.
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const expected = [0, 1, 2]
      .flatMap((d) => hours.map((h) => today + d * DAY + h * HOUR))
      .filter((t) => t >= Date.now() + HOUR)
      .slice(0, 4);
    const next = panel.getByRole("group", { name: "Next free" }).getByRole("button");
    await expect(next).toHaveText(expected.map((t) => formatDateTime(t, "UTC")));
    const tomorrow = dayLabel(today + DAY);
    await expect(panel.getByRole("group", { name: `${tomorrow}, morning` })).toHaveText(/^Morning\s*08:00$/);
    await expect(panel.getByRole("group", { name: `${tomorrow}, afternoon` })).toHaveText(/^Afternoon\s*13:00$/);
    await expect(panel.getByRole("group", { name: `${tomorrow}, evening` })).toHaveText(/^Evening\s*19:00$/);
    await expectNoSidewaysScroll(page);

    // One tap on the first "next free" slot books it.
    await next.first().click();
    await expect(next.first()).toHaveAttribute("aria-pressed", "true");
    await panel.getByRole("button", { name: "Request booking" }).click();
    await expect(page.getByRole("link", { name: "Open the session" })).toBeVisible();
    const booked = await e2eStore().query<BookingDoc>({
      collection: "bookings",
      where: [["learnerUid", "==", learner.uid]],
    });
    expect(booked.map((b) => b.data.start)).toEqual([expected[0]]);
    await page.context().close();
  });
}

test("match cards show each mentor's next free hour, past what is already booked", async ({ browser, baseURL }) => {
  const skill = `Oud${suffix()}`;
  const busyMentor = await mentorOf(skill, { rate: 15 });
  const closedMentor = await mentorOf(skill, { rate: 15 });
  // One hour a day, 10:00-11:00; the first of those is taken by someone else's request.
  await saveAvailability(e2eStore(), busyMentor.uid, {
    timezone: "UTC",
    weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "10:00", end: "11:00" })),
    exceptions: [],
  });
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const tens = [0, 1, 2].map((d) => today + d * DAY + 10 * HOUR).filter((t) => t >= Date.now() + HOUR);
  const other = await createUser({ fullName: `Otto Busy ${suffix()}` });
  await requestBooking(e2eStore(), {
    learnerUid: other.uid,
    mentorUid: busyMentor.uid,
    skillTag: toSkill(skill, "expert")!.tag,
    start: tens[0],
    durationMinutes: 60,
  });
  const learner = await createUser({ fullName: `Lena Match ${suffix()}`, profile: { timezone: "UTC" } });
  await setSkills(e2eStore(), learner.uid, [], [toSkill(skill, "beginner")!]);

  for (const viewport of [PHONE, DESKTOP]) {
    const page = await openAs(browser, learner, baseURL!, { path: `/matches?skill=${skill}`, viewport });
    // A card is the article named by its member (decision 205: no test ids on the cards).
    const card = (m: TestUser) => page.getByRole("article", { name: m.fullName, exact: true });
    await expect(
      card(busyMentor).getByText(`Next free: ${formatDateTime(tens[1], "UTC")}`, { exact: true }),
    ).toBeVisible();
    await expect(card(closedMentor).getByText("No free hour in the next two weeks", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await card(busyMentor)
      .getByRole("link", { name: `Book \u2068${busyMentor.fullName}\u2069` })
      .click();
    await expect(page.getByRole("region", { name: `Book a session with ${busyMentor.fullName}` })).toBeVisible();
    await page.context().close();
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the calendar's week is an hourly grid with pending requests set apart, and the month view stays (${viewport.width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const mentor = await mentorOf("Chess", { rate: 0 });
    await saveAvailability(e2eStore(), mentor.uid, { timezone: "UTC", weekly: EVERY_DAY, exceptions: [] });
    const learner = await createUser({ fullName: `Lars Week ${suffix()}`, profile: { timezone: "UTC" } });
    const wednesday = nextWeekday(3, 2);
    const accepted = await requestBooking(e2eStore(), {
      learnerUid: learner.uid,
      mentorUid: mentor.uid,
      skillTag: "chess",
      start: wednesday + 9 * HOUR,
      durationMinutes: 60,
    });
    await applyCommand(e2eStore(), accepted.id, { uid: mentor.uid }, { kind: "accept" });
    await requestBooking(e2eStore(), {
      learnerUid: learner.uid,
      mentorUid: mentor.uid,
      skillTag: "chess",
      start: wednesday + 14 * HOUR,
      durationMinutes: 30,
    });

    const page = await openAs(browser, mentor, baseURL!, {
      path: `/calendar?view=week&date=${iso(wednesday)}`,
      viewport,
    });
    const day = page.getByRole("region", { name: /by the hour/ }).getByRole("region", { name: dayLabel(wednesday) });
    const session = day.getByRole("link", {
      name: `09:00 Chess: accepted with \u2068${learner.fullName}\u2069, 09:00–10:00`,
    });
    const pending = day.getByRole("link", {
      name: `Pending · 14:00 Chess: pending request with \u2068${learner.fullName}\u2069, 14:00–14:30`,
    });
    await expect(session).toBeVisible();
    await pending.scrollIntoViewIfNeeded();
    await expect(pending).toBeVisible();
    await expect(pending).toContainText("Pending");
    // Placed at their times: 14:00 is five hours below 09:00, and an hour is twice as tall as half of one.
    const [a, p] = [(await session.boundingBox())!, (await pending.boundingBox())!];
    expect(p.y - a.y).toBeCloseTo(5 * a.height, -1);
    expect(a.height).toBeCloseTo(2 * p.height, -1);
    expect(await pending.evaluate((el) => getComputedStyle(el).borderStyle)).toBe("dashed");
    expect(await session.evaluate((el) => getComputedStyle(el).borderStyle)).toBe("solid");
    await expectNoSidewaysScroll(page);

    // The month view still lists both on that day, and the grid's week link comes back.
    await page.getByRole("link", { name: "Month" }).click();
    await expect(page).toHaveURL(/view=month/);
    const cell = page.locator(`[data-day="${iso(wednesday)}"]`);
    await expect(cell.getByRole("link")).toHaveText(["09:00 Chess", "14:00 Chess"]);
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: "Week", exact: true }).click();
    await expect(page.getByRole("region", { name: /by the hour/ })).toBeVisible();
    await page.context().close();
  });
}

test("a sixth waiting request is refused with a message that says what to do, and nothing is held for it", async ({
  browser,
  baseURL,
}) => {
  const mentor = await createUser({ fullName: `Marta Cap ${suffix()}` });
  await setSkills(e2eStore(), mentor.uid, [toSkill("Spanish", "expert")!], []);
  await saveAvailability(e2eStore(), mentor.uid, { timezone: "UTC", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(e2eStore(), mentor.uid, { spanish: 10 });
  const learner = await createUser({ fullName: `Leo Cap ${suffix()}` });
  // Five requests a week ahead, so the panel's first free slots are still open.
  const now = Date.now();
  const starts = bookableStarts({ weekly: EVERY_DAY, exceptions: [] }, "UTC", {
    from: now + 7 * 24 * HOUR,
    to: now + 8 * 24 * HOUR,
    durationMinutes: 60,
  });
  for (let i = 0; i < MAX_PENDING_REQUESTS; i++) {
    await requestBooking(e2eStore(), {
      learnerUid: learner.uid,
      mentorUid: mentor.uid,
      skillTag: "spanish",
      start: starts[i * 2],
      durationMinutes: 60,
    });
  }
  const pending = async () =>
    (await e2eStore().query({ collection: "bookings", where: [["learnerUid", "==", learner.uid]] })).length;
  expect(await pending()).toBe(5);

  const page = await openAs(browser, learner, baseURL!, {
    path: `/calendar?book=${mentor.uid}`,
    viewport: { width: 390, height: 844 },
  });
  const panel = page.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  await panel.locator('input[name="start"]').first().check({ force: true });
  await panel.getByRole("button", { name: "Request booking" }).click();
  await expect(
    page.getByText(
      "You have 5 booking requests waiting for an answer. Cancel one, or wait until a mentor answers, before sending another.",
    ),
  ).toBeVisible();
  expect(await pending()).toBe(5);
  // 200 SP welcome bonus less five holds of 10 SP: nothing held for the refused one.
  await expect(page.getByTestId("wallet-balance")).toHaveText("150 SP");
  await page.context().close();
});
