import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { adminUser } from "./support/world";
import { e2eStore } from "./support/store";
import { postPath, threadPath } from "~/documents/community";
import { fileReport } from "~/features/reports/reports.server";
import { reportSchema } from "~/features/reports/schema";

/**
 * Issue 30 (decision 064): the back office in the admin's own language, chosen on their profile;
 * an action's refusal comes back in it too, and Arabic turns the pages right to left.
 */

const run = Date.now().toString(36);

test("the admin overview and the disputes page read in Spanish", async ({ browser, baseURL }) => {
  const admin = await adminUser(`Ada Admin ${run}`, { language: "es" });
  const page = await openAs(browser, admin, baseURL!, { path: "/admin" });

  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Administración · SkillSwap");
  await expect(page.getByRole("heading", { level: 1, name: "La comunidad de un vistazo" })).toBeVisible();
  await expect(page.getByText("SP retenidos en depósito")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Exportar como CSV" })).toBeVisible();
  await expect(page.getByRole("img", { name: /^SP comprados por día: .* en los últimos 30 días$/ })).toBeVisible();

  await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Disputas" }).click();
  await expect(page).toHaveURL(/\/admin\/disputes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Disputas" })).toBeVisible();
  // Open disputes left by other tests, or none: either way the page speaks Spanish.
  const disputes = page.getByRole("article", { name: /^Disputa sobre / });
  if ((await disputes.count()) === 0) {
    await expect(page.getByText("No hay disputas abiertas. Cuando las haya, primero las más antiguas.")).toBeVisible();
  } else {
    await expect(disputes.first().getByRole("button", { name: "Resolver la disputa" })).toBeVisible();
  }
});

test("an admin action's refusal comes back in French", async ({ browser, baseURL }) => {
  const admin = await adminUser(`Ada Admin ${run} fr`, { language: "fr" });
  const member = await createUser({ fullName: `Marc Membre ${run}` });
  const page = await openAs(browser, admin, baseURL!, { path: `/admin/members/${member.uid}` });

  await expect(page.getByRole("heading", { name: "Ajuster les SP" })).toBeVisible();
  await page.getByLabel("Montant (SP)").fill("-1000");
  await page.locator("#adjust-reason").fill("Trop élevé");
  await page.getByRole("button", { name: "Enregistrer l’ajustement" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Le solde est de 200 SP : un débit de 1000 SP le ferait passer sous zéro.",
  );
  await expect(page.getByTestId("admin-member-balance")).toHaveText("200 SP");
});

test("a refused admin form's top-level message is in the admin's language, not the browser's", async ({
  browser,
  baseURL,
}) => {
  // Her profile says French; her browser asks for English and she never set the lang cookie.
  const admin = await adminUser(`Ada Admin ${run} fr form`, { language: "fr" });
  const member = await createUser({ fullName: `Marc Membre ${run} form` });
  const page = await openAs(browser, admin, baseURL!, { path: `/admin/members/${member.uid}` });

  await page.getByLabel("Montant (SP)").fill("0");
  await page.locator("#adjust-reason").fill("Aucun changement");
  await page.getByRole("button", { name: "Enregistrer l’ajustement" }).click();
  await expect(page.getByRole("alert")).toContainText("Corrigez les champs signalés.");
  await expect(page.getByRole("alert")).not.toContainText("Please correct");
  await expect(page.getByTestId("admin-member-balance")).toHaveText("200 SP");
});

test("the members page in Arabic, right to left", async ({ browser, baseURL }) => {
  const admin = await adminUser(`Ada Admin ${run} ar`, { language: "ar" });
  const page = await openAs(browser, admin, baseURL!, {
    path: `/admin/members?q=${encodeURIComponent(`Ada Admin ${run} ar`)}`,
  });

  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.getByRole("heading", { level: 1, name: "الأعضاء" })).toBeVisible();
  await expect(page.getByLabel("البحث بالاسم أو البريد الإلكتروني")).toHaveValue(`Ada Admin ${run} ar`);
  await expect(page.getByTestId("member-total")).toHaveText("عضو واحد مطابق");
  await expect(page.getByRole("link", { name: `Ada Admin ${run} ar` }).first()).toBeVisible();
});

test("admin reports name a deleted author and a deleted post's absence in French (decision 085)", async ({
  browser,
  baseURL,
}) => {
  const store = e2eStore();
  const admin = await adminUser(`Ada Admin ${run} fr reports`, { language: "fr" });
  const author = await createUser({ fullName: `Otto Auteur ${run}` });
  const reporter = await createUser({ fullName: `Rae Rapporteur ${run}` });
  const threadId = `gone${run}`;
  const title = `Montres pas chères ${run}`;
  await store.set(threadPath(threadId), { title, authorUid: author.uid, hidden: false });
  await store.set(postPath(threadId, threadId), {
    threadId,
    authorUid: author.uid,
    body: "Achetez maintenant !",
    deleted: false,
    hidden: false,
    openReports: 0,
  });
  await fileReport(
    store,
    reporter.uid,
    reportSchema.parse({ targetKind: "post", targetId: threadId, contextId: threadId, reason: "spam", text: "" }),
  );
  // Then the author deletes the post and their account (the account's tombstone keeps "Deleted member").
  await store.update(postPath(threadId, threadId), { deleted: true, body: "" });
  await store.update(`users/${author.uid}`, { deleted: true, fullName: "Deleted member" });

  const page = await openAs(browser, admin, baseURL!, { path: "/admin/reports" });
  const item = page.getByRole("article").filter({ hasText: title });
  await expect(item.getByRole("heading", { level: 2 })).toHaveText(/ de Membre supprimé$/);
  // The thread's title is member content: isolated in the item's name, as the author's is (decision 119).
  await expect(item).toHaveAttribute("aria-label", `Message du forum dans « \u2068${title}\u2069 » de Membre supprimé`);
  await expect(item.getByTestId("reported-content")).toHaveText("(supprimé par son auteur)");
  await expect(item).not.toContainText("Deleted member");
  await expect(item.getByTestId("reporter")).toContainText(`Rae Rapporteur ${run}`);
  // Nobody is left to suspend (decision 093): no "Suspendre …", and a forged request is refused in French.
  await expect(item.getByText(/^Suspendre /)).toHaveCount(0);
  await expect(item.getByRole("button", { name: "Masquer" })).toBeVisible();
  const forged = await page.request.post("/admin/reports", {
    form: { intent: "suspend", authorUid: author.uid, reason: "Spam répété" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(forged.status()).toBe(404);
  expect(await forged.text()).toContain("Ce membre n’existe pas ou a supprimé son compte.");
  expect((await store.get(`users/${author.uid}`))!.data.suspension ?? null).toBeNull();
});
