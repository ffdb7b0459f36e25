import { expect, test, type Browser, type Page } from "./support/test";
import { boardPostPath, type BoardPostDoc } from "~/documents/board";
import { userPath } from "~/documents/users";
import { postFormSchema } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";
import { signInAs, type TestUser } from "./support/fixtures";
import { member } from "./support/members";
import { openWithScriptsHeld } from "./support/scripts-held";
import { e2eStore } from "./support/store";

/**
 * Forms as a person on a slow phone, or without JavaScript, uses them: what they chose or typed
 * before the page's scripts ran is what the page keeps and what is stored. React 18 puts a prefilled
 * textarea's server text back when it hydrates it, and drops fields its state had not drawn yet.
 */

/**
 * A signed-in page with no service worker, which would answer the page's scripts from its cache;
 * without JavaScript when told.
 */
async function signedInPage(
  browser: Browser,
  user: TestUser,
  baseURL: string,
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: "block", javaScriptEnabled });
  await signInAs(context, user, baseURL);
  return context.newPage();
}

test("without JavaScript, a swap met in person is posted in one go: its area and swap skill fields follow the choices", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const poster = await member(`Noa Nojs ${suffix}`);
  const page = await signedInPage(browser, poster, baseURL!, false);
  await page.goto("/board/new");

  await expect(page.getByLabel("Area")).toBeHidden();
  await expect(page.getByLabel("Skill in return")).toBeHidden();
  await page.getByLabel("Skill", { exact: true }).fill("Pottery");
  await page.getByLabel("Title").fill(`Wheel throwing ${suffix}`);
  await page.getByLabel("Description").fill("Two hours at my studio.");
  await page.getByRole("radio", { name: "In person", exact: true }).check();
  await page.getByLabel("Area").fill("Lyon 7e");
  await page.getByRole("radio", { name: "Swap", exact: true }).check();
  await expect(page.getByRole("spinbutton", { name: "SP per hour" })).toBeHidden();
  await page.getByLabel("Skill in return").fill("Guitar");
  await page.getByRole("button", { name: "Put it on the board" }).click();

  await expect(page.getByRole("heading", { name: `Wheel throwing ${suffix}`, level: 1 })).toBeVisible();
  const [post] = await e2eStore().query<BoardPostDoc>({
    collection: "board_posts",
    where: [["authorUid", "==", poster.uid]],
  });
  expect(post.data).toMatchObject({
    format: "in_person",
    area: "Lyon 7e",
    price: { kind: "swap", swapSkillTag: "guitar" },
  });
  await page.context().close();
});

test("without JavaScript, a match card's Save and Message post the member their button carries", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const skill = `Bookbinding ${suffix}`;
  const teacher = await member(`Tove Binder ${suffix}`, [skill]);
  const learner = await member(`Lars Nojs ${suffix}`, [], [skill]);
  const page = await signedInPage(browser, learner, baseURL!, false);
  const matches = `/matches?skill=${encodeURIComponent(skill)}`;
  await page.goto(matches);
  // The forms hold no member of their own: the pressed button's name and value are the member (decision 167).
  await page.getByRole("button", { name: `Save \u2068${teacher.fullName}\u2069` }).click();
  await expect.poll(async () => Boolean(await e2eStore().get(`users/${learner.uid}/saved/${teacher.uid}`))).toBe(true);
  await page.goto(matches);
  await page.getByRole("button", { name: `Message \u2068${teacher.fullName}\u2069` }).click();
  await page.waitForURL(/\/inbox\/[^/?]+$/);
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
  await page.context().close();
});

test("a post's description edited before the page's scripts ran is kept and saved", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const poster = await member(`Eda Early ${suffix}`);
  const { postId } = await createBoardPost(
    e2eStore(),
    poster.uid,
    postFormSchema.parse({
      type: "offer",
      skill: "Pottery",
      title: `Glazing basics ${suffix}`,
      description: "One evening.",
      format: "online",
      priceKind: "per_hour",
      sp: "3",
    }),
  );
  const page = await signedInPage(browser, poster, baseURL!);
  const { opened, release } = await openWithScriptsHeld(page, `/board/${postId}/edit`);
  await page.getByLabel("Description").fill("Two evenings, glazes included.");
  release();
  await opened;

  await expect(page.getByLabel("Description")).toHaveValue("Two evenings, glazes included.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Two evenings, glazes included.")).toBeVisible();
  expect((await e2eStore().get<BoardPostDoc>(boardPostPath(postId)))?.data.description).toBe(
    "Two evenings, glazes included.",
  );
  await page.context().close();
});

test("a bio edited before the profile's scripts ran is kept and saved", async ({ browser, baseURL }) => {
  const user = await member(`Bea Bio ${Date.now().toString(36)}`, [], [], { bio: "I knit." });
  const page = await signedInPage(browser, user, baseURL!);
  const { opened, release } = await openWithScriptsHeld(page, "/profile");
  await expect(page.getByLabel("Bio")).toHaveValue("I knit.");
  await page.getByLabel("Bio").fill("I knit and I spin wool.");
  release();
  await opened;

  await expect(page.getByLabel("Bio")).toHaveValue("I knit and I spin wool.");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile was saved.")).toBeVisible();
  expect((await e2eStore().get(userPath(user.uid)))?.data.bio).toBe("I knit and I spin wool.");
  await page.context().close();
});
