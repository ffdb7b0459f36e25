import { expect, test } from "./support/test";
import { BOARD_POSTS } from "~/documents/board";
import { THREADS } from "~/documents/community";
import { postFormSchema } from "~/features/board/rules";
import { createProposal } from "~/features/board/proposals.server";
import { createBoardPost } from "~/features/board/write.server";
import { fileReport } from "~/features/reports/reports.server";
import { ownFreeStarts } from "~/features/bookings/views.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { createUser, openAs } from "./support/fixtures";
import { proposingMember } from "./support/members";
import { e2eStore } from "./support/store";
import { adminUser } from "./support/world";

/**
 * Board proposals, the first-day link rule and the admin's reports in the reader's language (issue 30,
 * decision 078): what the proposal routes answer (confirmations and refusals), the link refusal on
 * the forum and on the board, and a reported board post described in Arabic.
 */

const need = (skill: string, title: string) =>
  postFormSchema.parse({
    type: "need",
    skill,
    title,
    description: "Mis jarrones se tuercen.",
    format: "online",
    priceKind: "per_hour",
    sp: "3",
  });

const proposalsOn = async (postId: string) =>
  (await e2eStore().query({ collection: "board_proposals", where: [["postId", "==", postId]] })).map((p) => p.data);

test("a proposal sent, declined and accepted in Spanish: the confirmations and refusals read in Spanish", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const skill = `Torno ${suffix}`;
  const ana = await proposingMember(`Ana ${suffix}`, [], [skill], { language: "es" });
  const ben = await proposingMember(`Ben ${suffix}`, [skill], [], { language: "es" });
  const cy = await proposingMember(`Cy ${suffix}`, [skill], [], { language: "es" });
  const { postId } = await createBoardPost(e2eStore(), ana.uid, need(skill, `Centrar el barro ${suffix}`));

  // Ben proposes from the post's page.
  const b = await openAs(browser, ben, baseURL!, { path: `/board/${postId}` });
  await expect(b.locator("html")).toHaveAttribute("lang", "es");
  await b.getByLabel("SP que pides por la sesión").fill("12");
  await b.getByRole("button", { name: "Enviar la propuesta" }).click();
  await expect(b.getByText("Propuesta enviada. Te avisaremos cuando respondan.")).toBeVisible();
  await expect(b.getByText(/You will hear/)).toHaveCount(0);
  const [sent] = await proposalsOn(postId);
  expect(sent).toMatchObject({ proposerUid: ben.uid, sp: 12, status: "pending" });
  // A second one is refused, in Spanish.
  const again = await b.request.post("/api/board/proposals", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { postId, start: String(sent.start), durationMinutes: "60", kind: "sp", sp: "10" },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({
    ok: false,
    error: "Ya tienes una propuesta esperando en este anuncio. Espera la respuesta o retírala para proponer otra hora.",
  });

  const { starts } = await ownFreeStarts(e2eStore(), cy.uid, 1);
  await createProposal(e2eStore(), cy.uid, { postId, start: starts[30][3], durationMinutes: 30, kind: "sp", sp: 6 });

  // Ana declines Cy's: a blank reason is refused in Spanish, then a reason is taken.
  const a = await openAs(browser, ana, baseURL!, { path: `/board/${postId}` });
  const fromCy = a.getByTestId("proposal").filter({ hasText: `Cy ${suffix}` });
  await fromCy.getByRole("button", { name: "Rechazar…" }).click();
  await fromCy.getByLabel("Por qué la rechazas (lo leerán)").fill("   ");
  await fromCy.getByRole("button", { name: "Rechazar", exact: true }).click();
  await expect(fromCy.getByRole("alert")).toHaveText("Di por qué la rechazas, para que sepan qué funcionaría.");
  await fromCy.getByLabel("Por qué la rechazas (lo leerán)").fill("Prefiero una hora entera.");
  await fromCy.getByRole("button", { name: "Rechazar", exact: true }).click();
  await expect(fromCy.getByText("Propuesta rechazada. Verán tu motivo.")).toBeVisible();
  await expect(fromCy.getByTestId("proposal-state")).toHaveText("Rechazada");

  // Ana accepts Ben's: the session is booked with 12 SP held.
  const fromBen = a.getByTestId("proposal").filter({ hasText: `Ben ${suffix}` });
  await fromBen.getByRole("button", { name: "Aceptar y pagar 12 SP" }).click();
  await expect(
    a.getByText("Propuesta aceptada: la sesión está en tu calendario y sus SP quedan retenidos en depósito."),
  ).toBeVisible();
  await expect(fromBen.getByTestId("proposal-state")).toHaveText("Aceptada");
  const stored = new Map((await proposalsOn(postId)).map((p) => [p.proposerUid, p]));
  expect(stored.get(cy.uid)).toMatchObject({ status: "declined", reason: "Prefiero una hora entera." });
  expect(stored.get(ben.uid)).toMatchObject({ status: "accepted" });
  expect(await getBalance(e2eStore(), ana.uid)).toBe(188);
});

test("the first-day link rule refuses in French on the forum and on the board, and stores nothing", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const ines = await createUser({ fullName: `Inès ${suffix}`, profile: { language: "fr" } });
  const links = "https://a.example https://b.example https://c.example";
  const refusal =
    "Pendant votre premier jour sur SkillSwap, une publication peut contenir au plus 2 liens. Retirez-en et réessayez.";

  const page = await openAs(browser, ines, baseURL!, { path: "/discuss?space=general" });
  await page.getByLabel("Titre").fill(`Mes liens préférés ${suffix}`);
  await page.getByLabel("Texte").fill(links);
  await page.getByRole("button", { name: "Publier la discussion" }).click();
  await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
  expect(await e2eStore().query({ collection: THREADS, where: [["authorUid", "==", ines.uid]] })).toEqual([]);

  await page.goto("/board/new");
  await page.getByLabel("Compétence", { exact: true }).fill("Poterie");
  await page.getByLabel("Titre").fill(`Bols en grès ${suffix}`);
  await page.getByLabel("Description").fill(links);
  await page.getByRole("spinbutton", { name: "SP par heure" }).fill("5");
  await page.getByRole("button", { name: "Publier sur le tableau" }).click();
  await expect(page.getByRole("alert").filter({ hasText: refusal })).toBeVisible();
  expect(await e2eStore().query({ collection: BOARD_POSTS, where: [["authorUid", "==", ines.uid]] })).toEqual([]);
});

test("admin reports describe a reported board post in Arabic", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const poster = await createUser({ fullName: `Dee ${suffix}` });
  const { postId } = await createBoardPost(
    e2eStore(),
    poster.uid,
    postFormSchema.parse({
      type: "offer",
      skill: "Guitar",
      title: `Cheap guitar lessons ${suffix}`,
      description: `Buy now ${suffix}`,
      format: "in_person",
      area: "Leith",
      priceKind: "per_hour",
      sp: "3",
    }),
  );
  const reporter = await createUser({ fullName: `Eve ${suffix}` });
  await fileReport(e2eStore(), reporter.uid, {
    targetKind: "board_post",
    targetId: postId,
    contextId: postId,
    reason: "spam",
    text: "",
  });
  const admin = await adminUser(`Ada Admin ${suffix}`, { language: "ar" });
  const page = await openAs(browser, admin, baseURL!, {
    path: "/admin/reports",
    viewport: { width: 390, height: 844 },
  });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const item = page.getByRole("article").filter({ hasText: `Cheap guitar lessons ${suffix}` });
  const line = item.getByTestId("reported-board-post");
  await expect(line).toContainText("عرض");
  await expect(line).toContainText("الغيتار");
  await expect(line).toContainText("3 SP للساعة");
  await expect(line).toContainText("حضوريًا");
  await expect(line).toContainText("Leith");
  await expect(line).not.toContainText(/Offer|In person|an hour|Guitar/);
  await expect(item.getByTestId("reported-content")).toHaveText(`Buy now ${suffix}`);
});

test("in Arabic a proposal's line joins its parts with the Arabic comma, and the post's built-in skill is named in Arabic", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const amal = await proposingMember(`أمل ${suffix}`, [], ["Guitar"], { language: "ar" });
  const ben = await proposingMember(`Ben ${suffix}`, ["Guitar"]);
  const { postId } = await createBoardPost(e2eStore(), amal.uid, need("Guitar", `Guitar ${suffix}`));
  const { starts } = await ownFreeStarts(e2eStore(), ben.uid, 1);
  await createProposal(e2eStore(), ben.uid, { postId, start: starts[60][2], durationMinutes: 60, kind: "sp", sp: 9 });

  const page = await openAs(browser, amal, baseURL!, {
    path: `/board/${postId}`,
    viewport: { width: 390, height: 844 },
  });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // The post's skill is the taxonomy's: its Arabic name, not the stored English label.
  await expect(page.getByRole("article").getByText("الغيتار", { exact: true })).toBeVisible();
  const line = page.getByTestId("proposal").first().locator("p").first();
  await expect(line).toContainText(`Ben ${suffix}: `);
  await expect(line).toContainText("، 60 دقيقة، ");
  await expect(line).not.toContainText(", ");
  // The price is isolated, so it reads "9 SP" inside the Arabic line, not "SP 9".
  await expect(line).toContainText(/\u2068[0-9\u0660-\u0669]+ SP\u2069/);
  await page.screenshot({ path: "test-results/proposal-line-ar-390.png", fullPage: true });
  await page.context().close();
});
