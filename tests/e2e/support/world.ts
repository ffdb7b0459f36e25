/**
 * The worlds the every-page tests visit: the ids a page of pages.ts needs, and a realistic member
 * (skills, rates and availability, sessions booked through the app's services, a chat, a saved
 * member, a forum thread with a reply, a reaction and a report, open test checkouts) for the
 * accessibility test. The hostile one (long words, RTL, 50 of everything) lives in hostile.ts.
 */
import { randomBytes } from "node:crypto";
import { termsAcceptancePath } from "~/documents/terms-acceptances";
import { createLocalAuth } from "~/engine/auth/local.server";
import { PACKS } from "~/engine/payments/packs";
import { PLANS } from "~/engine/payments/plans";
import { createTestPlanCheckout, testCustomerId } from "~/engine/payments/test-billing.server";
import { createTestCheckoutProvider } from "~/engine/payments/test-checkout.server";
import type { DocStore } from "~/engine/store/types";
import { setAdminRole } from "~/features/admin/members.server";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { toggleReaction } from "~/features/community/interact.server";
import { createThread, reply } from "~/features/community/write.server";
import { createBoardPost } from "~/features/board/write.server";
import { createProposal } from "~/features/board/proposals.server";
import { ownFreeStarts } from "~/features/bookings/views.server";
import { postFormSchema } from "~/features/board/rules";
import { saveMember } from "~/features/members/saved.server";
import { fileReport } from "~/features/reports/reports.server";
import { setSkills } from "~/features/skills/skills.server";
import { toSkill } from "~/features/skills/tags";
import { fulfilCheckout } from "~/features/wallet/fulfil.server";
import { createUser, type TestUser } from "./fixtures";
import { e2eStore } from "./store";

export interface PageWorld {
  me: TestUser;
  other: TestUser;
  /** An admin, for the back office's pages. */
  admin: TestUser;
  chatId: string;
  bookingId: string;
  threadId: string;
  /** A board post by `other` (reported by `me`, so the report queue holds one) and one by `me`. */
  boardPostId: string;
  myBoardPostId: string;
  /** A proposal by `other` waiting on `me`'s need: its page shows it, the fuzz test answers it. */
  proposalId: string;
  /** Open test checkouts of `me`: an SP pack and a plan. */
  checkoutUrl: string;
  planCheckoutUrl: string;
}

const HOUR = 3_600_000;

/**
 * A forum thread by `other` with a reply by `me` that `other` reported (so the back office's report
 * queue holds a forum post, with its links), open test checkouts of `me` and a pack another member bought.
 */
export async function threadAndCheckouts(
  store: DocStore,
  me: TestUser,
  other: TestUser,
  thread: { title: string; body: string; reply: string },
): Promise<
  Pick<PageWorld, "threadId" | "boardPostId" | "myBoardPostId" | "proposalId" | "checkoutUrl" | "planCheckoutUrl">
> {
  const now = Date.now();
  // Written an hour ago, past the posting limits of new members.
  const { threadId } = await createThread(
    store,
    other.uid,
    { spaceId: "general", title: thread.title, body: thread.body, skillTag: "" },
    now - HOUR,
  );
  const { postId } = await reply(store, me.uid, threadId, { body: thread.reply }, now - HOUR / 2);
  await toggleReaction(store, other.uid, threadId, postId, "thumbs_up", now - HOUR / 4);
  await fileReport(
    store,
    other.uid,
    { targetKind: "post", targetId: postId, contextId: threadId, reason: "off_topic", text: "Not about this thread." },
    now - HOUR / 5,
  );

  // The board: an offer by `other` with the thread's words, reported by `me`, and a need by `me`.
  const boardPost = (type: "offer" | "need", title: string, description: string, priceKind: string) =>
    postFormSchema.parse({
      type,
      skill: "Cooking",
      title: title.length >= 5 ? title.slice(0, 100) : `${title} post`,
      description,
      format: "in_person",
      area: "Old Town",
      priceKind,
      sp: "3",
      swapSkill: "Guitar",
    });
  const { postId: boardPostId } = await createBoardPost(
    store,
    other.uid,
    boardPost("offer", thread.title, thread.body, "per_hour"),
    now - HOUR,
  );
  const { postId: myBoardPostId } = await createBoardPost(
    store,
    me.uid,
    boardPost("need", thread.reply, thread.reply, "swap"),
    now - HOUR / 2,
  );
  await fileReport(
    store,
    me.uid,
    { targetKind: "board_post", targetId: boardPostId, contextId: boardPostId, reason: "spam", text: "" },
    now - HOUR / 5,
  );
  // `other` proposes an hour of their free time on `me`'s need, through the proposal service.
  const { starts } = await ownFreeStarts(store, other.uid, 1, now);
  const { id: proposalId } = await createProposal(
    store,
    other.uid,
    {
      postId: myBoardPostId,
      start: starts[60][0],
      durationMinutes: 60,
      kind: "sp",
      sp: 3,
      message: thread.title,
    },
    now,
  );

  const getStore = async () => store;
  const key = `world_${randomBytes(6).toString("hex")}`;
  const pack = PACKS[0];
  const checkout = await createTestCheckoutProvider(getStore).createCheckout({
    uid: me.uid,
    email: me.email,
    origin: "http://localhost",
    pack,
    priceId: `test_${pack.id}`,
    idempotencyKey: key,
  });
  const plan = await createTestPlanCheckout(getStore, me.uid, testCustomerId(me.uid), PLANS[0], key);
  // And a pack bought by a member whose name is shorter than the row's other text, the case in
  // which axe counts the name's link as a link inside text (link-in-text-block).
  const buyer = await createUser({ store, fullName: "Bo Li" });
  await fulfilCheckout(
    store,
    {
      checkoutId: `${key}_paid`,
      uid: buyer.uid,
      packId: pack.id,
      sp: pack.sp,
      amountCents: pack.amountCents,
      currency: pack.currency,
      providerIds: {},
    },
    now - HOUR / 6,
  );
  return { threadId, boardPostId, myBoardPostId, proposalId, checkoutUrl: checkout.url!, planCheckoutUrl: plan.url };
}

/** A member granted the admin role. */
export async function adminUser(fullName: string, profile?: NonNullable<Parameters<typeof createUser>[0]>["profile"]) {
  const store = e2eStore();
  const admin = await createUser({ fullName, profile });
  await setAdminRole({ store, auth: createLocalAuth(store, { mail: async () => {} }) }, null, admin.uid, true, "e2e");
  return admin;
}

/**
 * The sweeps' admin, who has not accepted the current terms: the back office does not ask, and the
 * sweeps see the page that does (/terms/accept, decision 043) through their eyes.
 */
export async function sweepAdmin(fullName: string, profile?: NonNullable<Parameters<typeof createUser>[0]>["profile"]) {
  const admin = await adminUser(fullName, profile);
  await e2eStore().delete(termsAcceptancePath(admin.uid));
  return admin;
}

/**
 * Priya, who teaches Python and wants Spanish, and Lucía, the other way round: each other's
 * two-way match, with a session accepted for tomorrow, one waiting for an answer, a short chat
 * with a link, Lucía saved, and the notifications those leave.
 */
export async function memberWorld(): Promise<PageWorld> {
  const store = e2eStore();
  const run = randomBytes(3).toString("hex");
  const python = toSkill("Python", "expert")!;
  const spanish = toSkill("Spanish", "expert")!;
  const me = await createUser({
    fullName: `Priya Sharma ${run}`,
    profile: {
      bio: "Data analyst in Pune. Python by day, flamenco guitar by night.",
      timezone: "UTC",
      languages: ["English", "Hindi"],
    },
  });
  const other = await createUser({
    fullName: `Lucía Fernández ${run}`,
    profile: { bio: "Spanish teacher from Valencia.", timezone: "UTC", languages: ["Spanish", "English"] },
  });
  await setSkills(store, me.uid, [python, toSkill("SQL", "intermediate")!], [toSkill("Spanish", "beginner")!]);
  await setSkills(store, other.uid, [spanish, toSkill("Cooking", "intermediate")!], [toSkill("Python", "beginner")!]);
  // Both are free all day on the two weekdays of the sessions below (tomorrow and the day after):
  // every part of the day in the booking panel, a few days of slots, and not 7 × 48 of them. With
  // every day free, axe took 12 to 48 s on each of the pages that list them (issue 26).
  const nextHour = Math.ceil(Date.now() / HOUR) * HOUR;
  const weekly = [1, 2].map((days) => ({
    weekday: new Date(nextHour + days * 24 * HOUR).getUTCDay(),
    start: "00:00",
    end: "24:00",
  }));
  for (const u of [me, other]) await saveAvailability(store, u.uid, { timezone: "UTC", weekly, exceptions: [] });
  await saveRates(store, me.uid, { [python.tag]: 30 });
  await saveRates(store, other.uid, { [spanish.tag]: 40 });

  const accepted = await requestBooking(store, {
    learnerUid: me.uid,
    mentorUid: other.uid,
    skillTag: spanish.tag,
    start: nextHour + 24 * HOUR,
    durationMinutes: 60,
  });
  await applyCommand(store, accepted.id, { uid: other.uid }, { kind: "accept" });
  await requestBooking(store, {
    learnerUid: other.uid,
    mentorUid: me.uid,
    skillTag: python.tag,
    start: nextHour + 48 * HOUR,
    durationMinutes: 30,
  });

  const chatId = await openChat(store, me.uid, other.uid);
  const lines = [
    "Hola Lucía! I'd love to practise Spanish before my trip.",
    "¡Hola Priya! Claro. Tomorrow at this time?",
    "Perfect. This is the article I mentioned: https://example.com/learning-spanish",
    "Gracias, see you tomorrow 🙂",
  ];
  for (const [i, text] of lines.entries())
    await sendMessage(store, i % 2 ? other.uid : me.uid, chatId, text, Date.now() - (lines.length - i) * 60_000);
  await saveMember(store, me.uid, other.uid);

  const extras = await threadAndCheckouts(store, me, other, {
    title: "What do you do in the first ten minutes of a swap?",
    body: "I never know how to start. **Any tips?**",
    reply: "I ask what they want to be able to do after the session, then we plan backwards.",
  });
  const admin = await sweepAdmin(`Ada Admin ${run}`);
  return { me, other, admin, chatId, bookingId: accepted.id, ...extras };
}
