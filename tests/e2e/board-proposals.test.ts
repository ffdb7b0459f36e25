import { expect, test, type Browser } from "./support/test";
import { getBalance } from "~/features/wallet/ledger.server";
import { reconcileWallet } from "~/features/wallet/reconcile.server";
import { postFormSchema } from "~/features/board/rules";
import { ALREADY_PROPOSED, createProposal } from "~/features/board/proposals.server";
import { createBoardPost } from "~/features/board/write.server";
import { ownFreeStarts } from "~/features/bookings/views.server";
import { openAs, type TestUser } from "./support/fixtures";
import { DESKTOP, PHONE, proposingMember } from "./support/members";
import { e2eStore } from "./support/store";

/**
 * Answering board posts end to end (issue 29, part B; decision 041): a need reaches a member who
 * teaches its skill live; they propose a time and SP; the poster accepts, and both see the session
 * on /calendar with the SP held in escrow (wallet and ledger checked, reconciled); a third member's
 * proposal is told the need closed. A swap offer answered and accepted books two linked sessions
 * and moves no SP.
 */

const open = (browser: Browser, user: TestUser, baseURL: string, path: string, viewport = DESKTOP) =>
  openAs(browser, user, baseURL, { path, viewport });

const draft = (over: Record<string, string>) =>
  postFormSchema.parse({
    type: "need",
    skill: "Pottery",
    title: "Help me centre clay",
    description: "My pots **wobble**.",
    format: "online",
    priceKind: "per_hour",
    sp: "3",
    ...over,
  });

test("a need answered: the teacher hears of it live, proposes, the poster accepts into escrow; a late proposal is told it closed", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const skill = `Glazing ${suffix}`;
  const ana = await proposingMember(`Ana ${suffix}`, [], [skill]);
  const ben = await proposingMember(`Ben ${suffix}`, [skill]);
  const cy = await proposingMember(`Cy ${suffix}`, [skill]);

  // B waits on the dashboard; A's need reaches B's bell without a reload.
  const b = await open(browser, ben, baseURL!, "/dashboard", PHONE);
  const c = await open(browser, cy, baseURL!, "/dashboard");
  const { postId } = await createBoardPost(
    e2eStore(),
    ana.uid,
    draft({ skill, title: `Glaze my mugs ${suffix}`, description: "Celadon *please*." }),
  );
  // The timed work picks new posts up on its next tick (5 s).
  await expect(b.getByRole("link", { name: "Notifications: 1 unread" })).toBeVisible({ timeout: 20_000 });
  await b.getByRole("link", { name: "Notifications: 1 unread" }).click();
  // The dashboard's recent activity shows the same notice: wait for the list the bell opened.
  await expect(b).toHaveURL(/\/notifications$/);
  await b
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`New need on the board: ${skill}`) })
    .click();
  await expect(b.getByRole("heading", { name: `Glaze my mugs ${suffix}`, level: 1 })).toBeVisible();

  // C opens the need too, before it closes.
  await c.goto(`/board/${postId}`);
  await expect(c.getByRole("heading", { name: "Propose a session" })).toBeVisible();

  // B proposes the first free time, 60 minutes, 12 SP.
  await b.getByLabel("SP you ask for the session").fill("12");
  await b.getByLabel("Message (optional)").fill("I glaze every week.");
  await b.getByRole("button", { name: "Send proposal" }).click();
  await expect(b.getByText("Proposal sent. You will hear when they answer.")).toBeVisible();
  // B's waiting proposal stands in for the form; one sent anyway is refused with what to do.
  await expect(b.getByRole("heading", { name: "Propose a session" })).toHaveCount(0);
  const mine = b.getByTestId("proposal");
  await expect(mine.getByTestId("proposal-state")).toHaveText("Waiting for an answer");
  await expect(mine.getByRole("button", { name: "Withdraw" })).toBeVisible();
  const [sent] = await e2eStore().query({ collection: "board_proposals", where: [["postId", "==", postId]] });
  const again = await b.request.post("/api/board/proposals", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { postId, start: String(sent.data.start), durationMinutes: "60", kind: "sp", sp: "10" },
  });
  expect(again.status()).toBe(409);
  expect(await again.json()).toEqual({ ok: false, error: ALREADY_PROPOSED });

  // A sees it on the post and accepts: the session is booked with 12 SP held.
  const a = await open(browser, ana, baseURL!, `/board/${postId}`);
  const proposal = a.getByTestId("proposal").filter({ hasText: `Ben ${suffix}` });
  await expect(proposal).toContainText("12 SP");
  await proposal.getByRole("button", { name: "Accept and pay 12 SP" }).click();
  await expect(a.getByText("Proposal accepted: the session is on your calendar")).toBeVisible();
  await expect(proposal.getByTestId("proposal-state")).toHaveText("Accepted");

  // C's proposal, sent from the page opened before, is told the need closed; nothing is stored.
  await c.getByLabel("SP you ask for the session").fill("8");
  await c.getByRole("button", { name: "Send proposal" }).click();
  await expect(c.getByText("This post is closed: it no longer takes proposals or bookings.")).toBeVisible();
  const late = await c.request.post("/api/board/proposals", {
    headers: { Origin: new URL(baseURL!).origin },
    form: { postId, start: String(Date.now() + 86_400_000), durationMinutes: "60", kind: "sp", sp: "8" },
  });
  expect(late.status()).toBe(409);
  expect(await late.json()).toEqual({ ok: false, error: "This post is closed: it no longer takes proposals." });
  const proposals = await e2eStore().query({ collection: "board_proposals", where: [["postId", "==", postId]] });
  expect(proposals.map((p) => [p.data.proposerUid, p.data.status])).toEqual([[ben.uid, "accepted"]]);

  // Both calendars show the session; the SP are held in escrow and every wallet reconciles.
  const bookingId = String(proposals[0].data.bookingId);
  for (const page of [a, b]) {
    await page.goto("/calendar");
    await expect(page.getByText(skill).first()).toBeVisible();
  }
  const booking = (await e2eStore().get(`bookings/${bookingId}`))?.data;
  expect(booking).toMatchObject({ mentorUid: ben.uid, learnerUid: ana.uid, price: 12, state: "accepted" });
  // 200 SP of welcome bonus, 12 held.
  expect(await getBalance(e2eStore(), ana.uid)).toBe(188);
  const held = await e2eStore().get(`wallets/${ana.uid}/transactions/hold_${bookingId}`);
  expect(held?.data).toMatchObject({ amount: -12, type: "booking_hold" });
  for (const uid of [ana.uid, ben.uid]) expect((await reconcileWallet(e2eStore(), uid)).ok).toBe(true);
  await a.goto("/wallet");
  await expect(a.getByText("188 SP").first()).toBeVisible();
});

test("a swap offer answered and accepted books two linked sessions and moves no SP", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const italian = `Italian ${suffix}`;
  const guitar = `Guitar ${suffix}`;
  const ana = await proposingMember(`Ana ${suffix}`, [italian], [guitar]);
  const ben = await proposingMember(`Ben ${suffix}`, [guitar], [italian]);
  const { postId } = await createBoardPost(
    e2eStore(),
    ana.uid,
    draft({
      type: "offer",
      skill: italian,
      title: `Italian conversation ${suffix}`,
      priceKind: "swap",
      swapSkill: guitar,
      sp: "",
    }),
  );
  const b = await open(browser, ben, baseURL!, `/board/${postId}`, PHONE);
  await expect(b.getByText(`In return: ${guitar}`)).toBeVisible();
  await b.getByRole("button", { name: "Send proposal" }).click();
  await expect(b.getByText("Proposal sent.")).toBeVisible();
  // B takes it back (the poster is told), the form returns, and B sends it again.
  await b.getByTestId("proposal").getByRole("button", { name: "Withdraw" }).click();
  await expect(b.getByText("Proposal withdrawn. You can propose another time.")).toBeVisible();
  await expect(b.getByTestId("proposal").getByTestId("proposal-state")).toHaveText("Withdrawn");
  await b.getByRole("button", { name: "Send proposal" }).click();
  await expect(b.getByText("Proposal sent.")).toBeVisible();

  const a = await open(browser, ana, baseURL!, `/board/${postId}`);
  await a.getByRole("button", { name: "Accept the swap" }).click();
  await expect(a.getByText("Swap accepted: both sessions are on your calendar.")).toBeVisible();

  const [proposal] = await e2eStore().query({
    collection: "board_proposals",
    where: [
      ["postId", "==", postId],
      ["status", "==", "accepted"],
    ],
  });
  const link = (await e2eStore().get(`swap_links/${String(proposal.data.swapId)}`))?.data;
  const ids = link?.bookingIds as string[];
  expect(ids).toHaveLength(2);
  const sessions = await Promise.all(ids.map(async (id) => (await e2eStore().get(`bookings/${id}`))?.data));
  expect(sessions.map((s) => [s?.mentorUid, s?.learnerUid, s?.price, s?.swapId])).toEqual([
    [ana.uid, ben.uid, 0, proposal.data.swapId],
    [ben.uid, ana.uid, 0, proposal.data.swapId],
  ]);
  // Each wallet holds its welcome bonus and nothing else.
  for (const uid of [ana.uid, ben.uid]) {
    const entries = await e2eStore().query({ collection: `wallets/${uid}/transactions` });
    expect(entries.map((e) => e.id)).toEqual(["welcome_bonus"]);
  }
  await b.goto("/calendar");
  await expect(b.getByText(italian).first()).toBeVisible();
  await expect(b.getByText(guitar).first()).toBeVisible();
});

test("an offer with an SP rate is booked from its page at the offer's price", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const skill = `Knitting ${suffix}`;
  const ana = await proposingMember(`Ana ${suffix}`, [skill]);
  const ben = await proposingMember(`Ben ${suffix}`, [], [skill]);
  const { postId } = await createBoardPost(
    e2eStore(),
    ana.uid,
    draft({ type: "offer", skill, title: `Cables and colourwork ${suffix}`, sp: "7" }),
  );
  const b = await open(browser, ben, baseURL!, `/board/${postId}`, PHONE);
  await expect(b.getByLabel("Skill", { exact: true })).toContainText(`${skill} — 7 SP per hour`);
  // The duration chips show where the keyboard is: the focused chip has a ring.
  await b.getByLabel("Skill", { exact: true }).focus();
  await b.keyboard.press("Tab");
  const chip = b.getByRole("radio", { name: "60 min" });
  await expect(chip).toBeFocused();
  expect(await chip.evaluate((radio) => getComputedStyle(radio.closest("label")!).boxShadow)).not.toBe("none");
  await b.getByRole("radio", { name: "90 min" }).check({ force: true });
  await b.getByRole("group", { name: "Next free" }).getByRole("button").first().click();
  await expect(b.getByTestId("booking-price")).toHaveText("11 SP");
  await b.getByRole("button", { name: "Request booking" }).click();
  await expect(b.getByRole("heading", { name: "Request sent" })).toBeVisible();
  const [booking] = await e2eStore().query({ collection: "bookings", where: [["learnerUid", "==", ben.uid]] });
  expect(booking.data).toMatchObject({ mentorUid: ana.uid, price: 11, state: "requested", durationMinutes: 90 });
  expect(await getBalance(e2eStore(), ben.uid)).toBe(189);
});

test("/board/mine shows each post's proposals, and the poster accepts one there", async ({ browser, baseURL }) => {
  const suffix = Date.now().toString(36);
  const skill = `Bookbinding ${suffix}`;
  const ana = await proposingMember(`Ana ${suffix}`, [], [skill]);
  const ben = await proposingMember(`Ben ${suffix}`, [skill]);
  const cy = await proposingMember(`Cy ${suffix}`, [skill]);
  const { postId } = await createBoardPost(e2eStore(), ana.uid, draft({ skill, title: `Sew my signatures ${suffix}` }));
  // Ben asks 9 SP for an hour, Cy 6 SP for half an hour, each at a time from their own free hours.
  const [benStarts, cyStarts] = await Promise.all([
    ownFreeStarts(e2eStore(), ben.uid, 1),
    ownFreeStarts(e2eStore(), cy.uid, 1),
  ]);
  await createProposal(e2eStore(), ben.uid, {
    postId,
    start: benStarts.starts[60][2],
    durationMinutes: 60,
    kind: "sp",
    sp: 9,
    message: "Kettle stitch, the lot.",
  });
  await createProposal(e2eStore(), cy.uid, {
    postId,
    start: cyStarts.starts[30][3],
    durationMinutes: 30,
    kind: "sp",
    sp: 6,
  });

  const a = await open(browser, ana, baseURL!, "/board/mine", PHONE);
  const row = a.getByTestId("my-post").filter({ hasText: `Sew my signatures ${suffix}` });
  await expect(row.getByRole("heading", { name: "Proposals (2, 2 waiting)" })).toBeVisible();
  const fromBen = row.getByTestId("proposal").filter({ hasText: `Ben ${suffix}` });
  const fromCy = row.getByTestId("proposal").filter({ hasText: `Cy ${suffix}` });
  await expect(fromBen).toContainText("60 min, 9 SP");
  await expect(fromBen).toContainText("Kettle stitch, the lot.");
  await expect(fromCy).toContainText("30 min, 6 SP");
  for (const item of [fromBen, fromCy]) {
    await expect(item.getByTestId("proposal-state")).toHaveText("Waiting for an answer");
    await expect(item.getByRole("button", { name: "Decline…" })).toBeVisible();
  }

  await fromBen.getByRole("button", { name: "Accept and pay 9 SP" }).click();
  // Accepting one closes the need: the page reads again, the post under Closed with both outcomes.
  // (The confirmation under the accept button goes with the Active list it was in, at once or not.)
  const closed = a.getByRole("region", { name: "Closed" }).getByTestId("my-post");
  await expect(closed.getByRole("heading", { name: "Proposals (2)" })).toBeVisible();
  await expect(
    closed
      .getByTestId("proposal")
      .filter({ hasText: `Ben ${suffix}` })
      .getByTestId("proposal-state"),
  ).toHaveText("Accepted");
  await expect(
    closed
      .getByTestId("proposal")
      .filter({ hasText: `Cy ${suffix}` })
      .getByTestId("proposal-state"),
  ).toHaveText("Closed");
  await expect(closed.getByRole("link", { name: "Open the session" })).toBeVisible();
  await expect(closed.getByRole("button")).toHaveCount(1); // Delete; no accept or decline is left.

  const stored = await e2eStore().query({ collection: "board_proposals", where: [["postId", "==", postId]] });
  const byProposer = new Map(stored.map((p) => [p.data.proposerUid, p.data]));
  expect(byProposer.get(ben.uid)).toMatchObject({ status: "accepted" });
  expect(byProposer.get(cy.uid)).toMatchObject({ status: "closed", bookingId: null });
  const bookingId = String(byProposer.get(ben.uid)?.bookingId);
  expect((await e2eStore().get(`bookings/${bookingId}`))?.data).toMatchObject({
    mentorUid: ben.uid,
    learnerUid: ana.uid,
    price: 9,
    durationMinutes: 60,
    state: "accepted",
  });
  expect((await e2eStore().get(`board_posts/${postId}`))?.data).toMatchObject({ status: "closed" });
  expect(await getBalance(e2eStore(), ana.uid)).toBe(191);
  expect((await reconcileWallet(e2eStore(), ana.uid)).ok).toBe(true);
});

test("/board/mine shows who answered an offer by message and who booked it, with links; a deleted member's answer is gone", async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const skill = `Calligraphy ${suffix}`;
  const ana = await proposingMember(`Ana ${suffix}`, [skill]);
  const ben = await proposingMember(`Ben ${suffix}`, [], [skill]);
  const cy = await proposingMember(`Cy ${suffix}`, [], [skill]);
  const title = `Italic hand in four weeks ${suffix}`;
  const { postId } = await createBoardPost(e2eStore(), ana.uid, draft({ type: "offer", skill, title, sp: "5" }));

  // B answers by "Message": the reply quotes the offer.
  const b = await open(browser, ben, baseURL!, `/board/${postId}`, PHONE);
  await b.getByRole("button", { name: "Message", exact: true }).click();
  await b.waitForURL(/\/inbox\/[^/?]+/);
  await b.getByPlaceholder("Write a message…").fill("Do you teach left-handers?");
  await b.getByRole("button", { name: "Send" }).click();
  await expect(b.getByTestId("message").filter({ hasText: "Do you teach left-handers?" })).toBeVisible();
  const chatPath = new URL(b.url()).pathname;

  // C books it from its page.
  const c = await open(browser, cy, baseURL!, `/board/${postId}`);
  await c.getByRole("group", { name: "Next free" }).getByRole("button").first().click();
  await c.getByRole("button", { name: "Request booking" }).click();
  await expect(c.getByRole("heading", { name: "Request sent" })).toBeVisible();
  const [booking] = await e2eStore().query({ collection: "bookings", where: [["learnerUid", "==", cy.uid]] });

  // A's /board/mine lists both under the offer, each with where it continues.
  const a = await open(browser, ana, baseURL!, "/board/mine", PHONE);
  const answers = a.getByTestId("my-post").filter({ hasText: title }).getByTestId("my-post-answers");
  await expect(answers.getByRole("heading", { name: "Answers (2)" })).toBeVisible();
  const byBen = answers.getByTestId("answer").filter({ hasText: `Ben ${suffix} sent a message` });
  const byCy = answers.getByTestId("answer").filter({ hasText: `Cy ${suffix} booked a session` });
  await expect(byBen.getByRole("link", { name: "Open the conversation" })).toHaveAttribute("href", chatPath);
  await expect(byCy.getByRole("link", { name: "Open the session" })).toHaveAttribute("href", `/session/${booking.id}`);
  await byBen.getByRole("link", { name: "Open the conversation" }).click();
  await expect(a.getByTestId("message").filter({ hasText: "Do you teach left-handers?" })).toBeVisible();

  // C deletes their account: their answer leaves A's list and the store.
  await c.goto("/settings");
  await c.getByRole("button", { name: "Delete account…" }).click();
  await c.getByLabel("Type DELETE or your email to confirm").fill("DELETE");
  await c.getByLabel("Your password").fill(cy.password);
  await c.getByRole("button", { name: "Delete my account" }).click();
  await c.waitForURL(/\/auth$/);
  await a.goto("/board/mine");
  await expect(answers.getByRole("heading", { name: "Answers (1)" })).toBeVisible();
  await expect(answers.getByTestId("answer")).toHaveText(new RegExp(`^Ben ${suffix} sent a message`));
  const stored = await e2eStore().query({ collection: "board_answers", where: [["postId", "==", postId]] });
  expect(stored.map((d) => [d.data.answererUid, d.data.kind])).toEqual([[ben.uid, "message"]]);
});
