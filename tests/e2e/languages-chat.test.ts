import { expect, test } from "./support/test";
import { createUser, openAs, type TestUser } from "./support/fixtures";
import { storeAcceptedSession } from "./support/sessions";
import { e2eStore } from "./support/store";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";

/**
 * Issue 30 (decision 057): chat, matches and calls in the member's language: /matches and a chat in
 * Spanish, the call panel's first state in French, a chat in Arabic with a Latin name kept in order.
 */

const suffix = () => Math.random().toString(36).slice(2, 8);
const DESKTOP = { width: 1280, height: 800 };

async function member(fullName: string, language: string, teaches: string[], learns: string[]): Promise<TestUser> {
  const user = await createUser({ fullName, profile: { language, timezone: "UTC" } });
  await setSkills(
    e2eStore(),
    user.uid,
    teaches.map((s) => toSkill(s, "expert")!),
    learns.map((s) => toSkill(s, "beginner")!),
  );
  return user;
}

test("/matches and a chat in Spanish: headings, counts, reasons, the composer and its errors", async ({
  browser,
  baseURL,
}) => {
  const skill = `Quechua${suffix()}`;
  const { tag, label } = toSkill(skill, "expert")!;
  const mentor = await member(`Mateo Maestro ${suffix()}`, "en", [skill], []);
  const learner = await member(`Lucía Aprendiz ${suffix()}`, "es", [], [skill]);
  const page = await openAs(browser, learner, baseURL!, {
    path: `/matches?skill=${tag}`,
    viewport: DESKTOP,
  });

  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Coincidencias · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "Coincidencias" })).toBeVisible();
  await expect(page.getByText("1 miembro encaja")).toBeVisible();
  const card = page.getByRole("article", { name: mentor.fullName, exact: true });
  // The reason is Spanish around the skill as its member wrote it.
  await expect(card.getByText(`Enseña ${label}, que tú quieres aprender`, { exact: true })).toBeVisible();
  await expect(card.getByText("Aún sin reseñas", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Filtrar" })).toBeVisible();

  // A conversation with the mentor, in Spanish.
  const chatId = await openChat(e2eStore(), learner.uid, mentor.uid);
  await page.goto(`/inbox/${chatId}`);
  await expect(page).toHaveTitle(`Chat con \u2068${mentor.fullName}\u2069 · SkillSwap`);
  await expect(page.getByText(`Saluda a ${mentor.fullName}.`)).toBeVisible();
  const composer = page.getByPlaceholder("Escribe un mensaje…");
  await composer.fill("   ");
  // The browser's own check lets spaces through; the server refuses them, in Spanish.
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("alert")).toHaveText("Escribe primero un mensaje.");
  await composer.fill("¿Quedamos el martes?");
  await page.getByRole("button", { name: "Enviar" }).click();
  const bubble = page.getByTestId("message").last();
  await expect(bubble).toContainText("¿Quedamos el martes?");
  // The message is member content: never translated.
  await expect(bubble.locator("p[translate=no]")).toHaveText("¿Quedamos el martes?");
  // The conversation list, with the sender's prefix and a relative time in Spanish.
  const conversation = page.getByRole("list", { name: "Conversaciones" }).getByTestId("conversation");
  await expect(conversation).toContainText("Tú: ¿Quedamos el martes?");
  await expect(conversation.locator("time")).toHaveText("ahora");
  await page.context().close();
});

/** An accepted free session between the two that starts in 5 minutes: the call is open. */
const sessionStartingSoon = (mentor: TestUser, learner: TestUser) =>
  storeAcceptedSession(mentor, learner, { startsInMinutes: 5 });

test("the call panel's first state in French", async ({ browser, baseURL }) => {
  const mentor = await member(`Margot Mentor ${suffix()}`, "fr", [], []);
  const learner = await member(`Léo Élève ${suffix()}`, "en", [], []);
  const bookingId = await sessionStartingSoon(mentor, learner);
  const page = await openAs(browser, mentor, baseURL!, { path: `/session/${bookingId}`, viewport: DESKTOP });

  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const panel = page.locator("section", { has: page.getByRole("heading", { name: "Appel vidéo" }) });
  await expect(panel).toContainText(
    `Retrouvez ${learner.fullName} ici même, avec caméra et micro. Le lien de réunion reste disponible en secours.`,
  );
  await expect(panel.getByRole("button", { name: "Rejoindre l’appel" })).toBeVisible();
  await page.context().close();
});

test("a chat in Arabic: right to left, with a Latin name inside Arabic text kept in its order", async ({
  browser,
  baseURL,
}) => {
  const latin = await member(`John Smith ${suffix()}`, "en", [], []);
  const reader = await member(`سارة ${suffix()}`, "ar", [], []);
  const chatId = await openChat(e2eStore(), reader.uid, latin.uid);
  const page = await openAs(browser, reader, baseURL!, { path: `/inbox/${chatId}`, viewport: DESKTOP });

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // The page's title and the conversation's label hold no <bdi>: the name is isolated in them (FSI…PDI, decision 119).
  const isolatedName = `\u2068${latin.fullName}\u2069`;
  expect(await page.evaluate(() => document.title)).toBe(`محادثة مع ${isolatedName} · SkillSwap`);
  await expect(page.locator("section", { has: page.getByTestId("messages") })).toHaveAttribute(
    "aria-label",
    `المحادثة مع ${isolatedName}`,
  );
  const hello = page.getByText(`ألقِ التحية على ${latin.fullName}.`);
  await expect(hello).toBeVisible();
  // The name is isolated: "John" is drawn to the left of "Smith" inside the right-to-left sentence.
  const name = hello.locator("bdi");
  await expect(name).toHaveText(latin.fullName);
  const [john, smith] = await name.evaluate((element) => {
    const text = element.firstChild!;
    const at = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect().left;
    };
    return [at(0, 4), at(5, 10)];
  });
  expect(john).toBeLessThan(smith);

  // A message from John in Latin script, and the reader's answer in Arabic, each in its own direction.
  await sendMessage(e2eStore(), latin.uid, chatId, "See you on Tuesday at 10");
  await expect(page.getByTestId("message").filter({ hasText: "See you on Tuesday at 10" })).toBeVisible();
  await page.getByPlaceholder("اكتب رسالة…").fill("أراك يوم الثلاثاء");
  await page.getByRole("button", { name: "إرسال" }).click();
  const mine = page.locator('[data-testid="message"][data-mine="true"]');
  await expect(mine).toContainText("أراك يوم الثلاثاء");
  // Right to left, my own bubble sits at the start side: the left edge of the list.
  const list = await page.getByTestId("messages").boundingBox();
  const bubble = await mine.locator("p").boundingBox();
  expect(bubble!.x - list!.x).toBeLessThan(list!.x + list!.width - (bubble!.x + bubble!.width));
  await expect(page.getByRole("button", { name: "إرسال" })).toBeVisible();

  // The member's page: its title and the Message and Save buttons' names, the name isolated the same way.
  await page.goto(`/members/${latin.uid}`);
  expect(await page.evaluate(() => document.title)).toBe(`${isolatedName} · SkillSwap`);
  await expect(page.getByRole("button", { name: `مراسلة ${isolatedName}`, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `حفظ ${isolatedName}`, exact: true })).toBeVisible();
  await page.context().close();
});
