import { expect, test } from "./support/test";
import { BOARD_POSTS } from "~/documents/board";
import { postFormSchema, MAX_ACTIVE_POSTS } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";

/**
 * The board's checks and refusals in the member's language (issue 30, decision 070): a French
 * member's post refused by the form's schema and by the active-post rule reads in French, and
 * nothing is stored. /community's skill spaces: a taxonomy skill named in the reader's language,
 * a member's own tag as written.
 */

const postsOf = async (uid: string) => e2eStore().query({ collection: BOARD_POSTS, where: [["authorUid", "==", uid]] });

test("a refused board post in French shows the French message and stores nothing", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const camille = await createUser({ fullName: `Camille ${suffix}`, profile: { language: "fr" } });
  const page = await openAs(browser, camille, baseURL!, { path: "/board/new" });
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.getByLabel("Compétence", { exact: true }).fill("Poterie");
  await page.getByLabel("Titre").fill("Bol");
  await page.getByLabel("Description").fill("Je tourne des bols.");
  await page.getByRole("spinbutton", { name: "SP par heure" }).fill("2000");
  await page.getByRole("button", { name: "Publier sur le tableau" }).click();
  // The title is checked first; the price once every field reads.
  await expect(page.getByText("Donnez-lui un titre d’au moins 5 caractères.")).toBeVisible();
  await expect(page.getByLabel("Titre")).toHaveValue("Bol");
  expect(await postsOf(camille.uid)).toHaveLength(0);

  await page.getByLabel("Titre").fill(`Bols en grès ${suffix}`);
  await page.getByRole("button", { name: "Publier sur le tableau" }).click();
  await expect(page.getByText("Indiquez un nombre entier de SP entre 1 et 1000.")).toBeVisible();
  expect(await postsOf(camille.uid)).toHaveLength(0);

  // The rule on active posts refuses in French too, the form kept as written.
  for (let i = 0; i < MAX_ACTIVE_POSTS; i++)
    await createBoardPost(
      e2eStore(),
      camille.uid,
      postFormSchema.parse({
        type: "offer",
        skill: "Pottery",
        title: `Offre numéro ${i} ${suffix}`,
        description: "Argile.",
        format: "online",
        priceKind: "per_hour",
        sp: "2",
      }),
      Date.now() - (i + 1) * 60_000,
    );
  await page.getByRole("spinbutton", { name: "SP par heure" }).fill("20");
  await page.getByRole("button", { name: "Publier sur le tableau" }).click();
  const full =
    "Vous avez 10 annonces actives, le maximum pour un membre. Clôturez-en ou supprimez-en une dans Mes annonces d’abord.";
  await expect(page.getByRole("alert").filter({ hasText: full })).toBeVisible();
  await expect(page.getByLabel("Titre")).toHaveValue(`Bols en grès ${suffix}`);
  expect(await postsOf(camille.uid)).toHaveLength(MAX_ACTIVE_POSTS);
});

test("/community in Arabic names a taxonomy skill space in Arabic and a member's own tag as written", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const own = `Banjo tuning ${suffix}`;
  const samira = await createUser({
    fullName: `Samira ${suffix}`,
    profile: {
      language: "ar",
      timezone: "UTC",
      skillsOffered: [{ tag: "piano", label: "Piano", level: "expert" }],
      skillsWanted: [{ tag: own.toLowerCase(), label: own, level: "beginner" }],
    },
  });
  const page = await openAs(browser, samira, baseURL!, { path: "/community", viewport: { width: 390, height: 844 } });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const spaces = page.getByRole("navigation", { name: "المساحات" });
  const piano = spaces.getByRole("link", { name: "البيانو" });
  await expect(piano).toBeVisible();
  await expect(piano.locator("bdi")).not.toHaveAttribute("translate", "no");
  await expect(spaces.getByRole("link", { name: "Piano" })).toHaveCount(0);
  // A member's own tag is theirs: shown as written, left to no translator.
  await expect(spaces.getByRole("link", { name: own })).toBeVisible();
  await expect(spaces.getByText(own)).toHaveAttribute("translate", "no");
  await piano.click();
  await expect(page.getByText("كل شيء عن البيانو.")).toBeVisible();
});
