import { expect, test, type Page } from "./support/test";
import { bookableStarts } from "~/features/bookings/availability";
import { requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { messageId } from "~/features/chat/pair";
import { createUser, openAs, signInAs } from "./support/fixtures";
import { mainNavigation } from "./support/navigation";
import { e2eStore } from "./support/store";

/**
 * A long conversation opens on its latest 50 messages and pages back with "Load earlier
 * messages" without losing the reader's place; messages read in a session room count as seen,
 * as in the inbox.
 */

const chatDot = (page: Page) => mainNavigation(page).getByTestId("chat-dot");
const viewport = { width: 1280, height: 800 };

test("a long thread loads earlier messages on request, keeping the reader's place", async ({ browser, baseURL }) => {
  const ana = await createUser({ fullName: "Ana History" });
  const ben = await createUser({ fullName: "Ben History" });
  const chatId = await openChat(e2eStore(), ana.uid, ben.uid);
  const start = Date.now() - 130 * 60_000;
  for (let i = 0; i < 120; i++) {
    const timestamp = start + i * 60_000;
    await e2eStore().set(`chats/${chatId}/messages/${messageId(timestamp, String(i).padStart(4, "0"))}`, {
      sender: i % 2 ? ana.uid : ben.uid,
      text: `Message number ${i}`,
      seen: true,
      timestamp,
    });
  }
  await e2eStore().update(`chats/${chatId}`, {
    messageCount: 120,
    lastMessage: "Message number 119",
    lastSender: ana.uid,
    updatedAt: start + 119 * 60_000,
  });

  const page = await openAs(browser, ana, baseURL!, { path: `/inbox/${chatId}`, viewport });
  const messages = page.getByTestId("message");
  await expect(messages).toHaveCount(50);
  await expect(messages.first()).toContainText("Message number 70");
  await expect(messages.last()).toBeInViewport();

  const list = page.getByTestId("messages");
  await list.evaluate((el) => (el.scrollTop = 0));
  const load = page.getByRole("button", { name: "Load earlier messages" });
  await load.click();
  await expect(messages).toHaveCount(100);
  await expect(messages.first()).toContainText("Message number 20");
  // The message that was at the top is still on screen, not pushed away or scrolled to the bottom.
  await expect(messages.filter({ hasText: "Message number 70" })).toBeInViewport();
  await expect(messages.last()).not.toBeInViewport();

  await list.evaluate((el) => (el.scrollTop = 0));
  await load.click();
  await expect(messages).toHaveCount(120);
  await expect(messages.first()).toContainText("Message number 0");
  await expect(load).toHaveCount(0);

  // A new message still lands at the bottom, below the whole history.
  await page.getByRole("textbox", { name: "Message" }).fill("And one more");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(messages).toHaveCount(121);
  await expect(messages.last()).toContainText("And one more");
  await expect(messages.last()).toBeInViewport();
});

test("without script the composer is a plain form: the message is sent and the thread shown again", async ({
  browser,
  baseURL,
}) => {
  const ana = await createUser({ fullName: "Ana Plain" });
  const ben = await createUser({ fullName: "Ben Plain" });
  const chatId = await openChat(e2eStore(), ana.uid, ben.uid);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  await signInAs(context, ana, baseURL!);
  const page = await context.newPage();
  await page.goto(`/inbox/${chatId}`);

  await page.getByRole("textbox", { name: "Message" }).fill("Sent without script");
  await page.getByRole("button", { name: "Send", exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/inbox/${chatId}$`));
  await expect(page.getByTestId("message")).toContainText(["Sent without script"]);
  const stored = await e2eStore().query({ collection: `chats/${chatId}/messages` });
  expect(stored.map((m) => [m.data.sender, m.data.text])).toEqual([[ana.uid, "Sent without script"]]);
  await context.close();
});

test("a message read in the session room is seen, and the Chat dot clears", async ({ browser, baseURL }) => {
  const mentor = await createUser({
    fullName: "Mia Mentor",
    profile: { timezone: "UTC", skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }] },
  });
  const learner = await createUser({ fullName: "Leo Learner", profile: { timezone: "UTC" } });
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
  await saveAvailability(e2eStore(), mentor.uid, { timezone: "UTC", weekly, exceptions: [] });
  await saveRates(e2eStore(), mentor.uid, { spanish: 40 });
  const [start] = bookableStarts({ weekly, exceptions: [] }, "UTC", {
    from: Date.now() + 3 * 3_600_000,
    to: Date.now() + 7 * 86_400_000,
    durationMinutes: 60,
  });
  const booking = await requestBooking(e2eStore(), {
    learnerUid: learner.uid,
    mentorUid: mentor.uid,
    skillTag: "spanish",
    start,
    durationMinutes: 60,
  });
  const chatId = await openChat(e2eStore(), mentor.uid, learner.uid);
  await sendMessage(e2eStore(), mentor.uid, chatId, "See you at the session!");

  const elsewhere = await openAs(browser, learner, baseURL!, { path: "/calendar", viewport });
  await expect(chatDot(elsewhere)).toBeVisible();

  const room = await elsewhere.context().newPage();
  await room.goto(`/session/${booking.id}`);
  await expect(room.getByText("See you at the session!")).toBeVisible();

  await expect(chatDot(elsewhere)).toHaveCount(0);
  await expect
    .poll(async () => (await e2eStore().get(`chats/${chatId}`))?.data.unread)
    .toMatchObject({ [learner.uid]: 0 });
  const stored = await e2eStore().query({ collection: `chats/${chatId}/messages` });
  expect(stored.map((m) => m.data.seen)).toEqual([true]);
});
