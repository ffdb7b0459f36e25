import type { Browser } from "@playwright/test";
import { expect, test } from "./support/test";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { createUser, signInAs, type TestUser } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * "Report" under a message for a reader whose browser runs no script: it leads to the report page
 * (/report), whose form is a plain post answered by the same page (decision 091). Before, the
 * closed form under every message posted to /api/reports and the reader was shown its raw JSON.
 */

async function withoutScript(browser: Browser, user: TestUser, baseURL: string, language?: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(context, user, baseURL);
  if (language) await context.addCookies([{ name: "lang", value: language, url: baseURL }]);
  return context.newPage();
}

async function conversation(run: string) {
  const ann = await createUser({ fullName: `Ann Rude ${run}` });
  const bob = await createUser({ fullName: `Bob Reader ${run}` });
  const chatId = await openChat(e2eStore(), ann.uid, bob.uid);
  const { id: messageId } = await sendMessage(e2eStore(), ann.uid, chatId, `You are a fool ${run}`);
  return { ann, bob, chatId, messageId };
}

const reportsOf = async (messageId: string) =>
  (await e2eStore().query({ collection: "reports", where: [["targetId", "==", messageId]] })).map((d) => d.data);

test("without script, Report under a message opens the report page and files the report there", async ({
  browser,
  baseURL,
}) => {
  const run = String(Date.now());
  const { bob, chatId, messageId } = await conversation(run);
  const page = await withoutScript(browser, bob, baseURL!);
  await page.goto(`/inbox/${chatId}`);
  const rude = page.getByTestId("message").filter({ hasText: `You are a fool ${run}` });
  await rude.getByText("Report", { exact: true }).click();

  await expect(page).toHaveURL(/\/report\?/);
  await expect(page.getByRole("heading", { level: 1, name: "Report" })).toBeVisible();
  await page.getByLabel("Harassment or hate").check();
  await page.getByLabel("What is wrong (optional)").fill("Insults after the lesson");
  await page.getByRole("button", { name: "Send report" }).click();

  await expect(page.getByRole("main").getByRole("status")).toHaveText("Thank you. A moderator will look at it.");
  expect(await reportsOf(messageId)).toEqual([
    expect.objectContaining({
      targetKind: "message",
      contextId: chatId,
      reporterUid: bob.uid,
      reason: "harassment",
      text: "Insults after the lesson",
      status: "open",
    }),
  ]);
  await page.getByRole("link", { name: "Back to the conversation" }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox/${chatId}$`));
});

test("the report page answers in the reader's language: a second report, a broken link", async ({
  browser,
  baseURL,
}) => {
  const run = String(Date.now());
  const { bob, chatId, messageId } = await conversation(run);
  const page = await withoutScript(browser, bob, baseURL!, "fr");
  const href = `/report?targetKind=message&targetId=${messageId}&contextId=${chatId}`;
  for (const expected of [
    "Merci. Un modérateur va l’examiner.",
    "Vous l’avez déjà signalé. Un modérateur va l’examiner.",
  ]) {
    await page.goto(href);
    await expect(page.getByRole("group", { name: "Pourquoi signalez-vous ce message ?" })).toBeVisible();
    await page.getByRole("button", { name: "Envoyer le signalement" }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(expected);
  }
  expect(await reportsOf(messageId)).toHaveLength(1);
  await expect(page.getByRole("link", { name: "Retour à la conversation" })).toHaveAttribute(
    "href",
    `/inbox/${chatId}`,
  );

  const broken = await page.goto("/report?targetKind=nothing&targetId=x&contextId=y");
  expect(broken?.status()).toBe(400);
  await expect(page.getByText("Choisissez un message ou une publication à signaler.")).toBeVisible();
});
