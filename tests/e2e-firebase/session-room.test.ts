/**
 * The session room on the Firebase engine (decision 004: the server holds no Firestore listeners;
 * the browser's SDK listens). The production build with BACKEND=firebase books, accepts and
 * completes a session through Firestore, and the room's live values come from the live port's
 * Firestore transport: the browser asks Firestore to listen to the booking document and the pair's
 * chat, and never opens the embedded engine's event stream.
 *
 * What the browser asks to listen to is on the wire and is what this test reads; the Firestore
 * emulator is Google's (decision 032) where it is installed.
 */
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./test";
import { bookingPath, getBooking } from "~/documents/bookings";
import type { DocStore } from "~/engine/store/types";
import { pairChatId } from "~/features/chat/pair";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { PASSWORD, signIn } from "./accounts";
import { emulatorStore } from "./emulators";
import { DOCUMENTS, listenTargets, logListenQueries, recordRequests } from "./listen";
import { createMember, type Member } from "./members";

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

let store: DocStore;
test.beforeAll(async () => {
  store = await emulatorStore();
});
test.afterAll(async () => {
  await store.close();
});

/** A verified member, made as sign-up would (members.ts). */
const member = (fullName: string, profile: Record<string, unknown>) => createMember(store, fullName, profile);

/** A browser of its own for `who`, signed in through the form. */
async function signedIn(browser: Browser, who: Member): Promise<Page> {
  const context = await browser.newContext();
  logListenQueries(context);
  const page = await context.newPage();
  await page.addInitScript((uid) => {
    localStorage.setItem("tour_done", "1");
    localStorage.setItem(`wb_shown_${uid}`, "1");
  }, who.uid);
  await page.goto("/auth");
  await signIn(page, who.email, PASSWORD);
  await page.waitForURL(/\/dashboard$/);
  return page;
}

test("the session room reads and writes Firestore on the server and listens through the browser's Firestore SDK", async ({
  browser,
}) => {
  // Two sign-ins, a booking, its acceptance, the room on both sides and both confirmations, each
  // page waited on until it has hydrated: at a load of 16 on the two cores it took 98 s (18:54 UTC,
  // 29 November), past the suite's 90 s, with every step moving.
  test.setTimeout(180_000);
  const mentor = await member("Mara Mentor", {
    timezone: "Asia/Tokyo",
    skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
  });
  const learner = await member("Leo Learner", { timezone: "America/Los_Angeles" });
  await saveAvailability(store, mentor.uid, { timezone: "Asia/Tokyo", weekly: EVERY_DAY, exceptions: [] });
  await saveRates(store, mentor.uid, { spanish: 40 });
  const mentorPage = await signedIn(browser, mentor);
  const learnerPage = await signedIn(browser, learner);

  // The learner books the first free hour; the mentor accepts from the calendar.
  await learnerPage.goto(`/calendar?book=${mentor.uid}`);
  const panel = learnerPage.getByRole("region", { name: `Book a session with ${mentor.fullName}` });
  await expect(panel.getByTestId("booking-price")).toHaveText("40 SP");
  await panel.locator('input[name="start"]').first().check({ force: true });
  await panel.getByRole("button", { name: "Request booking" }).click();
  const open = learnerPage.getByRole("link", { name: "Open the session" });
  await expect(open).toBeVisible();
  const id = (await open.getAttribute("href"))!.split("/").pop()!;
  expect(await getBalance(store, learner.uid)).toBe(160);

  await mentorPage.goto("/calendar");
  const request = mentorPage.getByTestId("pending-request").filter({ hasText: learner.fullName });
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(request).toHaveCount(0);
  expect((await getBooking(store, id))?.state).toBe("accepted");

  // As if the hour had just passed.
  const now = Date.now();
  await store.update(bookingPath(id), { start: now - 2 * 3_600_000, end: now - 3_600_000 });

  const mentorRequests = recordRequests(mentorPage);
  const learnerRequests = recordRequests(learnerPage);
  await mentorPage.goto(`/session/${id}`);
  await learnerPage.goto(`/session/${id}`);
  await expect(mentorPage.getByText(`You're teaching ${learner.fullName}`)).toBeVisible();
  await expect(learnerPage.getByTestId("session-state")).toHaveText("Accepted");

  // The room's two feeds go through Firestore's SDK in the browser: the booking document and the
  // pair's chat messages, for each member.
  const chatId = pairChatId(mentor.uid, learner.uid);
  for (const requests of [mentorRequests, learnerRequests]) {
    await expect
      .poll(() => listenTargets(requests).some((t) => t.documents?.documents.includes(`${DOCUMENTS}/bookings/${id}`)), {
        timeout: 30_000,
        message: "the room listens to its booking document",
      })
      .toBe(true);
    await expect
      .poll(
        () =>
          listenTargets(requests).some(
            ({ query }) =>
              query?.parent === `${DOCUMENTS}/chats/${chatId}` &&
              query.structuredQuery.from[0]?.collectionId === "messages" &&
              query.structuredQuery.orderBy?.[0]?.field.fieldPath === "timestamp",
          ),
        { timeout: 30_000, message: "the room listens to the pair's messages, newest first" },
      )
      .toBe(true);
    // Never the embedded engine's event stream, nor a server-side listener of the room.
    expect(requests.map((r) => new URL(r.url()).pathname).filter((p) => p.startsWith("/api/"))).not.toContainEqual(
      expect.stringMatching(/^\/api\/(live|bookings\/)/),
    );
  }

  // Commands write Firestore: the meeting link, then both confirmations release the hold. The
  // other member's room shows each change without a reload, from its listener on the booking.
  await mentorPage.getByLabel("Meeting link").fill("https://meet.example.com/spanish-leo");
  await mentorPage.getByRole("button", { name: "Save link" }).click();
  await expect
    .poll(async () => (await getBooking(store, id))?.meetingLink)
    .toBe("https://meet.example.com/spanish-leo");
  await expect(learnerPage.getByTestId("meeting-link")).toHaveText("https://meet.example.com/spanish-leo", {
    timeout: 30_000,
  });

  await mentorPage.getByRole("button", { name: "Confirm completion" }).click();
  await expect(mentorPage.getByText(`Waiting for ${learner.fullName} to confirm too.`)).toBeVisible();
  await learnerPage.getByRole("button", { name: "Confirm completion" }).click();
  await expect(learnerPage.getByTestId("session-state")).toHaveText("Completed");
  expect((await getBooking(store, id))?.state).toBe("completed");
  expect(await getBalance(store, mentor.uid)).toBe(240);
  await mentorPage.goto("/calendar");
  await expect(mentorPage.getByTestId("wallet-balance")).toHaveText("240 SP");

  const report = await reconcileAll(store);
  expect(report.failures).toEqual([]);
});
