import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { getUser } from "~/documents/users";
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
