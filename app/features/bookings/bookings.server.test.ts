import { beforeEach, describe, expect, it, vi } from "vitest";
import { requireChat } from "~/features/chat/chat.server";
import { pairChatId } from "~/features/chat/pair";
import { bookingFeed, chatMessagesFeed } from "~/engine/live/feeds";
import { mayListen, subscribeFeed } from "~/features/live/subscribe.server";
import { getBalance, postEntry } from "~/features/wallet/ledger.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { NOW, teachDuringWorkingWeek, workingWeekSlots } from "../../../tests/support/teaching";
import {
  applyCommand,
  BookingError,
  MAX_PENDING_REQUESTS,
  REQUEST_MAX_PER_WINDOW,
  REQUEST_WINDOW_MS,
  requestBooking,
  TOO_MANY_PENDING,
} from "./bookings.server";
import { errorResponse } from "~/routes/api.bookings.server";
import { markRoomSeen, sendRoomMessage } from "./room.server";

const { store } = useTempStore("bookings-");

const MENTOR = "mentor";
const SLOTS = workingWeekSlots(14);

beforeEach(async () => {
  await store.set(`users/${MENTOR}`, {
    fullName: "Mentor",
    xp: 0,
    timezone: "UTC",
    skillsOffered: [{ tag: "spanish", label: "Spanish", level: "expert" }],
  });
  await teachDuringWorkingWeek(store, MENTOR, { spanish: 10 });
});

async function learner(uid: string, sp: number) {
  await store.set(`users/${uid}`, { fullName: uid, xp: 0, timezone: "UTC", skillsOffered: [] });
  if (sp > 0) await postEntry(store, uid, { id: "seed", amount: sp, type: "adjustment", description: "Seed" });
}

// Starts are on a 30-minute grid: every other one keeps hour-long sessions apart.
const book = (uid: string, slot: number, now: number) =>
  requestBooking(
    store,
    { learnerUid: uid, mentorUid: MENTOR, skillTag: "spanish", start: SLOTS[slot * 2], durationMinutes: 60 },
    now,
  );
const bookingsOf = async (uid: string) =>
  (await store.query({ collection: "bookings", where: [["learnerUid", "==", uid]] })).length;

const accept = (booking: { id: string }) => applyCommand(store, booking.id, { uid: MENTOR }, { kind: "accept" }, NOW);

describe("the cap on waiting requests", () => {
  it("refuses a sixth request waiting for an answer with a 409 that says what to do, and holds nothing for it", async () => {
    await learner("keen", 1_000);
    const sent = [];
    for (let i = 0; i < MAX_PENDING_REQUESTS; i++) sent.push(await book("keen", i, NOW + i));
    const refused = await book("keen", 6, NOW + 10).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "too_many_pending", status: 409, message: TOO_MANY_PENDING });
    expect(TOO_MANY_PENDING).toBe(
      "You have 5 booking requests waiting for an answer. Cancel one, or wait until a mentor answers, before sending another.",
    );
    expect(await bookingsOf("keen")).toBe(5);
    expect(await getBalance(store, "keen")).toBe(950);
    // An answered request no longer counts, nor does one the learner cancelled.
    await accept(sent[0]);
    await expect(book("keen", 6, NOW + 20)).resolves.toMatchObject({ state: "requested" });
    await expect(book("keen", 7, NOW + 30)).rejects.toMatchObject({ code: "too_many_pending" });
    await applyCommand(store, sent[1].id, { uid: "keen" }, { kind: "cancel" }, NOW + 40);
    await expect(book("keen", 7, NOW + 50)).resolves.toMatchObject({ state: "requested" });
  });
});

describe("requestBooking's rate limit", () => {
  it("refuses a learner's eleventh request within a minute with a 429 that says how long to wait, holding nothing", async () => {
    await learner("eager", 1_000);
    // The mentor answers each one, so the cap on waiting requests stays out of this test.
    for (let i = 0; i < REQUEST_MAX_PER_WINDOW; i++) await accept(await book("eager", i, NOW + i * 1_000));
    expect(await getBalance(store, "eager")).toBe(900);

    const refused = await book("eager", 10, NOW + 10_000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BookingError);
    expect(refused).toMatchObject({
      code: "rate_limited",
      status: 429,
      retryAfterMs: 50_000,
      message: "You are sending booking requests too fast. Wait 50 seconds and try again.",
    });
    expect(await bookingsOf("eager")).toBe(REQUEST_MAX_PER_WINDOW);
    expect(await getBalance(store, "eager")).toBe(900);

    // The answer is in the member's language; the error's own message stays English.
    const response = errorResponse(refused, "es");
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("50");
    expect(await response.json()).toMatchObject({
      ok: false,
      code: "rate_limited",
      error: "Estás enviando solicitudes de reserva demasiado rápido. Espera 50 segundos y vuelve a intentarlo.",
    });

    // Other learners are not slowed down by this one.
    await learner("calm", 100);
    await expect(book("calm", 20, NOW + 10_000)).resolves.toMatchObject({ state: "requested" });
    // Once the first request leaves the window, one more fits.
    await expect(book("eager", 10, NOW + REQUEST_WINDOW_MS)).resolves.toMatchObject({ state: "requested" });
    await expect(book("eager", 11, NOW + REQUEST_WINDOW_MS)).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("counts refused attempts too, so a script cannot hammer the store with requests that fail", async () => {
    await learner("broke", 0);
    for (let i = 0; i < REQUEST_MAX_PER_WINDOW; i++)
      await expect(book("broke", i, NOW)).rejects.toMatchObject({ code: "insufficient_funds" });
    await expect(book("broke", 0, NOW + 1)).rejects.toMatchObject({
      code: "rate_limited",
      message: "You are sending booking requests too fast. Wait 60 seconds and try again.",
    });
  });
});

describe("markRoomSeen", () => {
  it("marks the other participant's messages seen, as the open inbox thread does", async () => {
    await learner("reader", 100);
    const booking = await book("reader", 0, NOW);
    expect(await markRoomSeen(store, booking.id, "reader")).toBe(0);

    await sendRoomMessage(store, booking.id, MENTOR, "Bring your notes.");
    await sendRoomMessage(store, booking.id, "reader", "Will do!");
    const chatId = pairChatId(MENTOR, "reader");
    expect((await requireChat(store, "reader", chatId)).unread?.reader).toBe(1);

    expect(await markRoomSeen(store, booking.id, "reader")).toBe(1);
    expect((await requireChat(store, "reader", chatId)).unread).toEqual({ mentor: 1, reader: 0 });
    const messages = await store.query({ collection: `chats/${chatId}/messages`, orderBy: [["timestamp", "asc"]] });
    expect(messages.map((m) => [m.data.sender, m.data.seen])).toEqual([
      [MENTOR, true],
      ["reader", false],
    ]);
    await expect(markRoomSeen(store, booking.id, "stranger")).rejects.toMatchObject({ status: 404 });
  });
});

describe("the session room's live feeds", () => {
  it("follow the booking and the pair's conversation from its first message, for the two participants only", async () => {
    await learner("watcher", 100);
    const booking = await book("watcher", 0, NOW);
    const chatId = pairChatId(MENTOR, "watcher");
    expect(await mayListen(store, "watcher", bookingFeed(booking.id))).toBe(true);
    expect(await mayListen(store, MENTOR, bookingFeed(booking.id))).toBe(true);
    expect(await mayListen(store, "stranger", bookingFeed(booking.id))).toBe(false);
    expect(await mayListen(store, "stranger", bookingFeed("no-such-booking"))).toBe(false);
    // The pair's chat does not exist yet; the room listens to it anyway, and nobody else may.
    expect(await mayListen(store, "watcher", chatMessagesFeed(chatId))).toBe(true);
    expect(await mayListen(store, "stranger", chatMessagesFeed(chatId))).toBe(false);

    const states: string[] = [];
    const texts: string[][] = [];
    const stopBooking = subscribeFeed(
      store,
      { uid: "watcher", language: "en" },
      bookingFeed(booking.id),
      (b) => states.push(`${b?.state}:${b?.meetingLink}`),
      () => {},
    );
    const stopMessages = subscribeFeed(
      store,
      { uid: "watcher", language: "en" },
      chatMessagesFeed(chatId),
      (m) => texts.push(m.map((x) => x.text)),
      () => {},
    );
    await vi.waitFor(() => expect(states).toEqual(["requested:"]));
    await store.update(`bookings/${booking.id}`, { meetingLink: "https://meet.example.com/x" });
    await sendRoomMessage(store, booking.id, MENTOR, "Hello from the room");
    await vi.waitFor(() => expect(texts.at(-1)).toEqual(["Hello from the room"]));
    await vi.waitFor(() => expect(states).toEqual(["requested:", "requested:https://meet.example.com/x"]));
    stopBooking();
    stopMessages();
  });
});
