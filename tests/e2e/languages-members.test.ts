import type { Locator } from "@playwright/test";
import { expect, test } from "./support/test";
import { createUser, openAs, signInAs } from "./support/fixtures";
import { storeAcceptedSession } from "./support/sessions";
import { e2eStore } from "./support/store";
import { getUser, userPath } from "~/documents/users";
import { postFormSchema } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { createThread, reply } from "~/features/community/write.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";

/**
 * /members, a member's page and the skill picker in the reader's language (issue 30, namespace
 * "members", decisions 056 and 067): the taxonomy's skills by their names in it, members' own tags
 * as written, what is stored the English tag.
 */

const PHONE = { width: 390, height: 844 };

test("/members in Spanish names a taxonomy skill in Spanish and a member's own tag as written", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const own = `Afinación de cítara ${run}`;
  const teacher = await createUser({ fullName: `Gala Guitarra ${run}` });
  await setSkills(e2eStore(), teacher.uid, [toSkill("Guitar", "expert")!, toSkill(own, "beginner")!], []);
  const viewer = await createUser({ fullName: `Vera Vista ${run}`, profile: { language: "es" } });
  const page = await openAs(browser, viewer, baseURL!, { path: "/members", viewport: PHONE });
  await expect(page).toHaveTitle("Miembros · SkillSwap");
  const search = page.getByRole("search", { name: "Buscar miembros" });
  // The search finds the run's member by her own tag, then Guitar by its Spanish name.
  await search.getByLabel("Nombre, habilidad o idioma").fill(own);
  await search.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("1 miembro", { exact: true })).toBeVisible();
  const card = page.getByTestId("member-card");
  await expect(card.getByText("Enseña", { exact: true })).toBeVisible();
  await expect(card.getByText("Guitarra", { exact: true })).toBeVisible();
  await expect(card.getByText(own, { exact: true })).toHaveAttribute("translate", "no");
  await expect(card.getByText("· experto")).toBeVisible();
  await expect(card.getByText("Aún no acepta reservas")).toBeVisible();
  await search.getByLabel("Nombre, habilidad o idioma").fill("guitarra");
  await search.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByRole("link", { name: teacher.fullName })).toBeVisible();
  await page.context().close();
});

test("the picker finds a skill by its Spanish name and stores the English tag", async ({ browser, baseURL }) => {
  const member = await createUser({ fullName: `Pía Selector ${Date.now().toString(36)}`, profile: { language: "es" } });
  const page = await openAs(browser, member, baseURL!, { path: "/profile" });
  const teach = page.getByRole("combobox").first();
  await teach.fill("guitarra");
  await expect(page.getByRole("option").first()).toContainText("Guitarra");
  await teach.press("Enter");
  await expect(page.getByRole("list").filter({ has: page.getByText("Guitarra", { exact: true }) })).toBeVisible();
  await page.locator("form").filter({ has: teach }).locator('button[type="submit"]').last().click();
  await expect
    .poll(async () => (await getUser(e2eStore(), member.uid))?.skillsOffered.map((s) => s.tag))
    .toEqual(["guitar"]);
  await page.context().close();
});

test("a member's page in Arabic, right to left, with skills in Arabic and their own as written", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const own = `Sourdough scoring ${run}`;
  const member = await createUser({ fullName: `Amira Page ${run}`, profile: { bio: "Baker." } });
  await setSkills(e2eStore(), member.uid, [toSkill("Guitar", "expert")!, toSkill(own, "beginner")!], []);
  const viewer = await createUser({ fullName: `Omar Reader ${run}`, profile: { language: "ar" } });
  const page = await openAs(browser, viewer, baseURL!, { path: `/members/${member.uid}`, viewport: PHONE });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: member.fullName, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "نبذة" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "يعلّم", exact: true })).toBeVisible();
  await expect(page.getByText("الغيتار", { exact: true })).toBeVisible();
  await expect(page.getByText(own, { exact: true })).toHaveAttribute("translate", "no");
  await expect(page.getByText("لا مراجعات بعد").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "مراسلة" })).toBeVisible();
  await page.screenshot({ path: "test-results/languages-members-page-ar-390.png", fullPage: true });
  await page.goto("/members");
  await expect(page.getByRole("heading", { name: "الأعضاء", level: 1 })).toBeVisible();
  await page.screenshot({ path: "test-results/languages-members-ar-390.png", fullPage: true });
  await page.context().close();
});

test("a member's page in French names the languages they speak in French (decision 079)", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const member = await createUser({
    fullName: `Lena Langues ${run}`,
    profile: { bio: "Polyglot.", languages: ["Spanish", "English", "Klingon"] },
  });
  const viewer = await createUser({ fullName: `Luc Lecteur ${run}`, profile: { language: "fr" } });
  const page = await openAs(browser, viewer, baseURL!, { path: `/members/${member.uid}`, viewport: PHONE });
  await expect(page.getByRole("heading", { name: member.fullName, level: 1 })).toBeVisible();
  // Intl's names in French, joined by Intl.ListFormat; a name Intl does not know as the member wrote it.
  await expect(page.getByText("Parle espagnol, anglais et Klingon", { exact: true })).toBeVisible();
  await page.context().close();
});

/** What a deleted account leaves: a tombstone named "Deleted member" (delete-account.server.ts), read in each reader's words. */
async function deleteAccountOf(uid: string) {
  await e2eStore().update(userPath(uid), { fullName: "Deleted member", deleted: true });
}

/** A forum thread `author` opened an hour ago, with one reply by `replier`. */
async function threadWithReply(author: string, replier: string, title: string): Promise<string> {
  const { threadId } = await createThread(
    e2eStore(),
    author,
    { spaceId: "questions", title, body: "Feed it twice a day.", skillTag: "" },
    Date.now() - 3_600_000,
  );
  await reply(e2eStore(), replier, threadId, { body: "Mine is alive now." });
  return threadId;
}

/** A need on the board by `uid`: 2 SP an hour, online. */
function boardNeed(uid: string, skill: string, title: string) {
  return createBoardPost(
    e2eStore(),
    uid,
    postFormSchema.parse({
      type: "need",
      skill,
      title,
      description: "The spine snapped.",
      format: "online",
      priceKind: "per_hour",
      sp: "2",
    }),
  );
}

test("a deleted author's forum post reads in the reader's language: Spanish, French and Arabic (decision 093)", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const author = await createUser({ fullName: `Dora Deleted ${run}` });
  const replier = await createUser({ fullName: `Rita Reply ${run}` });
  const threadId = await threadWithReply(author.uid, replier.uid, `Sourdough ${run}`);
  await deleteAccountOf(author.uid);

  for (const [language, deleted] of [
    ["es", "Miembro eliminado"],
    ["fr", "Membre supprimé"],
    ["ar", "عضو محذوف"],
  ]) {
    const reader = await createUser({ fullName: `Reader ${language} ${run}`, profile: { language } });
    const page = await openAs(browser, reader, baseURL!, { path: `/community/${threadId}`, viewport: PHONE });
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    const opening = page.getByTestId("post").first();
    await expect(opening).toContainText(deleted);
    await expect(page.getByTestId("post").nth(1)).toContainText(replier.fullName);
    await expect(page.locator("main")).not.toContainText("Deleted member");
    await page.context().close();
  }
});

test("a board card of a poster with no name reads in French, from the kept best-fit window (decision 093)", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const poster = await createUser({ fullName: `Noa Noname ${run}` });
  await boardNeed(poster.uid, `Kite repair ${run}`, `Mend my kite ${run}`);
  // A profile whose name went blank (an older version's document): the reader's word for it.
  await e2eStore().update(userPath(poster.uid), { fullName: "  " });
  const english = await createUser({ fullName: `Eli English ${run}` });
  const french = await createUser({ fullName: `Fleur Française ${run}`, profile: { language: "fr" } });
  const search = `/board?q=${encodeURIComponent(`kite ${run}`)}`;

  // An English reader fills the kept best-fit window first; the French reader must not get its words.
  const first = await openAs(browser, english, baseURL!, { path: "/board?sort=fit" });
  await expect(first.getByTestId("board-post").filter({ hasText: `Mend my kite ${run}` })).toContainText("Member");
  await first.context().close();
  const page = await openAs(browser, french, baseURL!, { path: "/board?sort=fit" });
  const card = page.getByTestId("board-post").filter({ hasText: `Mend my kite ${run}` });
  await expect(card).toContainText("Membre");
  await expect(card).not.toContainText("Member,");
  await page.goto(search);
  await expect(page.getByTestId("board-post").filter({ hasText: `Mend my kite ${run}` })).toContainText("Membre");
  await page.context().close();
});

test("/calendar in French names a session's deleted member in French (decision 093)", async ({ browser, baseURL }) => {
  const run = Math.random().toString(36).slice(2, 8);
  const gone = await createUser({ fullName: `Gaspard Gone ${run}` });
  const mentor = await createUser({ fullName: `Marie Mentor ${run}`, profile: { language: "fr" } });
  // At 10:00 UTC two days ahead: a session that started two days from "now" between 23:00 and
  // midnight would run past midnight and rightly be drawn in two days of the week grid.
  const starts = new Date(Date.now() + 2 * 24 * 3_600_000);
  starts.setUTCHours(10, 0, 0, 0);
  await storeAcceptedSession(mentor, gone, {
    startsInMinutes: Math.round((starts.getTime() - Date.now()) / 60_000),
    skillTag: "guitar",
    skillLabel: "Guitar",
    price: 10,
  });
  await deleteAccountOf(gone.uid);

  // The week that holds the session (two days ahead is next week from a Saturday on).
  const day = starts.toISOString().slice(0, 10);
  const page = await openAs(browser, mentor, baseURL!, { path: `/calendar?view=week&date=${day}` });
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  // The week grid and "Upcoming" both name the other member.
  await expect(page.getByRole("link", { name: /acceptée avec Membre supprimé/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /vous enseignez à Membre supprimé$/ })).toBeVisible();
  await expect(page.locator("main")).not.toContainText("Deleted member");
  await page.context().close();
});

/**
 * Each element of `scope` that shows `text` whole, and whether a browser translator may translate it:
 * `HTMLElement.translate` follows a `translate="no"` on the element or any element around it.
 */
async function expectTranslatable(scope: Locator, text: string, translatable: boolean) {
  const shown = scope.getByText(text, { exact: true });
  await expect(shown.first()).toBeVisible();
  for (const element of await shown.all()) await expect(element).toHaveJSProperty("translate", translatable);
}

test("in Spanish the word for a deleted member may be translated and a member's own name may not: /calendar and the session room (decision 110)", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const gone = await createUser({ fullName: `Gonzalo Gone ${run}` });
  const named = await createUser({ fullName: `Nuria Nombre ${run}` });
  const mentor = await createUser({ fullName: `Mara Mentora ${run}`, profile: { language: "es" } });
  const withGone = await storeAcceptedSession(mentor, gone, { startsInMinutes: 2 * 24 * 60 });
  await storeAcceptedSession(mentor, named, { startsInMinutes: 3 * 24 * 60 });
  await deleteAccountOf(gone.uid);

  const page = await openAs(browser, mentor, baseURL!, { path: "/calendar" });
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const main = page.locator("main");
  await expectTranslatable(main, "Miembro eliminado", true);
  await expectTranslatable(main, named.fullName, false);
  await expect(main).not.toContainText("Deleted member");

  // The room names the other member under its title, in its status and over its conversation.
  await page.goto(`/session/${withGone}`);
  await expectTranslatable(page.locator("body"), "Miembro eliminado", true);
  await page.context().close();
});

test("the profile's skill field without JavaScript shows Chess as Ajedrez, saves it back as Chess and refuses a bad level in Spanish (decision 093)", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const lucia = await createUser({ fullName: `Lucía Sinjs ${run}`, profile: { language: "es" } });
  await setSkills(e2eStore(), lucia.uid, [toSkill("Chess", "beginner")!], [], {});
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(context, lucia, baseURL!);
  const page = await context.newPage();
  await page.goto("/profile");
  const teach = page.locator('textarea[name="skillsOffered"]');
  await expect(teach).toHaveValue("Ajedrez: principiante");
  await teach.fill("Ajedrez: experto\nGuitarra");
  await page.getByRole("button", { name: "Guardar el perfil" }).click();
  await expect(page.getByText("Se guardó tu perfil.")).toBeVisible();
  await expect(page.locator('textarea[name="skillsOffered"]')).toHaveValue("Ajedrez: experto\nGuitarra: intermedio");
  const stored = await getUser(e2eStore(), lucia.uid);
  expect(stored!.skillsOffered).toEqual([
    { tag: "chess", label: "Chess", level: "expert" },
    { tag: "guitar", label: "Guitar", level: "intermediate" },
  ]);

  // A level nobody offers is refused in Spanish, naming the list, and nothing is stored.
  await page.locator('textarea[name="skillsOffered"]').fill("Ajedrez: gurú");
  await page.getByRole("button", { name: "Guardar el perfil" }).click();
  await expect(
    page
      .getByText(
        "Habilidades que enseñas: «gurú» no es un nivel: escribe principiante, intermedio o experto después de Ajedrez.",
      )
      .first(),
  ).toBeVisible();
  expect((await getUser(e2eStore(), lucia.uid))!.skillsOffered.map((s) => s.level)).toEqual(["expert", "intermediate"]);
  await context.close();
});

test("in Spanish the word for a missing member may be translated and a member's own name may not: the forum, a board card, the inbox list and a thread's header (decision 117)", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const gone = await createUser({ fullName: `Gonzalo Gone ${run}` });
  const named = await createUser({ fullName: `Nuria Nombre ${run}` });
  const blank = await createUser({ fullName: `Blanca Blank ${run}` });
  const reader = await createUser({ fullName: `Lola Lectora ${run}`, profile: { language: "es" } });
  const threadId = await threadWithReply(gone.uid, named.uid, `Masa madre ${run}`);
  await boardNeed(blank.uid, `Cometas ${run}`, `Arreglar mi cometa ${run}`);
  await boardNeed(named.uid, `Cometas ${run}`, `Volar mi cometa ${run}`);
  const withGone = await openChat(e2eStore(), gone.uid, reader.uid);
  await sendMessage(e2eStore(), gone.uid, withGone, "Hola");
  const withNamed = await openChat(e2eStore(), named.uid, reader.uid);
  await sendMessage(e2eStore(), named.uid, withNamed, "Buenas");
  await deleteAccountOf(gone.uid);
  // A profile whose name went blank (an older version's document): the reader's word for it.
  await e2eStore().update(userPath(blank.uid), { fullName: "  " });

  const page = await openAs(browser, reader, baseURL!, { path: `/community/${threadId}` });
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const main = page.locator("main");
  // The thread's "started by" line and its opening post's author; the reply's author.
  await expectTranslatable(main, "Miembro eliminado", true);
  await expectTranslatable(main, named.fullName, false);
  await page.goto(`/community?sort=newest`);
  await expectTranslatable(
    page.getByTestId("thread-row").filter({ hasText: `Masa madre ${run}` }),
    "Miembro eliminado",
    true,
  );

  await page.goto(`/board?q=${encodeURIComponent(`cometa ${run}`)}`);
  const card = (title: string) => page.getByTestId("board-post").filter({ hasText: title });
  await expectTranslatable(card(`Arreglar mi cometa ${run}`), "Miembro", true);
  await expectTranslatable(card(`Volar mi cometa ${run}`), named.fullName, false);

  await page.goto(`/inbox/${withGone}`);
  // The conversation list and the thread's header.
  await expectTranslatable(main, "Miembro eliminado", true);
  await expectTranslatable(page.getByTestId("conversation").filter({ hasText: "Buenas" }), named.fullName, false);
  await expect(main).not.toContainText("Deleted member");
  await page.context().close();
});
