import { expect, test, type Browser, type Page } from "./support/test";
import { pairChatId } from "~/features/chat/pair";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { mainNavigation } from "./support/navigation";
import { e2eStore } from "./support/store";

/**
 * The skill exchange end to end with two members in two browsers: A finds B by a skill, saves B,
 * messages B; B sees it live, reads it (A sees "Seen"), answers live; outsiders stay out.
 */

const skill = (label: string, level: "beginner" | "intermediate" | "expert") => toSkill(label, level)!;

async function member(fullName: string, teaches: string[], learns: string[]): Promise<TestUser> {
  const user = await createUser({ fullName });
  await setSkills(
    e2eStore(),
    user.uid,
    teaches.map((s) => skill(s, "expert")),
    learns.map((s) => skill(s, "beginner")),
  );
  return user;
}

const open = (browser: Browser, user: TestUser, baseURL: string, path: string) =>
  openAs(browser, user, baseURL, { path, viewport: { width: 1280, height: 800 } });

const chatDot = (page: Page) => mainNavigation(page).getByTestId("chat-dot");

test("two members find each other, save, chat live and see it read", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const ana = await member(`Ana ${suffix}`, ["React"], ["Spanish"]);
  const ben = await member(`Ben ${suffix}`, ["Spanish"], ["React"]);
  const cleo = await member(`Cleo ${suffix}`, ["Spanish"], []);
  const chatId = pairChatId(ana.uid, ben.uid);

  // B waits in their inbox, before any conversation exists.
  const b = await open(browser, ben, baseURL!, "/inbox");
  await expect(b.getByText("No conversations yet")).toBeVisible();
  await expect(chatDot(b)).toHaveCount(0);

  // A finds B by a skill; the card says why in words.
  const a = await open(browser, ana, baseURL!, "/matches");
  await a.getByRole("searchbox", { name: "Skill" }).fill("  SPANISH ");
  await a.getByRole("button", { name: "Filter" }).click();
  await a.waitForURL(/skill=/);
  // A card is the article named by its member (decision 205: no test ids on the cards).
  const card = a.getByRole("article", { name: ben.fullName, exact: true });
  await expect(card).toBeVisible();
  const reason = card.getByText("Teaches Spanish, wants to learn React — you teach React", { exact: true });
  await expect(reason).toBeVisible();
  // Its words are text beside the skills' <bdi>s, with no element around each piece (decision 121).
  expect(await reason.evaluate((p) => [...p.children].map((e) => e.outerHTML))).toEqual([
    '<bdi translate="no">Spanish</bdi>',
    '<bdi translate="no">React</bdi>',
    '<bdi translate="no">React</bdi>',
  ]);
  // The two-way swap ranks above Cleo, who only teaches: no card above Ben's is a one-way match.
  // (Members of earlier runs may be two-way swaps for Ana too, so Ben need not be first.)
  // A card's reason is the only text of it that says "— you teach".
  const ranked = await a
    .getByRole("main")
    .getByRole("article")
    .evaluateAll((cards) =>
      cards.map((c) => ({
        name: document.getElementById(c.getAttribute("aria-labelledby") ?? "")?.textContent?.trim(),
        twoWay: c.textContent?.includes("— you teach") ?? false,
      })),
    );
  const benAt = ranked.findIndex((c) => c.name === ben.fullName);
  const firstOneWay = ranked.findIndex((c) => !c.twoWay);
  expect(benAt).toBeGreaterThanOrEqual(0);
  expect(firstOneWay === -1 || firstOneWay > benAt, `one-way matches rank below Ben: ${JSON.stringify(ranked)}`).toBe(
    true,
  );

  await card.getByRole("button", { name: `Save \u2068${ben.fullName}\u2069` }).click();
  const savedToggle = card.getByRole("button", { name: `Saved \u2068${ben.fullName}\u2069`, pressed: true });
  // What a screen reader says is the word and the name (the name in an sr-only span, decision 167).
  await expect(savedToggle).toHaveAccessibleName(`Saved \u2068${ben.fullName}\u2069`);
  await expect.poll(async () => Boolean(await e2eStore().get(`users/${ana.uid}/saved/${ben.uid}`))).toBe(true);

  await card.getByRole("button", { name: `Message \u2068${ben.fullName}\u2069` }).click();
  await a.waitForURL(`**/inbox/${chatId}`);
  await a.getByRole("textbox", { name: "Message" }).fill("Hola Ben! <b>Shall we swap?</b>");
  await a.getByRole("button", { name: "Send" }).click();
  const aMessages = a.getByTestId("message");
  await expect(aMessages).toHaveCount(1);
  // Sent: the composer empties and says nothing (the send route answers 204, decision 155).
  await expect(a.getByRole("textbox", { name: "Message" })).toHaveValue("");
  await expect(a.getByRole("alert")).toHaveCount(0);
  // Rendered as text, never as HTML.
  await expect(aMessages.first()).toContainText("<b>Shall we swap?</b>");

  // B: the Chat dot and the conversation appear without a reload.
  await expect(chatDot(b)).toBeVisible();
  const conversation = b.getByTestId("conversation").filter({ hasText: ana.fullName });
  await expect(conversation).toBeVisible();
  await expect(conversation.getByTestId("unread-count")).toHaveText("1 unread");

  // B opens it: the dot goes, and A sees "Seen".
  await conversation.click();
  await b.waitForURL(`**/inbox/${chatId}`);
  await expect(b.getByTestId("message").first()).toContainText("Hola Ben!");
  await expect(chatDot(b)).toHaveCount(0);
  await expect(a.getByTestId("seen-marker")).toHaveText("· Seen");

  // B's reply reaches A live.
  await b.getByRole("textbox", { name: "Message" }).fill("Claro, Ana!");
  await b.keyboard.press("Enter");
  await expect(aMessages).toHaveCount(2);
  await expect(aMessages.last()).toContainText("Claro, Ana!");
  await expect(aMessages.last()).toHaveAttribute("data-mine", "false");

  // A notification for B's first message from A, linking to the conversation.
  const notes = await e2eStore().query({
    collection: `notifications/${ben.uid}/messages`,
    where: [["type", "==", "message"]],
  });
  expect(notes.map((n) => n.data.link)).toEqual([`/inbox/${chatId}`]);

  // An over-long message is refused with a message, and nothing is stored.
  await a.getByRole("textbox", { name: "Message" }).fill("x".repeat(2001));
  await a.getByRole("button", { name: "Send" }).click();
  await expect(a.getByRole("alert")).toContainText("at most 2,000 characters");
  expect(await e2eStore().query({ collection: `chats/${chatId}/messages` })).toHaveLength(2);

  // A third member can neither open the conversation nor listen to it.
  const c = await open(browser, cleo, baseURL!, "/matches");
  const response = await c.goto(`/inbox/${chatId}`);
  expect(response?.status()).toBe(404);
  const stream = await c.request.get(`/api/live?feeds=chatMessages:${chatId}`);
  expect(stream.status()).toBe(403);
  const post = await c.request.post(`/inbox/${chatId}`, {
    form: { intent: "send", text: "let me in" },
    headers: { Origin: baseURL! },
  });
  expect(post.status()).toBe(404);
  expect(await e2eStore().query({ collection: `chats/${chatId}/messages` })).toHaveLength(2);

  // Saved Profiles lists B, with unsave.
  await a.goto("/saved");
  const saved = a.getByTestId("saved-member").filter({ hasText: ben.fullName });
  await expect(saved).toBeVisible();
  await saved.getByRole("button", { name: `Saved \u2068${ben.fullName}\u2069`, pressed: true }).click();
  await expect.poll(async () => Boolean(await e2eStore().get(`users/${ana.uid}/saved/${ben.uid}`))).toBe(false);

  if (process.env.E2E_SCREENSHOTS) {
    const dir = process.env.E2E_SCREENSHOTS;
    for (const [w, h] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await a.setViewportSize({ width: w, height: h });
      await a.goto("/matches");
      await a.screenshot({ path: `${dir}/matches-${w}.png`, fullPage: true });
      await a.goto(`/members/${ben.uid}`);
      await a.screenshot({ path: `${dir}/member-${w}.png`, fullPage: true });
      await a.goto(`/inbox/${chatId}`);
      await expect(a.getByTestId("message")).toHaveCount(2);
      await a.screenshot({ path: `${dir}/thread-${w}.png` });
      await a.goto(`/inbox`);
      await a.screenshot({ path: `${dir}/inbox-${w}.png` });
    }
  }
});
