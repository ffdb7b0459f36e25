import { expect, test } from "./support/test";
import { postFormSchema } from "~/features/board/rules";
import { createProposal } from "~/features/board/proposals.server";
import { createBoardPost } from "~/features/board/write.server";
import { ownFreeStarts } from "~/features/bookings/views.server";
import { createUser, openAs } from "./support/fixtures";
import { PHONE, proposingMember } from "./support/members";
import { storeAcceptedSession } from "./support/sessions";
import { e2eStore } from "./support/store";

/**
 * Built-in skills in the reader's language wherever a stored skill reaches them (issue 30, decision
 * 094): a board post's swap skill, a proposal's, the dashboard's board widget and the notices that
 * name them, a session's skill on /calendar and the dashboard; a member's own tag is shown as
 * written (translate="no").
 */

const post = (fields: { type: "offer" | "need"; skill: string; title: string; swapSkill?: string }) =>
  postFormSchema.parse({
    description: "Una hora por semana.",
    format: "online",
    ...(fields.swapSkill ? { priceKind: "swap" } : { priceKind: "per_hour", sp: "3" }),
    ...fields,
  });

test("a Spanish member reads built-in skills in Spanish on the board widget, proposals and notices, and an own tag as written", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const ownTag = `Banjo tuning ${suffix}`;
  const sofia = await proposingMember(`Sofía ${suffix}`, ["Calligraphy", ownTag], ["Sign language"], {
    language: "es",
  });
  const ben = await proposingMember(`Ben ${suffix}`, ["Sign language"], ["Calligraphy"]);
  const cy = await proposingMember(`Cy ${suffix}`, ["Sign language"]);
  const store = e2eStore();
  // Posts that fit Sofía: an offer of what she wants, swapped for a skill she teaches; a need of her own tag.
  await createBoardPost(
    store,
    ben.uid,
    post({ type: "offer", skill: "Sign language", title: `Signs ${suffix}`, swapSkill: "Calligraphy" }),
  );
  await createBoardPost(store, cy.uid, post({ type: "need", skill: ownTag, title: `Banjo ${suffix}` }));
  // Her own need, answered by two swaps: one for a built-in skill of hers, one for her own tag.
  const { postId } = await createBoardPost(
    store,
    sofia.uid,
    post({ type: "need", skill: "Sign language", title: `Lessons ${suffix}` }),
  );
  for (const [proposer, swapSkillTag] of [
    [ben, "calligraphy"],
    [cy, ownTag.toLowerCase()],
  ] as const) {
    const { starts } = await ownFreeStarts(store, proposer.uid, 1);
    await createProposal(store, proposer.uid, {
      postId,
      start: starts[60][3],
      durationMinutes: 60,
      kind: "swap",
      sp: 0,
      swapSkillTag,
    });
  }

  const page = await openAs(browser, sofia, baseURL!, { path: "/dashboard", viewport: PHONE });
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  const widget = page.getByTestId("board-widget");
  const signs = widget.getByRole("listitem").filter({ hasText: `Signs ${suffix}` });
  await expect(signs.getByText("Lengua de signos", { exact: true })).not.toHaveAttribute("translate", "no");
  await expect(signs).toContainText("Intercambio por \u2068Caligrafía\u2069");
  const banjo = widget.getByRole("listitem").filter({ hasText: `Banjo ${suffix}` });
  await expect(banjo.getByText(ownTag, { exact: true })).toHaveAttribute("translate", "no");

  // The proposals on her post: the skill asked in return by its Spanish name, her own tag as written.
  await page.goto(`/board/${postId}`);
  const fromBen = page.getByTestId("proposal").filter({ hasText: `Ben ${suffix}` });
  await expect(fromBen).toContainText("intercambio por Caligrafía");
  await expect(fromBen.getByText("Caligrafía", { exact: true })).not.toHaveAttribute("translate", "no");
  const fromCy = page.getByTestId("proposal").filter({ hasText: `Cy ${suffix}` });
  await expect(fromCy.getByText(ownTag, { exact: true })).toHaveAttribute("translate", "no");

  // The notices of those proposals, rendered when read: the same names.
  await page.goto("/notifications");
  const notices = page.getByTestId("notification");
  await expect(notices.filter({ hasText: `Nueva propuesta de Ben ${suffix}` })).toContainText(
    `Lessons ${suffix}: un intercambio por Caligrafía, 60 minutos.`,
  );
  await expect(notices.filter({ hasText: `Nueva propuesta de Cy ${suffix}` })).toContainText(
    `Lessons ${suffix}: un intercambio por ${ownTag}, 60 minutos.`,
  );
  await page.context().close();
});

test("a French mentor's /calendar and dashboard name a session's built-in skill in French and an own tag as written", async ({
  browser,
  baseURL,
}) => {
  const run = Math.random().toString(36).slice(2, 8);
  const learner = await createUser({ fullName: `Léa Learner ${run}` });
  const mentor = await createUser({ fullName: `Marc Mentor ${run}`, profile: { language: "fr", tourCompleted: true } });
  const ownTag = `Kora tuning ${run}`;
  await storeAcceptedSession(mentor, learner, {
    startsInMinutes: 26 * 60,
    skillTag: "guitar",
    skillLabel: "Guitar",
    price: 10,
  });
  await storeAcceptedSession(mentor, learner, {
    startsInMinutes: 28 * 60,
    skillTag: ownTag.toLowerCase().replace(/ /g, "-"),
    skillLabel: ownTag,
    price: 10,
  });

  const page = await openAs(browser, mentor, baseURL!, { path: "/calendar" });
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  const upcoming = page.getByRole("link", { name: `Guitare · vous enseignez à Léa Learner ${run}` });
  await expect(upcoming).toBeVisible();
  await expect(upcoming.locator("bdi").first()).not.toHaveAttribute("translate", "no");
  const own = page.getByRole("link", { name: `${ownTag} · vous enseignez à Léa Learner ${run}` });
  await expect(own.locator("bdi").first()).toHaveAttribute("translate", "no");
  await expect(page.locator("main")).not.toContainText(/\bGuitar\b/);

  await page.goto("/dashboard");
  // The widget isolates the skill and the name (FSI…PDI) in every language.
  const widgetLink = (skill: string) => page.getByRole("link", { name: new RegExp(`^\u2068${skill}\u2069 avec `) });
  await expect(widgetLink("Guitare")).toBeVisible();
  await expect(widgetLink(ownTag)).toBeVisible();
  await page.context().close();
});
