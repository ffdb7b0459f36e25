import { expect, test } from "./support/test";
import { boardPostPath } from "~/documents/board";
import { MAX_ACTIVE_POSTS, postFormSchema } from "~/features/board/rules";
import { createBoardPost } from "~/features/board/write.server";
import { fileReport } from "~/features/reports/reports.server";
import { e2eStore } from "./support/store";
import { established, member, open, PHONE } from "./support/members";

/**
 * The offers-and-needs board end to end (issue 29, part A): a need posted with Markdown, announced
 * live to a reader of the board, found by filters and by a word of its description, managed on My
 * posts (close, renew, delete); the active-post limit; three reports of members of standing hiding
 * a post (decision 028).
 */

const DAY = 24 * 60 * 60_000;

const draft = (over: Record<string, string> = {}) =>
  postFormSchema.parse({
    type: "offer",
    skill: "Pottery",
    title: "Wheel throwing for beginners",
    description: "Two hours at my studio.",
    format: "online",
    priceKind: "per_hour",
    sp: "3",
    ...over,
  });

test("a need with Markdown: announced live, found by filter and by a word, then closed, renewed and deleted on My posts", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const skill = `Bookbinding ${suffix}`;
  const word = `quokka${suffix}`;
  const ana = await member(`Ana ${suffix}`);
  const ben = await member(`Ben ${suffix}`, [skill]);

  // B reads the board on a phone, from Matches.
  const b = await open(browser, ben, baseURL!, "/matches", PHONE);
  await b.getByRole("link", { name: "Offers and needs" }).click();
  await expect(b.getByRole("heading", { name: "Offers and needs", level: 1 })).toBeVisible();

  // A writes a need; a missing title is answered beside the field, nothing is stored.
  const a = await open(browser, ana, baseURL!, "/board/new");
  await a.getByLabel("A need: I'm looking for …").check();
  await a.getByLabel("Skill", { exact: true }).fill(skill);
  await a.getByLabel("Description").fill(`My **${word}** album falls apart.\n\n- coptic stitch\n- kettle stitch`);
  await a.getByRole("radio", { name: "SP per hour" }).check();
  await a.getByRole("spinbutton", { name: "SP per hour" }).fill("4");
  await a.getByRole("button", { name: "Put it on the board" }).click();
  await expect(a.getByText("Give it a title of at least 5 characters.")).toBeVisible();
  expect(await e2eStore().query({ collection: "board_posts", where: [["authorUid", "==", ana.uid]] })).toHaveLength(0);

  await a.getByLabel("Title").fill(`Rescue my photo album ${suffix}`);
  await a.getByRole("button", { name: "Put it on the board" }).click();
  await expect(a.getByRole("heading", { name: `Rescue my photo album ${suffix}`, level: 1 })).toBeVisible();
  await expect(a.locator("article strong", { hasText: word })).toBeVisible();
  await expect(a.getByRole("listitem").filter({ hasText: "kettle stitch" })).toBeVisible();
  const postId = new URL(a.url()).pathname.split("/").pop()!;
  expect((await e2eStore().get(boardPostPath(postId)))?.data).toMatchObject({
    type: "need",
    authorUid: ana.uid,
    status: "active",
    price: { kind: "per_hour", sp: 4 },
  });

  // B is told live, and shows it.
  await b.getByTestId("new-posts").filter({ hasText: "1 new post — show" }).click();
  await expect(b.getByTestId("board-post").filter({ hasText: `Rescue my photo album ${suffix}` })).toBeVisible();

  // By filter: needs of the skill, and "matches me" (B teaches it); not among offers.
  await b.goto(`/board?type=need&skill=${encodeURIComponent(skill)}`);
  await expect(b.getByTestId("board-post")).toHaveText([new RegExp(`Rescue my photo album ${suffix}`)]);
  await b.goto("/board?mine=1&type=need");
  await expect(b.getByTestId("board-post").filter({ hasText: suffix })).toHaveCount(1);
  await b.goto(`/board?type=offer&skill=${encodeURIComponent(skill)}`);
  await expect(b.getByText("No posts match")).toBeVisible();
  // By a word of its description, typed in the search box, with another word in any order.
  await b.goto("/board");
  await b.getByLabel("Search offers and needs").fill(`stitch ${word}`);
  await b.getByRole("button", { name: "Search" }).click();
  await expect(b.getByTestId("board-post")).toHaveText([new RegExp(`Rescue my photo album ${suffix}`)]);

  // A closes it on My posts: it leaves the board and the search.
  await a.goto("/board/mine");
  const row = a.getByTestId("my-post").filter({ hasText: `Rescue my photo album ${suffix}` });
  await row.getByRole("button", { name: /^Close/ }).click();
  await expect(a.getByText("Your post is closed: it has left the board.")).toBeVisible();
  await expect(a.getByRole("region", { name: "Closed" }).getByTestId("my-post")).toHaveCount(1);
  expect((await e2eStore().get(boardPostPath(postId)))?.data.status).toBe("closed");
  await b.reload();
  await expect(b.getByText("No posts match")).toBeVisible();

  // An expired post is renewed in one click and comes back; then deleted for good.
  await e2eStore().update(boardPostPath(postId), { status: "expired", closedAt: null, expiresAt: Date.now() - DAY });
  await a.reload();
  const expired = a.getByRole("region", { name: "Expired" }).getByTestId("my-post");
  await expired.getByRole("button", { name: /^Renew/ }).click();
  await expect(a.getByText("Your post is back on the board for 30 days.")).toBeVisible();
  expect((await e2eStore().get(boardPostPath(postId)))?.data).toMatchObject({ status: "active" });
  await b.reload();
  await expect(b.getByTestId("board-post")).toHaveCount(1);
  await a
    .getByTestId("my-post")
    .filter({ hasText: suffix })
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(a.getByText("Your post is deleted.")).toBeVisible();
  expect(await e2eStore().get(boardPostPath(postId))).toBeNull();
  await b.goto(`/board/${postId}`);
  await expect(b.getByText("This post does not exist or has been taken off the board.")).toBeVisible();
});

test("an eleventh active post is refused with what to do", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const cy = await member(`Cy ${suffix}`);
  for (let i = 0; i < MAX_ACTIVE_POSTS; i++)
    await createBoardPost(
      e2eStore(),
      cy.uid,
      draft({ title: `Offer number ${i} ${suffix}` }),
      Date.now() - (i + 1) * 60_000,
    );
  const page = await open(browser, cy, baseURL!, "/board/new");
  await page.getByLabel("Skill", { exact: true }).fill("Pottery");
  await page.getByLabel("Title").fill(`One too many ${suffix}`);
  await page.getByLabel("Description").fill("Still more clay.");
  await page.getByRole("spinbutton", { name: "SP per hour" }).fill("2");
  await page.getByRole("button", { name: "Put it on the board" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "You have 10 active posts, the most one member can have. Close or delete one on My posts first.",
  );
  expect(await e2eStore().query({ collection: "board_posts", where: [["authorUid", "==", cy.uid]] })).toHaveLength(
    MAX_ACTIVE_POSTS,
  );
});

test("a post reported three times by members of standing disappears from the board", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const dee = await member(`Dee ${suffix}`);
  const { postId } = await createBoardPost(
    e2eStore(),
    dee.uid,
    draft({ title: `Cheap watches ${suffix}`, description: "Buy my watches" }),
    Date.now() - 60_000,
  );
  // Two members of standing report it from their own networks (every browser here is 127.0.0.1)…
  for (const [i, name] of ["Eve", "Fay"].entries()) {
    const reporter = await established(`${name} ${suffix}`);
    const input = {
      targetKind: "board_post" as const,
      targetId: postId,
      contextId: postId,
      reason: "spam" as const,
      text: "",
    };
    await fileReport(e2eStore(), reporter.uid, input, Date.now(), {
      emailVerified: true,
      clientKey: `198.51.100.${i + 1}`,
    });
  }
  const gus = await established(`Gus ${suffix}`);
  const g = await open(browser, gus, baseURL!, "/board");
  await expect(g.getByTestId("board-post").filter({ hasText: `Cheap watches ${suffix}` })).toBeVisible();
  // …and the third, on the post's page.
  await g.getByRole("link", { name: `Cheap watches ${suffix}` }).click();
  await g.getByText("Report", { exact: true }).click();
  await g.getByLabel("Spam or advertising").check();
  await g.getByRole("button", { name: "Send report" }).click();
  await expect(g.getByText("Thank you. A moderator will look at it.")).toBeVisible();
  expect((await e2eStore().get(boardPostPath(postId)))?.data).toMatchObject({ status: "hidden", openReports: 3 });
  await g.goto("/board");
  await expect(g.getByTestId("board-post").filter({ hasText: `Cheap watches ${suffix}` })).toHaveCount(0);
  await g.goto(`/board?q=${encodeURIComponent(`watches`)}`);
  await expect(g.getByTestId("board-post").filter({ hasText: suffix })).toHaveCount(0);
  await g.goto(`/board/${postId}`);
  await expect(g.getByText("This post does not exist or has been taken off the board.")).toBeVisible();
  // Its poster still sees it, marked.
  const d = await open(browser, dee, baseURL!, `/board/${postId}`);
  await expect(d.getByText("This post is hidden from the board while a moderator reviews it.")).toBeVisible();
});
