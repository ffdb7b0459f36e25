import { expect, test } from "./support/test";
import { createUser, openAs } from "./support/fixtures";
import { e2eStore } from "./support/store";
import { saveRates } from "~/features/bookings/teaching.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";

/** /members: the whole community, searchable and filtered; hidden members nowhere (issue 17). */

test("the directory finds members by skill and name, filters by price and free swaps, and hides suspended and deleted members", async ({
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  // A skill unique to this run, so other tests' members never answer the search.
  const rare = `Zither tuning ${suffix}`;
  const mentor = await createUser({ fullName: `Mira Mentor ${suffix}`, profile: { rating: { count: 2, sum: 9 } } });
  await setSkills(e2eStore(), mentor.uid, [toSkill(rare, "expert")!], []);
  await saveRates(e2eStore(), mentor.uid, { [toSkill(rare, "expert")!.tag]: 45 });
  const peer = await createUser({ fullName: `Paco Peer ${suffix}` });
  await setSkills(e2eStore(), peer.uid, [toSkill(rare, "beginner")!], []);
  await saveRates(e2eStore(), peer.uid, { [toSkill(rare, "beginner")!.tag]: 0 });
  const learner = await createUser({ fullName: `Lena Learner ${suffix}` });
  await setSkills(e2eStore(), learner.uid, [], [toSkill(rare, "beginner")!]);
  const suspended = await createUser({
    fullName: `Sid Suspended ${suffix}`,
    profile: { suspension: { reason: "spam", at: 1, byUid: "admin" } } as never,
  });
  await setSkills(e2eStore(), suspended.uid, [toSkill(rare, "expert")!], []);
  const deleted = await createUser({ fullName: `Dora Deleted ${suffix}`, profile: { deleted: true } as never });
  await setSkills(e2eStore(), deleted.uid, [toSkill(rare, "expert")!], []);
  const viewer = await createUser({ fullName: `Vic Viewer ${suffix}` });

  const page = await openAs(browser, viewer, baseURL!, { path: "/matches", viewport: { width: 390, height: 844 } });
  await page.getByRole("link", { name: "Browse all members" }).click();
  await expect(page).toHaveURL(/\/members$/);
  const search = page.getByRole("search", { name: "Search members" });
  await search.getByLabel("Name, skill or language").fill(rare);
  await search.getByRole("button", { name: "Search" }).click();
  const cards = page.getByTestId("member-card");
  await expect(page.getByRole("status").filter({ hasText: "members" })).toHaveText("3 members");
  await expect(cards).toHaveCount(3);
  await expect(page.getByText(`Sid Suspended ${suffix}`)).toHaveCount(0);
  await expect(page.getByText(`Dora Deleted ${suffix}`)).toHaveCount(0);

  const mira = cards.filter({ hasText: `Mira Mentor ${suffix}` });
  await expect(mira).toContainText("★ 4.5 (2 reviews)");
  await expect(mira).toContainText("From 45 SP per hour");
  await expect(cards.filter({ hasText: `Paco Peer ${suffix}` })).toContainText("Free swap");
  await expect(cards.filter({ hasText: `Lena Learner ${suffix}` })).toContainText("Not taking bookings yet");

  await search.getByLabel("Skill is one they").selectOption("teaches");
  await search.getByLabel("Free swaps").check();
  await search.getByRole("button", { name: "Search" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(`Paco Peer ${suffix}`);

  await search.getByLabel("Free swaps").uncheck();
  await search.getByLabel("Highest price (SP per hour)").fill("50");
  await search.getByLabel("Sort by").selectOption("rating");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(`Mira Mentor ${suffix}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // By name, and straight to the booking panel.
  await page.goto(`/members?q=${encodeURIComponent(`mira mentor ${suffix}`)}`);
  await expect(cards).toHaveCount(1);
  await cards.getByRole("link", { name: `Book Mira Mentor ${suffix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?book=${mentor.uid}`));
  await page.context().close();
});

test("a match card shows the matched skill's rate, the rating and a Book button", async ({ browser, baseURL }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const rare = `Oud maintenance ${suffix}`;
  const mentor = await createUser({ fullName: `Omar Oud ${suffix}`, profile: { rating: { count: 1, sum: 5 } } });
  await setSkills(e2eStore(), mentor.uid, [toSkill(rare, "expert")!], []);
  await saveRates(e2eStore(), mentor.uid, { [toSkill(rare, "expert")!.tag]: 25 });
  const learner = await createUser({ fullName: `Lou Learner ${suffix}` });
  await setSkills(e2eStore(), learner.uid, [], [toSkill(rare, "beginner")!]);
  const page = await openAs(browser, learner, baseURL!, { path: "/matches" });
  const card = page.getByTestId("match-card").filter({ hasText: `Omar Oud ${suffix}` });
  await expect(card.getByTestId("match-rate")).toHaveText(`${rare}: 25 SP per hour`);
  await expect(card.getByTestId("match-rating")).toHaveText("★ 5.0 (1 review)");
  await card.getByRole("link", { name: `Book Omar Oud ${suffix}` }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?book=${mentor.uid}`));
  await page.context().close();
});
