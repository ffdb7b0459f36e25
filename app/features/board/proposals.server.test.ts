import { beforeEach, describe, expect, it } from "vitest";
import { boardPostPath, newestKeyOf, type BoardPostDoc } from "~/documents/board";
import { getBalance, postEntry } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { HOUR, NOW, teachDuringWorkingWeek, workingWeekSlots } from "../../../tests/support/teaching";
import {
  ALREADY_PROPOSED,
  answerProposal,
  createProposal,
  lapseDueProposals,
  PROPOSE_WINDOW_MS,
  SET_AVAILABILITY,
} from "./proposals.server";
import { ProposalError } from "./errors.server";
import { cancelSwapPartner } from "./swap.server";
import { closeBoardPost, deleteBoardPost } from "./write.server";

const { store } = useTempStore("proposals-");

const SLOTS = workingWeekSlots(14);
const DAY = 24 * HOUR;

async function member(uid: string, sp: number, offered: { tag: string; label: string }[] = []) {
  await store.set(`users/${uid}`, {
    fullName: uid.toUpperCase(),
    xp: 0,
    timezone: "UTC",
    skillsOffered: offered.map((s) => ({ ...s, level: "expert" })),
  });
  if (sp > 0) await postEntry(store, uid, { id: "seed", amount: sp, type: "adjustment", description: "Seed" });
}

async function post(id: string, authorUid: string, fields: Partial<BoardPostDoc> = {}) {
  const doc: BoardPostDoc = {
    type: "need",
    authorUid,
    skillTag: "guitar",
    skillLabel: "Guitar",
    title: "Guitar basics, please",
    description: "Chords and *strumming*.",
    format: "online",
    area: "",
    price: { kind: "per_hour", sp: 30, swapSkillTag: null, swapSkillLabel: null },
    status: "active",
    createdAt: NOW,
    updatedAt: NOW,
    expiresAt: NOW + 30 * DAY,
    warnedFor: null,
    closedAt: null,
    openReports: 0,
    newestKey: newestKeyOf(NOW, id),
    ...fields,
  };
  await store.set(boardPostPath(id), doc);
}

// The proposing rate limit lives as long as the module: each test proposes in a window of its own.
let clock = NOW;
const propose = (uid: string, slot: number, extra: Partial<Parameters<typeof createProposal>[2]> = {}) =>
  createProposal(
    store,
    uid,
    { postId: "need1", start: SLOTS[slot * 4], durationMinutes: 60, kind: "sp", sp: 30, ...extra },
    clock,
  );

const bookings = async () => (await store.query({ collection: "bookings" })).map((d) => d.data);

beforeEach(async () => {
  clock += PROPOSE_WINDOW_MS;
  await member("alice", 100, [{ tag: "italian", label: "Italian" }]);
  await member("bob", 0, [{ tag: "guitar", label: "Guitar" }]);
  await member("carol", 0, [{ tag: "guitar", label: "Guitar" }]);
  await teachDuringWorkingWeek(store, "bob", { guitar: 20 });
  await teachDuringWorkingWeek(store, "carol", { guitar: 20 });
  await post("need1", "alice");
});

describe("proposals on a need", () => {
  it("books the accepted one with the poster's SP in escrow, closes the need and the proposals that waited", async () => {
    const fromBob = await propose("bob", 1);
    const fromCarol = await propose("carol", 2);
    const result = await answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1);
    expect(result.applied).toBe(true);
    expect(await bookings()).toEqual([
      expect.objectContaining({
        mentorUid: "bob",
        learnerUid: "alice",
        state: "accepted",
        price: 30,
        start: SLOTS[4],
        skillLabel: "Guitar",
      }),
    ]);
    expect(await getBalance(store, "alice")).toBe(70);
    expect((await store.get(boardPostPath("need1")))?.data.status).toBe("closed");
    expect((await store.get(`board_proposals/${fromCarol.id}`))?.data.status).toBe("closed");
    const carolsBell = await store.query({ collection: "notifications/carol/messages" });
    expect(carolsBell.map((n) => n.data.title)).toEqual(["A need you answered was closed"]);
    const bobsBell = await store.query({ collection: "notifications/bob/messages" });
    expect(bobsBell.map((n) => n.data.title)).toEqual(["Your proposal was accepted"]);
    // The escrowed session is an ordinary booking: it completes and pays the proposer.
    const bookingId = result.bookingIds[0];
    await applyCommand(store, bookingId, { uid: "bob" }, { kind: "confirm" }, SLOTS[4] + 1);
    await applyCommand(store, bookingId, { uid: "alice" }, { kind: "confirm" }, SLOTS[4] + 2);
    expect(await getBalance(store, "bob")).toBe(30);
    expect((await reconcileAll(store)).failures).toEqual([]);
  });

  it("books once when the poster accepts twice, even at the same time", async () => {
    const fromBob = await propose("bob", 1);
    const accept = () => answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1);
    const results = await Promise.all([accept(), accept(), accept()]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await accept()).toMatchObject({ applied: false });
    expect(await bookings()).toHaveLength(1);
    expect(await getBalance(store, "alice")).toBe(70);
  });

  it("accepts only one of two proposals accepted at once", async () => {
    const fromBob = await propose("bob", 1);
    const fromCarol = await propose("carol", 2);
    const outcomes = await Promise.allSettled([
      answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1),
      answerProposal(store, fromCarol.id, { uid: "alice" }, { kind: "accept" }, NOW + 1),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({
      reason: { status: 409, message: "This proposal was closed: the post no longer takes proposals." },
    });
    expect(await bookings()).toHaveLength(1);
    expect(await getBalance(store, "alice")).toBe(70);
  });

  it("refuses a proposal on a closed or expired need with a 409 that says so", async () => {
    const fromBob = await propose("bob", 1);
    await answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1);
    await expect(propose("carol", 2)).rejects.toMatchObject({
      status: 409,
      message: "This post is closed: it no longer takes proposals.",
    });
    await post("old", "alice", { expiresAt: NOW - 1 });
    await expect(propose("carol", 2, { postId: "old" })).rejects.toMatchObject({
      status: 409,
      message: "This post has expired: it no longer takes proposals.",
    });
    await post("gone", "alice", { status: "hidden" });
    await expect(propose("carol", 2, { postId: "gone" })).rejects.toMatchObject({ status: 404 });
  });

  it("refuses what a person can fix with a message, and writes nothing", async () => {
    await expect(propose("alice", 1)).rejects.toMatchObject({ status: 400, message: "This is your own post." });
    await expect(propose("bob", 1, { durationMinutes: 45 })).rejects.toMatchObject({ status: 400 });
    await expect(propose("bob", 1, { sp: -1 })).rejects.toMatchObject({ status: 400 });
    await expect(propose("bob", 1, { start: SLOTS[4] + 7 * 60_000 })).rejects.toMatchObject({ status: 400 });
    await member("dave", 0);
    await expect(propose("dave", 1)).rejects.toMatchObject({ status: 409, message: SET_AVAILABILITY });
    await propose("bob", 1);
    await expect(propose("bob", 2)).rejects.toMatchObject({ status: 409, message: ALREADY_PROPOSED });
    expect(await store.query({ collection: "board_proposals" })).toHaveLength(1);
  });

  it("leaves nothing half-written when the poster cannot pay, and tells them how much is missing", async () => {
    const fromBob = await propose("bob", 1, { sp: 150 });
    await expect(
      answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1),
    ).rejects.toMatchObject({ status: 409, message: "You need 50 SP more to accept this proposal.", shortBy: 50 });
    expect(await bookings()).toEqual([]);
    expect((await store.get(boardPostPath("need1")))?.data.status).toBe("active");
    expect((await store.get(`board_proposals/${fromBob.id}`))?.data.status).toBe("pending");
    expect(await getBalance(store, "alice")).toBe(100);
  });

  it("says its refusals in the reader's language, a booking's own refusal included (decision 078)", async () => {
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail("not refused"),
        (e: unknown) => e,
      );
    const own = await refused(propose("alice", 1));
    expect(own).toBeInstanceOf(ProposalError);
    expect((own as ProposalError).textIn("fr")).toBe("Cette annonce est la vôtre.");
    const fromBob = await propose("bob", 1, { sp: 150 });
    const broke = (await refused(
      answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1),
    )) as ProposalError;
    expect(broke.message).toBe("You need 50 SP more to accept this proposal.");
    expect(broke.textIn("es")).toBe("Te faltan 50 SP para aceptar esta propuesta.");
    const early = (await refused(
      answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "decline", reason: "x".repeat(501) }, NOW + 1),
    )) as ProposalError;
    expect(early.message).toBe("Keep the reason under 500 characters.");
    expect(early.textIn("ar")).toBe("اجعل السبب أقل من 500 حرف.");
    const message = (await refused(propose("carol", 2, { message: "x".repeat(1_001) }))) as ProposalError;
    expect(message.message).toBe("Keep the message under 1,000 characters.");
    expect(message.textIn("fr")).toMatch(/^Le message ne doit pas dépasser 1\s000 caractères\.$/);
  });

  it("declines with a reason the proposer reads, and keeps the need open", async () => {
    const fromBob = await propose("bob", 1);
    await expect(
      answerProposal(store, fromBob.id, { uid: "bob" }, { kind: "decline", reason: "no" }, NOW),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      answerProposal(store, fromBob.id, { uid: "carol" }, { kind: "decline", reason: "no" }, NOW),
    ).rejects.toMatchObject({ status: 404 });
    await answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "decline", reason: "Evenings only" }, NOW);
    expect((await store.get(`board_proposals/${fromBob.id}`))?.data).toMatchObject({
      status: "declined",
      reason: "Evenings only",
    });
    const bell = await store.query({ collection: "notifications/bob/messages" });
    expect(bell.map((n) => n.data.body)).toEqual(["Guitar basics, please: Evenings only"]);
    expect((await store.get(boardPostPath("need1")))?.data.status).toBe("active");
  });

  it("refuses a second waiting proposal on a post until the first is withdrawn, and tells the poster", async () => {
    const first = await propose("bob", 1);
    await expect(propose("bob", 2)).rejects.toMatchObject({ status: 409, message: ALREADY_PROPOSED });
    await expect(answerProposal(store, first.id, { uid: "carol" }, { kind: "withdraw" }, NOW)).rejects.toMatchObject({
      status: 404,
    });
    expect(await answerProposal(store, first.id, { uid: "bob" }, { kind: "withdraw" }, NOW)).toMatchObject({
      applied: true,
      proposal: { status: "withdrawn" },
    });
    const alicesBell = await store.get(`notifications/alice/messages/proposal_${first.id}_withdrawn`);
    expect(alicesBell?.data).toMatchObject({ title: "\u2068BOB\u2069 withdrew a proposal", link: "/board/need1" });
    await expect(answerProposal(store, first.id, { uid: "alice" }, { kind: "accept" }, NOW)).rejects.toMatchObject({
      status: 409,
      message: "This proposal was withdrawn.",
    });
    const second = await propose("bob", 2);
    expect((await store.get(`board_proposals/${second.id}`))?.data.status).toBe("pending");
  });

  it("closes the proposals waiting on a post its poster closes or deletes, and tells their proposers", async () => {
    const fromBob = await propose("bob", 1);
    const fromCarol = await propose("carol", 2);
    await answerProposal(store, fromCarol.id, { uid: "alice" }, { kind: "decline", reason: "Too late" }, NOW);
    await closeBoardPost(store, "alice", "need1", NOW + 1);
    expect((await store.get(`board_proposals/${fromBob.id}`))?.data).toMatchObject({
      status: "closed",
      decidedAt: NOW + 1,
    });
    // A proposal already answered keeps its answer.
    expect((await store.get(`board_proposals/${fromCarol.id}`))?.data.status).toBe("declined");
    const bobsBell = await store.query({ collection: "notifications/bob/messages" });
    expect(bobsBell.map((n) => [n.data.title, n.data.link])).toEqual([
      ["A post you answered was closed", "/board/need1"],
    ]);

    await post("need2", "alice");
    const again = await propose("bob", 3, { postId: "need2" });
    await deleteBoardPost(store, "alice", "need2", NOW + 2);
    expect(await store.get(boardPostPath("need2"))).toBeNull();
    expect((await store.get(`board_proposals/${again.id}`))?.data.status).toBe("closed");
    const deleted = await store.get(`notifications/bob/messages/proposal_${again.id}_closed`);
    expect(deleted?.data).toMatchObject({ title: "A post you answered was deleted", link: "/board" });
  });

  it("closes a post and its waiting proposals together or not at all", async () => {
    const fromBob = await propose("bob", 1);
    // The proposer's profile is unreadable as a user id: telling them fails, so nothing is written.
    await store.update(`board_proposals/${fromBob.id}`, { proposerUid: "not/an-id" });
    await expect(closeBoardPost(store, "alice", "need1", NOW + 1)).rejects.toThrow();
    expect((await store.get(boardPostPath("need1")))?.data.status).toBe("active");
    expect((await store.get(`board_proposals/${fromBob.id}`))?.data.status).toBe("pending");
  });

  it("lets a proposal nobody answered lapse at its start", async () => {
    const fromBob = await propose("bob", 1);
    expect(await lapseDueProposals(store, SLOTS[4] - 1)).toBe(0);
    expect(await lapseDueProposals(store, SLOTS[4])).toBe(1);
    expect((await store.get(`board_proposals/${fromBob.id}`))?.data.status).toBe("lapsed");
    expect(await lapseDueProposals(store, SLOTS[4] + 1)).toBe(0);
  });
});

describe("swaps", () => {
  it("books two linked sessions, one each way, and moves no SP", async () => {
    await post("need1", "alice", {
      price: { kind: "swap", sp: 0, swapSkillTag: "italian", swapSkillLabel: "Italian" },
    });
    const fromBob = await propose("bob", 1, { kind: "swap", sp: 0 });
    expect(fromBob).toMatchObject({ kind: "swap", sp: 0, swapSkillTag: "italian" });
    const result = await answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1);
    const [first, second] = await Promise.all(
      result.bookingIds.map(async (id) => (await store.get(`bookings/${id}`))?.data),
    );
    expect(first).toMatchObject({ mentorUid: "bob", learnerUid: "alice", skillLabel: "Guitar", price: 0 });
    expect(second).toMatchObject({ mentorUid: "alice", learnerUid: "bob", skillLabel: "Italian", price: 0 });
    expect(second?.start).toBe(first?.end);
    expect(first?.swapId).toBe(result.proposal.swapId);
    expect(second?.swapId).toBe(result.proposal.swapId);
    expect((await store.get(`swap_links/${result.proposal.swapId}`))?.data.bookingIds).toEqual(result.bookingIds);
    expect(await getBalance(store, "alice")).toBe(100);
    expect(await store.query({ collection: "wallets/bob/transactions" })).toEqual([]);
    expect((await store.query({ collection: "wallets/alice/transactions" })).map((e) => e.id)).toEqual(["seed"]);
  });

  it("cancels one session alone, or both when the member asks, and moves no SP either way", async () => {
    await post("need1", "alice", {
      price: { kind: "swap", sp: 0, swapSkillTag: "italian", swapSkillLabel: "Italian" },
    });
    const fromBob = await propose("bob", 1, { kind: "swap", sp: 0 });
    const { bookingIds } = await answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1);
    const state = async (id: string) => (await store.get(`bookings/${id}`))?.data.state;
    await applyCommand(store, bookingIds[1], { uid: "bob" }, { kind: "cancel" }, clock);
    expect([await state(bookingIds[0]), await state(bookingIds[1])]).toEqual(["accepted", "cancelled"]);
    // Asked about the other: the one left goes too (the cancelled one is a no-op), by either member.
    await applyCommand(store, bookingIds[0], { uid: "alice" }, { kind: "cancel" }, clock);
    expect(await cancelSwapPartner(store, bookingIds[0], "alice", clock)).toBeNull();
    expect([await state(bookingIds[0]), await state(bookingIds[1])]).toEqual(["cancelled", "cancelled"]);
    expect(await cancelSwapPartner(store, bookingIds[0], "carol", clock)).toBeNull();
  });

  it("says why the swap's other session stays, in the member's language", async () => {
    await post("need1", "alice", {
      price: { kind: "swap", sp: 0, swapSkillTag: "italian", swapSkillLabel: "Italian" },
    });
    const fromBob = await propose("bob", 1, { kind: "swap", sp: 0 });
    const { bookingIds } = await answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1);
    await applyCommand(store, bookingIds[0], { uid: "alice" }, { kind: "cancel" }, clock);
    // The return session has started by the time the member asks about it: it cannot be cancelled.
    const started = ((await store.get(`bookings/${bookingIds[1]}`))?.data.start as number) + 60_000;
    expect(await cancelSwapPartner(store, bookingIds[0], "alice", started)).toBe(
      "The other session of the swap stays: This session has started; report a problem instead of cancelling.",
    );
    expect(await cancelSwapPartner(store, bookingIds[0], "alice", started, "fr")).toBe(
      "L’autre séance de l’échange est maintenue : Cette séance a commencé ; signalez un problème au lieu de l'annuler.",
    );
    expect(await store.query({ collection: "wallets/bob/transactions" })).toEqual([]);
    expect((await reconcileAll(store)).failures).toEqual([]);
  });

  it("answers a swap offer: the poster teaches the offer's skill, the proposer the swap skill back", async () => {
    await post("offer1", "alice", {
      type: "offer",
      skillTag: "italian",
      skillLabel: "Italian",
      title: "An hour of Italian conversation",
      price: { kind: "swap", sp: 0, swapSkillTag: "guitar", swapSkillLabel: "Guitar" },
    });
    await expect(propose("bob", 1, { postId: "offer1" })).rejects.toMatchObject({ status: 400 });
    const fromBob = await propose("bob", 1, { postId: "offer1", kind: "swap", sp: 0 });
    const result = await answerProposal(store, fromBob.id, { uid: "alice" }, { kind: "accept" }, NOW + 1);
    const [first, second] = await Promise.all(
      result.bookingIds.map(async (id) => (await store.get(`bookings/${id}`))?.data),
    );
    expect(first).toMatchObject({ mentorUid: "alice", learnerUid: "bob", skillLabel: "Italian" });
    expect(second).toMatchObject({ mentorUid: "bob", learnerUid: "alice", skillLabel: "Guitar" });
    expect(await store.query({ collection: "wallets/bob/transactions" })).toEqual([]);
  });

  it("refuses a proposal on an offer with an SP price: that one is booked", async () => {
    await post("offer2", "alice", { type: "offer" });
    await expect(propose("bob", 1, { postId: "offer2", kind: "swap" })).rejects.toMatchObject({ status: 409 });
  });
});

describe("booking an offer with an SP price", () => {
  const bookOffer = (postId: string, durationMinutes = 60, skillTag = "guitar") =>
    requestBooking(
      store,
      { learnerUid: "alice", mentorUid: "bob", skillTag, start: SLOTS[4], durationMinutes, offerId: postId },
      clock,
    );

  it("holds the offer's price, per hour or fixed, from the learner as any request", async () => {
    await post("hourly", "bob", {
      type: "offer",
      price: { kind: "per_hour", sp: 25, swapSkillTag: null, swapSkillLabel: null },
    });
    const booking = await bookOffer("hourly", 90);
    expect(booking).toMatchObject({ state: "requested", price: 38, mentorUid: "bob", skillLabel: "Guitar" });
    expect(await getBalance(store, "alice")).toBe(62);
    await post("fixed", "bob", {
      type: "offer",
      price: { kind: "fixed", sp: 15, swapSkillTag: null, swapSkillLabel: null },
    });
    await applyCommand(store, booking.id, { uid: "alice" }, { kind: "cancel" }, clock);
    expect(await bookOffer("fixed", 30)).toMatchObject({ price: 15 });
    expect((await reconcileAll(store)).failures).toEqual([]);
  });

  it("refuses an offer that is not the mentor's, is closed, or is a swap", async () => {
    await post("carols", "carol", { type: "offer" });
    await expect(bookOffer("carols")).rejects.toMatchObject({ status: 404 });
    await post("closed", "bob", { type: "offer", status: "closed" });
    await expect(bookOffer("closed")).rejects.toMatchObject({ status: 409 });
    await post("swap", "bob", {
      type: "offer",
      price: { kind: "swap", sp: 0, swapSkillTag: "italian", swapSkillLabel: "Italian" },
    });
    await expect(bookOffer("swap")).rejects.toMatchObject({ status: 400 });
    await expect(bookOffer("need1")).rejects.toMatchObject({ status: 404 });
    expect(await bookings()).toEqual([]);
  });
});
