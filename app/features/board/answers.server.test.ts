import { beforeEach, describe, expect, it } from "vitest";
import { boardPostPath, getBoardPost, newestKeyOf, readBoardAnswer, type BoardPostDoc } from "~/documents/board";
import { requestBooking } from "~/features/bookings/bookings.server";
import { openChat, sendMessage } from "~/features/chat/chat.server";
import { postEntry } from "~/features/wallet/ledger.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { HOUR, NOW, teachDuringWorkingWeek, workingWeekSlots } from "../../../tests/support/teaching";
import { loadMyPostsProposals } from "./proposal-views.server";
import { deleteBoardPost } from "./write.server";

const { store } = useTempStore("answers-");
const SLOTS = workingWeekSlots(14);
const DAY = 24 * HOUR;

async function member(uid: string, sp: number) {
  await store.set(`users/${uid}`, {
    fullName: uid.toUpperCase(),
    xp: 0,
    timezone: "UTC",
    skillsOffered: [{ tag: "guitar", label: "Guitar", level: "expert" }],
  });
  if (sp > 0) await postEntry(store, uid, { id: "seed", amount: sp, type: "adjustment", description: "Seed" });
}

async function offer(id: string, authorUid: string) {
  await store.set(boardPostPath(id), {
    type: "offer",
    authorUid,
    skillTag: "guitar",
    skillLabel: "Guitar",
    title: "Guitar for beginners",
    description: "Chords.",
    format: "online",
    area: "",
    price: { kind: "per_hour", sp: 10, swapSkillTag: null, swapSkillLabel: null },
    status: "active",
    createdAt: NOW,
    updatedAt: NOW,
    expiresAt: NOW + 30 * DAY,
    warnedFor: null,
    closedAt: null,
    openReports: 0,
    newestKey: newestKeyOf(NOW, id),
  } satisfies BoardPostDoc);
}

const answers = async () =>
  (await store.query({ collection: "board_answers" })).map(readBoardAnswer).sort((a, b) => (a.id < b.id ? -1 : 1));

beforeEach(async () => {
  await member("alice", 0);
  await member("bob", 100);
  await member("carol", 100);
  await teachDuringWorkingWeek(store, "alice", { guitar: 20 });
  await offer("offer1", "alice");
});

describe("answers to a post by message or booking (decision 070)", () => {
  it("records a reply quoting the post once per member, with its first and last time, in the message's write", async () => {
    const chatId = await openChat(store, "bob", "alice", NOW);
    await sendMessage(store, "bob", chatId, "Is Tuesday fine?", NOW + 1, "offer1");
    await sendMessage(store, "bob", chatId, "No quote: not an answer", NOW + 2);
    await sendMessage(store, "bob", chatId, "Or Wednesday?", NOW + 3, "offer1");
    // The poster quoting her own post in the reply is not an answer to it.
    await sendMessage(store, "alice", chatId, "Both work", NOW + 4, "offer1");
    expect(await answers()).toEqual([
      {
        id: "offer1_message_bob",
        postId: "offer1",
        posterUid: "alice",
        answererUid: "bob",
        participants: ["alice", "bob"],
        kind: "message",
        chatId,
        bookingId: null,
        times: 2,
        firstAt: NOW + 1,
        lastAt: NOW + 3,
      },
    ]);
  });

  it("writes nothing when the message is refused", async () => {
    const chatId = await openChat(store, "bob", "alice", NOW);
    await expect(sendMessage(store, "bob", chatId, "", NOW + 1, "offer1")).rejects.toThrow();
    await expect(sendMessage(store, "bob", chatId, "Hi", NOW + 1, "gone")).rejects.toThrow();
    expect(await answers()).toEqual([]);
  });

  it("records a booking of the offer with the session, and the poster reads both on /board/mine with links", async () => {
    const chatId = await openChat(store, "bob", "alice", NOW);
    await sendMessage(store, "bob", chatId, "Is Tuesday fine?", NOW + 1, "offer1");
    const booking = await requestBooking(
      store,
      {
        learnerUid: "carol",
        mentorUid: "alice",
        skillTag: "guitar",
        start: SLOTS[4],
        durationMinutes: 60,
        offerId: "offer1",
      },
      NOW + 2,
    );
    // A booking at the mentor's own rates, not from the offer, is no answer to it.
    await requestBooking(
      store,
      { learnerUid: "bob", mentorUid: "alice", skillTag: "guitar", start: SLOTS[12], durationMinutes: 60 },
      NOW + 3,
    );
    expect((await answers()).map((a) => [a.id, a.bookingId, a.chatId])).toEqual([
      ["offer1_booking_carol", booking.id, null],
      ["offer1_message_bob", null, chatId],
    ]);

    const post = (await getBoardPost(store, "offer1"))!;
    const { answers: shown } = await loadMyPostsProposals(store, [post], "alice", "en", NOW + 10);
    expect(shown.offer1.map((a) => [a.answererName, a.kind, a.link, a.lastAt])).toEqual([
      [{ text: "CAROL", own: true }, "booking", `/session/${booking.id}`, NOW + 2],
      [{ text: "BOB", own: true }, "message", `/inbox/${chatId}`, NOW + 1],
    ]);
    // Another member reading the same post list sees none of them.
    expect((await loadMyPostsProposals(store, [post], "bob", "en", NOW + 10)).answers).toEqual({});
  });

  it("go with the post when its poster deletes it; the conversation and the session stay", async () => {
    const chatId = await openChat(store, "bob", "alice", NOW);
    await sendMessage(store, "bob", chatId, "Is Tuesday fine?", NOW + 1, "offer1");
    const booking = await requestBooking(
      store,
      {
        learnerUid: "carol",
        mentorUid: "alice",
        skillTag: "guitar",
        start: SLOTS[4],
        durationMinutes: 60,
        offerId: "offer1",
      },
      NOW + 2,
    );
    await deleteBoardPost(store, "alice", "offer1", NOW + 3);
    expect(await answers()).toEqual([]);
    expect(await store.get(`bookings/${booking.id}`)).not.toBeNull();
    expect((await store.query({ collection: `chats/${chatId}/messages` })).length).toBe(1);
  });
});
