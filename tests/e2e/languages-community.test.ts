import { expect, test } from "./support/test";
import { postFormSchema } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";
import { createThread, reply } from "~/features/community/write.server";
import { THREADS } from "~/documents/community";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * The forum and the board in the member's language (issue 30; namespaces "community" and
 * "board"): the product's words are translated, what members wrote is shown as written
 * (translate="no"), times and numbers go through Intl in the reader's locale.
 */

const PHONE = { width: 390, height: 844 };

test("/community, /board and My posts in Spanish", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const lucia = await createUser({ fullName: `Lucía ${suffix}`, profile: { language: "es" } });
  await createThread(
    e2eStore(),
    lucia.uid,
    { spaceId: "questions", title: `Tuning pegs ${suffix}`, body: "Which pegs hold tune?", skillTag: "" },
    Date.now() - 3 * 3_600_000,
  );
  const { postId } = await createBoardPost(
    e2eStore(),
    lucia.uid,
    postFormSchema.parse({
      type: "need",
      skill: `Luthiery ${suffix}`,
      title: `Fix my ukulele ${suffix}`,
      description: "The bridge **lifts**.",
      format: "online",
      priceKind: "per_hour",
      sp: "3",
    }),
  );

  const page = await openAs(browser, lucia, baseURL!, { path: "/community?space=questions" });
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Comunidad · SkillSwap");
  await expect(page.getByRole("heading", { name: "Comunidad", level: 1 })).toBeVisible();
  await expect(page.getByText("Pregunta y marca la respuesta que te resolvió la duda.")).toBeVisible();
  const spaces = page.getByRole("navigation", { name: "Espacios" });
  await expect(spaces.getByRole("link", { name: "Todos los espacios" })).toBeVisible();
  await expect(spaces.getByRole("link", { name: /^Preguntas/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "Ordenar los hilos" })).toContainText("Actividad reciente");
  const row = page.getByTestId("thread-row").filter({ hasText: `Tuning pegs ${suffix}` });
  await expect(row).toContainText("0 respuestas · 0 reacciones · activo hace 3 horas");
  // The thread's title is the member's own words: shown as written, never translated.
  await expect(row.getByText(`Tuning pegs ${suffix}`)).toHaveAttribute("translate", "no");
  await page.getByRole("searchbox", { name: "Buscar en la comunidad" }).fill("pegs");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.getByText("Resultados para pegs")).toBeVisible();

  await page.goto("/board");
  await expect(page).toHaveTitle("Ofertas y búsquedas · SkillSwap");
  await expect(page.getByRole("heading", { name: "Ofertas y búsquedas", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Tipo")).toContainText("Cualquier tipo");
  await expect(page.getByText("Encajan conmigo")).toBeVisible();
  const card = page.getByTestId("board-post").filter({ hasText: `Fix my ukulele ${suffix}` });
  await expect(card).toContainText("Búsqueda");
  await expect(card).toContainText("3 SP por hora");
  await expect(card).toContainText("Tu anuncio");

  await page.goto(`/board/${postId}`);
  await expect(page.getByRole("heading", { name: `Fix my ukulele ${suffix}`, level: 1 })).toHaveAttribute(
    "translate",
    "no",
  );
  await expect(page.getByText("quedan 30 días")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Propuestas" })).toBeVisible();
  await expect(page.getByText("Todavía no hay propuestas. Te avisaremos cuando llegue una.")).toBeVisible();

  await page.getByRole("link", { name: "Gestionar en Mis anuncios" }).click();
  await expect(page.getByRole("heading", { name: "Mis anuncios", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Activos (1 de 10)" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Cerrar «Fix my ukulele ${suffix}»` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Todavía sin propuestas" })).toBeVisible();
});

test("a thread in Arabic reads right to left, the member's words as written", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const samir = await createUser({ fullName: `Samir ${suffix}`, profile: { language: "ar" } });
  const ana = await createUser({ fullName: `Ana ${suffix}` });
  const { threadId } = await createThread(
    e2eStore(),
    ana.uid,
    { spaceId: "questions", title: `Barre chords ${suffix}`, body: "How do I press **all six**?", skillTag: "" },
    Date.now() - 2 * 86_400_000,
  );
  await reply(e2eStore(), samir.uid, threadId, { body: "Roll your finger a little." });

  const page = await openAs(browser, samir, baseURL!, { path: `/community/${threadId}`, viewport: PHONE });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  const title = page.getByRole("heading", { name: `Barre chords ${suffix}`, level: 1 });
  await expect(title).toHaveAttribute("translate", "no");
  await expect(page.getByRole("link", { name: "أسئلة" })).toBeVisible();
  await expect(page.getByText(`بدأه Ana ${suffix}`)).toBeVisible();
  await expect(page.getByTestId("reply-count")).toHaveText("رد واحد");
  // Relative times through Intl in Arabic, never English.
  const opening = page.getByTestId("post").first();
  await expect(opening.locator("time")).not.toHaveText(/ago|just now/);
  await expect(opening.locator("time")).toHaveText(/[\u0600-\u06FF]/);
  await expect(opening.getByText("all six")).toBeVisible();
  // Samir replied, so Samir follows the thread.
  await expect(page.getByRole("button", { name: "تتابعه" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("ردّك")).toBeVisible();
  await expect(page.getByRole("group", { name: "التفاعلات" }).first()).toBeVisible();

  // A reply in Arabic's plural forms: two replies are "ردّان".
  await page.getByLabel("ردّك").fill("Thank you both.");
  await page.getByRole("button", { name: "ردّ", exact: true }).click();
  await expect(page.getByTestId("reply-count")).toHaveText("ردّان");
});

test("/dashboard and a thread in French, the thread's title as written", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const claire = await createUser({ fullName: `Claire Dubois ${suffix}`, profile: { language: "fr" } });
  const ana = await createUser({ fullName: `Ana ${suffix}` });
  const { threadId } = await createThread(
    e2eStore(),
    ana.uid,
    { spaceId: "general", title: `Sourdough starters ${suffix}`, body: "Mine smells of **vinegar**.", skillTag: "" },
    Date.now() - 5 * 60_000,
  );

  const page = await openAs(browser, claire, baseURL!, { path: "/dashboard" });
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle("Tableau de bord · SkillSwap");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bienvenue, Claire !`);
  await expect(page.getByText("Voici ce qui se passe dans votre échange de compétences.")).toBeVisible();
  for (const widget of ["Activité récente", "Vos correspondances", "Séances à venir", "Votre niveau"])
    await expect(page.getByRole("heading", { name: widget, level: 2 })).toBeVisible();
  const sessions = page.getByRole("region", { name: "Séances à venir" });
  await expect(sessions.getByRole("link", { name: "Calendrier", exact: true })).toBeVisible();
  await expect(
    page.getByText(
      "Aucune séance réservée pour l’instant. Quand vous réservez ou acceptez une séance, elle apparaît ici.",
    ),
  ).toBeVisible();

  await page.goto(`/community/${threadId}`);
  // The page's title is the member's words as written, then the product's name.
  await expect(page).toHaveTitle(`Sourdough starters ${suffix} · SkillSwap`);
  await expect(page.getByRole("heading", { name: `Sourdough starters ${suffix}`, level: 1 })).toHaveAttribute(
    "translate",
    "no",
  );
  await expect(page.getByRole("link", { name: "Général" })).toBeVisible();
  await expect(page.getByText(`Lancée par Ana ${suffix}`)).toBeVisible();
  await expect(page.getByTestId("reply-count")).toHaveText("0 réponse");
  await page.getByLabel("Votre réponse").fill("Feed it twice a day.");
  await page.getByRole("button", { name: "Répondre", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Votre réponse est publiée." })).toBeVisible();
  await expect(page.getByTestId("reply-count")).toHaveText("1 réponse");
});

test("a forum refusal reads in Spanish: a sixth post within a minute", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const lucia = await createUser({ fullName: `Lucía ${suffix}`, profile: { language: "es" } });
  const { threadId } = await createThread(
    e2eStore(),
    lucia.uid,
    { spaceId: "general", title: `Knife sharpening ${suffix}`, body: "Whetstone or rod?", skillTag: "" },
    Date.now() - 60_000,
  );
  const page = await openAs(browser, lucia, baseURL!, { path: `/community/${threadId}` });
  // Five posts within the minute are the limit (POSTS_PER_MINUTE): five replies sent as the form sends them.
  for (const body of ["Rod.", "Or a whetstone.", "Both?", "Maybe.", "Ask a chef."]) {
    const response = await page.request.post(`/community/${threadId}`, {
      form: { intent: "reply", body },
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(response.status()).toBe(200);
  }
  await page.getByLabel("Tu respuesta").fill("Whetstone, always.");
  await page.getByRole("button", { name: "Responder", exact: true }).click();
  await expect(
    page.getByText(/^Has publicado mucho en el último minuto\. Espera \d+\s+segundos? y vuelve a intentarlo\.$/),
  ).toBeVisible();
  await expect(page.getByText(/posted a lot/)).toHaveCount(0);
});

test("a thread's title and body refused in French, beside their fields", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const ines = await createUser({ fullName: `Inès ${suffix}`, profile: { language: "fr" } });
  const page = await openAs(browser, ines, baseURL!, { path: "/discuss?space=general" });
  await page.getByLabel("Titre").fill("Oui");
  await page.getByLabel("Texte").fill(" ");
  await page.getByRole("button", { name: "Publier la discussion" }).click();
  await expect(page.getByText("Donnez à la discussion un titre d’au moins 5 caractères.")).toBeVisible();
  await expect(page.getByText(/at least 5 characters/)).toHaveCount(0);
  // Nothing was stored.
  const threads = await e2eStore().query({ collection: THREADS, where: [["authorUid", "==", ines.uid]] });
  expect(threads).toEqual([]);
});

test("a report is answered in Spanish, and a second one of the same post too", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const author = await createUser({ fullName: `Tom ${suffix}` });
  const lucia = await createUser({ fullName: `Lucía ${suffix}`, profile: { language: "es" } });
  const { threadId } = await createThread(
    e2eStore(),
    author.uid,
    { spaceId: "general", title: `Cheap watches ${suffix}`, body: `Buy now ${suffix}`, skillTag: "" },
    Date.now() - 60_000,
  );
  const page = await openAs(browser, lucia, baseURL!, { path: `/community/${threadId}` });
  const target = page.getByTestId("post").filter({ hasText: `Buy now ${suffix}` });
  await target.getByText("Denunciar", { exact: true }).click();
  await target.getByLabel("Spam o publicidad").check();
  await target.getByRole("button", { name: "Enviar la denuncia" }).click();
  await expect(target.getByRole("status")).toHaveText("Gracias. Un moderador lo revisará.");
  const again = await page.request.post("/api/reports", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { targetKind: "post", targetId: threadId, contextId: threadId, reason: "spam" },
  });
  expect(await again.json()).toMatchObject({ ok: true, message: "Ya lo has denunciado. Un moderador lo revisará." });
  const refused = await page.request.post("/api/reports", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { targetKind: "post", targetId: threadId, contextId: threadId, reason: "boring" },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({ ok: false, error: "Elige un motivo de la lista." });
});
