import { expect, test, type Page } from "./support/test";
import { createThread, reply } from "~/features/community/write.server";
import { skillSpaceId } from "~/features/community/rules";
import { ACTIVE_SPACES_SHOWN } from "~/features/community/spaces";
import { fileReport } from "~/features/reports/reports.server";
import { createUser } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { DESKTOP, established, member, open, PHONE } from "./support/members";
import { adminUser } from "./support/world";

/**
 * The community end to end with two members: a thread written in /discuss with Markdown and an
 * @mention, the bell, a live reply, reactions, the answer and its xp, search, inert hostile
 * Markdown, three reports of members of standing hiding a post while three fresh accounts' do not
 * (decision 028), and pages of threads that keep their order.
 */

const post = (page: Page, text: string) => page.getByTestId("post").filter({ hasText: text });

test("a thread with a mention, a live reply, reactions, the answer with xp, and search", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const skill = `Glazing ${suffix}`;
  const ana = await member(`Ana ${suffix}`, [skill]);
  const ben = await member(`Ben ${suffix}`);
  const word = `zephyr${suffix}`;

  const b = await open(browser, ben, baseURL!, "/dashboard");
  await expect(b.getByTestId("bell-badge")).toHaveCount(0);

  // A writes in /discuss: the skill's space is offered first; the preview follows the typing.
  const a = await open(browser, ana, baseURL!, "/discuss");
  await expect(a.getByLabel("Space")).toHaveValue(skillSpaceId(skill));
  await a.getByLabel("Title").fill(`Which glaze for stoneware ${suffix}?`);
  const body = a.getByLabel("Body");
  await body.fill(
    `I fire at **cone 6** and the ${word} glaze crawls.\n\n- thin coat\n- thick coat\n\n<script>window.__pwned = 1</script>\n\n[click me](javascript:window.__pwned=2)\n\nAny ideas `,
  );
  // The whole suffix: members of earlier runs share its first letters and fill the suggestions.
  await body.pressSequentially(`@Ben ${suffix}`);
  await a.getByRole("option", { name: ben.fullName }).click();
  await expect(body).toHaveValue(new RegExp(`\\[@Ben ${suffix}\\]\\(/members/${ben.uid}\\) $`));
  await expect(a.getByTestId("preview").locator("strong")).toHaveText("cone 6");

  // The draft survives a reload, and leaving asks first.
  const dialog = a.waitForEvent("dialog");
  const reloaded = a.reload();
  expect((await dialog).type()).toBe("beforeunload");
  await (await dialog).accept();
  await reloaded;
  await expect(a.getByLabel("Title")).toHaveValue(`Which glaze for stoneware ${suffix}?`);
  await expect(a.getByLabel("Body")).toHaveValue(new RegExp(`/members/${ben.uid}`));

  await a.getByRole("button", { name: "Post thread" }).click();
  await a.waitForURL(/\/community\/[A-Za-z0-9_-]+$/);
  const threadId = new URL(a.url()).pathname.split("/").pop()!;
  const opening = post(a, "cone 6");
  await expect(opening.locator("strong")).toHaveText("cone 6");
  await expect(opening.getByRole("link", { name: `@Ben ${suffix}` })).toHaveAttribute("href", `/members/${ben.uid}`);
  // Hostile Markdown is inert: no script element, a link without its javascript: target.
  await expect(opening.locator("script")).toHaveCount(0);
  await expect(opening.getByText("click me")).toBeVisible();
  await expect(opening.locator("a", { hasText: "click me" })).toHaveCount(0);
  expect(await a.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // Nothing is left for the draft on this device.
  expect(await a.evaluate(() => localStorage.getItem("skillswap:discuss-draft"))).toBeNull();

  // B's bell and dashboard activity show the mention live; the notification leads to the post.
  await expect(b.getByTestId("bell-badge")).toHaveText("1");
  await expect(b.getByTestId("activity-list")).toContainText(`Ana ${suffix} mentioned you`);
  await b.goto("/notifications");
  await b
    .getByTestId("notification")
    .filter({ hasText: `Ana ${suffix} mentioned you` })
    .getByRole("link")
    .first()
    .click();
  await b.waitForURL(`**/community/${threadId}`);

  // B replies on the thread page; A sees it arrive without a reload.
  await b.getByLabel("Your reply").fill("Try a *thinner* first coat.");
  await b.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(post(b, "first coat")).toBeVisible();
  const reply = post(a, "first coat");
  await expect(reply.locator("em")).toHaveText("thinner");
  await expect(a.getByTestId("reply-count")).toHaveText("1 reply");

  // A reacts (B sees the count live) and marks the answer; B's xp changes. The five reactions are
  // one form whose pressed button names the kind (issue 28: one form a post, not five).
  await expect(reply.locator('form:has(button[name="kind"][value="thumbs_up"])')).toHaveCount(1);
  await expect(reply.locator('form:has(button[name="kind"]) button[name="kind"]')).toHaveCount(5);
  await reply.getByTestId("react-thumbs_up").click();
  await expect(reply.getByTestId("react-thumbs_up")).toHaveAttribute("aria-pressed", "true");
  await expect(post(b, "first coat").getByTestId("react-thumbs_up")).toHaveAccessibleName("Thumbs up: 1");
  await reply.getByRole("button", { name: "Mark as answer" }).click();
  await expect(reply.getByTestId("answer-badge")).toBeVisible();
  await expect(post(b, "first coat").getByTestId("answer-badge")).toBeVisible();
  const progress = await open(browser, ben, baseURL!, "/progress");
  await expect(progress.getByTestId("level-summary")).toContainText("15 xp");
  expect((await e2eStore().get(`users/${ben.uid}/xp/answer_${threadId}`))?.data).toMatchObject({
    kind: "answer",
    amount: 15,
  });

  // Search finds the thread by a word of its body, highlighted.
  await a.goto(`/community?q=${encodeURIComponent(`crawls ${word}`)}`);
  const result = a.getByTestId("search-result");
  await expect(result).toHaveCount(1);
  await expect(result.getByRole("link")).toHaveText(`Which glaze for stoneware ${suffix}?`);
  await expect(result.locator("mark")).toHaveText([word, "crawls"]);
});

async function sendReport(page: Page, postText: string) {
  const target = post(page, postText);
  await target.getByText("Report", { exact: true }).click();
  await target.getByLabel("Spam or advertising").check();
  await target.getByRole("button", { name: "Send report" }).click();
  return target;
}

test("three reports from established members on three networks hide a post, live for its readers", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const ana = await member(`Ana ${suffix}`);
  const ben = await member(`Ben ${suffix}`);
  const { threadId } = await createThread(
    e2eStore(),
    ana.uid,
    { spaceId: "general", title: `Reported thread ${suffix}`, body: "A fair question.", skillTag: "" },
    Date.now() - 60_000,
  );
  const { postId } = await reply(e2eStore(), ben.uid, threadId, {
    body: "Try a *thinner* first coat, and buy my course.",
  });
  const a = await open(browser, ana, baseURL!, `/community/${threadId}`);
  await expect(post(a, "first coat")).toBeVisible();

  // Two members of standing report B's reply from their own networks (every browser here is 127.0.0.1)…
  for (const [i, name] of ["Cy", "Dee"].entries()) {
    const reporter = await established(`${name} ${suffix}`);
    const input = {
      targetKind: "post" as const,
      targetId: postId,
      contextId: threadId,
      reason: "spam" as const,
      text: "",
    };
    await fileReport(e2eStore(), reporter.uid, input, Date.now(), {
      emailVerified: true,
      clientKey: `198.51.100.${i + 1}`,
    });
  }
  await expect(post(a, "first coat")).toBeVisible();
  // …and the third, in the browser: it hides the post at once, for its reporter and live on A's page.
  const eli = await established(`Eli ${suffix}`);
  const r = await open(browser, eli, baseURL!, `/community/${threadId}`);
  await sendReport(r, "first coat");
  await expect(r.getByTestId("post").nth(1)).toContainText("This post is hidden while a moderator reviews it.");
  await r.context().close();
  await expect(a.getByTestId("post").nth(1)).toContainText("This post is hidden while a moderator reviews it.");
  await expect(a.getByText("Try a")).toHaveCount(0);
  const reports = await e2eStore().query({ collection: "reports", where: [["contextId", "==", threadId]] });
  expect(reports.map((r) => r.data.status)).toEqual(["open", "open", "open"]);
  expect((await e2eStore().get(`community/forum/threads/${threadId}`))?.data.hidden).toBe(false);
});

test("three accounts made a minute ago from one address do not hide a thread; the admin queue shows who reported and how old their accounts are", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const ana = await member(`Ana ${suffix}`);
  const title = `Fair thread ${suffix}`;
  const { threadId } = await createThread(
    e2eStore(),
    ana.uid,
    { spaceId: "general", title, body: "An honest question about kilns.", skillTag: "" },
    Date.now() - 60_000,
  );
  const names = ["Fay", "Gus", "Hal"].map((name) => `${name} ${suffix}`);
  for (const name of names) {
    const fresh = await createUser({ fullName: name });
    const page = await open(browser, fresh, baseURL!, `/community/${threadId}`);
    const target = await sendReport(page, "honest question");
    await expect(target.getByRole("status")).toHaveText("Thank you. A moderator will look at it.");
    await page.context().close();
  }
  const reader = await open(browser, ana, baseURL!, `/community/${threadId}`);
  await expect(reader.getByRole("heading", { name: title })).toBeVisible();
  await expect(post(reader, "honest question")).toBeVisible();
  expect((await e2eStore().get(`community/forum/threads/${threadId}`))?.data.hidden).toBe(false);
  await reader.context().close();

  const admin = await adminUser(`Ada Admin ${suffix}`);
  const queue = await open(browser, admin, baseURL!, "/admin/reports");
  const item = queue.getByRole("article", {
    name: `Forum post in “\u2068${title}\u2069” by \u2068${ana.fullName}\u2069`,
  });
  await expect(item).toContainText("3 reports");
  for (const name of names) {
    const line = item.getByTestId("reporter").filter({ hasText: name });
    await expect(line.getByRole("link", { name })).toBeVisible();
    await expect(line).toContainText(
      /account (less than a minute|\d+ minutes?) old when reporting · email not verified · same network as 2 other reporters · does not count toward hiding/,
    );
  }
});

test("pages of 20 threads keep their order while new ones arrive", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const skill = `Knots ${suffix}`;
  const reader = await member(`Rae ${suffix}`, [skill]);
  const writer = await member(`Wes ${suffix}`, [skill]);
  const space = skillSpaceId(skill);
  const start = Date.now() - 60 * 20 * 60_000;
  // Twenty minutes apart, so the posting limits (per member, per hour) let the seeding through.
  for (let i = 1; i <= 60; i++) {
    await createThread(
      e2eStore(),
      writer.uid,
      {
        spaceId: space,
        title: `Knot number ${String(i).padStart(2, "0")}`,
        body: "Tied.",
        skillTag: skill.toLowerCase(),
      },
      start + i * 20 * 60_000,
    );
  }
  const titles = (from: number, to: number) =>
    Array.from({ length: from - to + 1 }, (_, k) => `Knot number ${String(from - k).padStart(2, "0")}`);

  const page = await open(browser, reader, baseURL!, `/community?space=${space}&sort=newest`);
  const rows = page.getByTestId("thread-row").getByRole("link");
  await expect(rows).toHaveText(titles(60, 41));

  // Three new threads arrive while the first page is read (posted through the app, whose live
  // stream sees its own commits): announced, not pushed in.
  const w = await open(browser, writer, baseURL!, "/discuss");
  for (let i = 1; i <= 3; i++) {
    const status = await w.evaluate(
      async ([spaceId, title]) => {
        const form = new FormData();
        form.set("spaceId", spaceId);
        form.set("title", title);
        form.set("body", "New.");
        return (await fetch("/discuss", { method: "POST", body: form })).status;
      },
      [space, `Fresh knot ${i}`],
    );
    expect(status).toBe(200);
  }
  await expect(page.getByTestId("new-threads")).toHaveText("3 new threads — show");
  await expect(rows).toHaveText(titles(60, 41));

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(rows).toHaveText(titles(40, 21));
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(rows).toHaveText(titles(20, 1));
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);

  await page.getByRole("link", { name: "First page" }).click();
  await expect(rows.first()).toHaveText("Fresh knot 3");
});

test("the community and a thread at 390×844 and on a desktop", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const skill = `Sourdough ${suffix}`;
  const ana = await member(`Ana ${suffix}`, [skill]);
  const ben = await member(`Ben ${suffix}`, [skill]);
  const { threadId } = await createThread(
    e2eStore(),
    ana.uid,
    {
      spaceId: skillSpaceId(skill),
      title: "How wet should a starter be for a first loaf?",
      body: "I keep mine at **100%** hydration.\n\n> Is that too wet?\n\n- flour\n- water\n\n`feed 1:1:1`",
      skillTag: skill.toLowerCase(),
      skillLabel: skill,
    },
    Date.now() - 60_000,
  );
  await reply(e2eStore(), ben.uid, threadId, {
    body: "100% is a fine start. Try [this guide](https://example.com/starter).",
  });

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    const page = await open(browser, ana, baseURL!, "/community", viewport);
    await expect(page.getByRole("heading", { name: "Community", level: 1 })).toBeVisible();
    await expect(page.getByTestId("thread-row").first()).toBeVisible();
    // A space's link holds its name's <bdi> itself, with no <span> around it (decision 115).
    const space = page.getByRole("navigation", { name: "Spaces" }).getByRole("link", { name: skill });
    await expect(space.locator(":scope > bdi")).toHaveText(skill);
    await expect(space.locator(":scope > bdi")).toHaveAttribute("translate", "no");
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `test-results/community-${name}.png`, fullPage: true });
    await page.goto(`/community/${threadId}`);
    await expect(page.getByTestId("post")).toHaveCount(2);
    await expect(page.getByRole("link", { name: "this guide" })).toHaveAttribute("rel", "nofollow ugc noopener");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `test-results/community-thread-${name}.png`, fullPage: true });
    // The same thread full screen, and the writing place with its preview.
    await page.goto(`/discuss?thread=${threadId}`);
    await expect(page.getByTestId("post")).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await page.goto("/discuss");
    await page.getByLabel("Title").fill("Rye or wheat for a starter?");
    await page.getByLabel("Body").fill("Which flour *wakes up* faster?\n\n1. rye\n2. whole wheat");
    await expect(page.getByTestId("preview").locator("em")).toHaveText("wakes up");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `test-results/discuss-${name}.png`, fullPage: true });
    await page.evaluate(() => localStorage.removeItem("skillswap:discuss-draft"));
    await page.context().close();
  }
});

test("the spaces list holds the most active skill spaces and the rest one link away (decision 147)", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const writer = await member(`Wyn ${suffix}`);
  const reader = await member(`Rex ${suffix}`);
  // One skill space more than the list shows, so at least one is left out whatever else is in use.
  const skills = Array.from({ length: ACTIVE_SPACES_SHOWN + 1 }, (_, i) => `Weave ${i} ${suffix}`);
  const start = Date.now() - skills.length * 20 * 60_000;
  for (const [i, skill] of skills.entries())
    await createThread(
      e2eStore(),
      writer.uid,
      {
        spaceId: skillSpaceId(skill),
        title: `Warp question ${i} ${suffix}`,
        body: "Tied.",
        skillTag: skill.toLowerCase(),
        skillLabel: skill,
      },
      start + i * 20 * 60_000,
    );

  const page = await open(browser, reader, baseURL!, "/community");
  const nav = page.getByRole("navigation", { name: "Spaces" });
  // All spaces, the four fixed ones, the most active skill spaces and the way to the others.
  await expect(nav.getByRole("link")).toHaveCount(1 + 4 + ACTIVE_SPACES_SHOWN + 1);
  const more = nav.getByRole("link", { name: /^\d+ more spaces?$/ });
  await more.click();
  await expect(page).toHaveURL(/[?&]spaces=all/);
  for (const skill of skills) await expect(nav.getByRole("link", { name: skill })).toBeVisible();
  await expect(more).toHaveCount(0);

  // A space opened from the full list is listed as the one being read.
  await nav.getByRole("link", { name: skills[0] }).click();
  await expect(page).toHaveURL(new RegExp(`space=${skillSpaceId(skills[0])}`));
  await expect(nav.getByRole("link", { name: skills[0] })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("thread-row")).toContainText(`Warp question 0 ${suffix}`);
  await expect(more).toBeVisible();
});
