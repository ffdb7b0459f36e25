import { randomBytes } from "node:crypto";
import { expect, test } from "./support/test";
import { messagesOf } from "~/documents/chats";
import { postsOf, threadPath } from "~/documents/community";
import { userPath } from "~/documents/users";
import { openChat } from "~/features/chat/chat.server";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * Issue 25, item 7: bidirectional overrides, embeddings and isolates (U+202A–U+202E,
 * U+2066–U+2069) typed into a thread, a chat message or a name made the text read backwards for
 * everyone who saw it. They are dropped on input: stored and shown without them.
 */
const run = randomBytes(3).toString("hex");

test("a thread's title and post typed with bidi controls are stored and shown without them", async ({
  browser,
  baseURL,
}) => {
  const writer = await createUser({ fullName: `Rae Writer ${run}` });
  const page = await openAs(browser, writer, baseURL!, { path: "/discuss" });
  await page.getByLabel("Title").fill(`Free \u202eSP for all\u202c ${run}`);
  await page.getByLabel("Body").fill("Click \u2066here\u2069 to claim");
  await page.getByRole("button", { name: "Post thread" }).click();
  await page.waitForURL(/\/community\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Free SP for all ${run}`);
  await expect(page.getByTestId("post").first()).toContainText("Click here to claim");
  const threadId = new URL(page.url()).pathname.split("/").at(-1)!;
  expect((await e2eStore().get<{ title: string }>(threadPath(threadId)))?.data.title).toBe(`Free SP for all ${run}`);
  const posts = await e2eStore().query<{ body: string }>({ collection: postsOf(threadId) });
  expect(posts.map((post) => post.data.body)).toEqual(["Click here to claim"]);
});

test("a chat message typed with bidi controls is stored and shown without them", async ({ browser, baseURL }) => {
  const writer = await createUser({ fullName: `Cai Chatter ${run}` });
  const friend = await createUser({ fullName: `Fred Friend ${run}` });
  const chatId = await openChat(e2eStore(), writer.uid, friend.uid);
  const page = await openAs(browser, writer, baseURL!, { path: `/inbox/${chatId}` });
  await page.getByRole("textbox", { name: "Message" }).fill("pay \u202e0001\u202c now \u2067ok\u2069");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByTestId("message").last()).toContainText("pay 0001 now ok");
  const messages = await e2eStore().query<{ text: string }>({ collection: messagesOf(chatId) });
  expect(messages.map((message) => message.data.text)).toEqual(["pay 0001 now ok"]);
});

test("a name typed with bidi controls is stored without them", async ({ browser, baseURL }) => {
  const newcomer = await createUser({ fullName: "" });
  const page = await openAs(browser, newcomer, baseURL!, { path: "/profile-setup" });
  await page.getByLabel("Full name").fill(`\u202eNia\u202c Noor ${run}`);
  await page.getByRole("button", { name: "Continue to your dashboard" }).click();
  await page.waitForURL(/\/dashboard/);
  expect((await e2eStore().get<{ fullName: string }>(userPath(newcomer.uid)))?.data.fullName).toBe(`Nia Noor ${run}`);
});
