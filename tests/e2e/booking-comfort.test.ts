import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { bookableStarts } from "~/features/bookings/availability";
import { MAX_PENDING_REQUESTS, requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";

/** Booking comfort (issue 17), seen by the learner. */

const HOUR = 3_600_000;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

test.afterEach(async () => {
  expect((await reconcileAll(e2eStore())).failures).toEqual([]);
});

test("a sixth waiting request is refused with a message that says what to do, and nothing is held for it", async ({
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const mentor = await createUser({ fullName: `Marta Cap ${suffix}` });
  await setSkills(e2eStore(), mentor.uid, [toSkill("Spanish", "expert")!], []);
  await saveAvailability(e2eStore(), mentor.uid, { timezone: "UTC", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(e2eStore(), mentor.uid, { spanish: 10 });
  const learner = await createUser({ fullName: `Leo Cap ${suffix}` });
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
