/** Account deletion on the real embedded store: personal data gone, money trail and chats kept. */
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { getUser } from "~/documents/users";
import { createLocalAuth } from "~/engine/auth/local.server";
import { AuthError, type AuthProvider } from "~/engine/auth/types";
import { createLocalFileStore } from "~/engine/files/local.server";
import type { FileStore } from "~/engine/files/types";
import { bookableStarts } from "~/features/bookings/availability";
import { applyCommand, requestBooking } from "~/features/bookings/bookings.server";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import type { BookingDoc } from "~/features/bookings/types";
import { loadThread, openChat, sendMessage } from "~/features/chat/chat.server";
import { findMatches } from "~/features/matches/matches.server";
import { ensureProfile } from "~/features/profile/bootstrap.server";
import { setSkills } from "~/features/skills/skills.server";
import { getBalance } from "~/features/wallet/ledger.server";
import { reconcileAll } from "~/features/wallet/reconcile.server";
import { useTempStore } from "../../../tests/support/temp-store";
import { pictureKey, uploadAvatar } from "./avatar.server";
import { PICTURE_SIZES } from "./picture";
import { deleteAccount } from "./delete-account.server";
import { DELETED_MEMBER_NAME } from "./member";
import { getMember } from "./members.server";
import { saveMember } from "./saved.server";

const HOUR = 3_600_000;
// Monday 2 March 2026, 00:00 UTC: fixed so slot arithmetic is reproducible.
const NOW = Date.UTC(2026, 2, 2, 0, 0);
const PASSWORD = "correct horse battery";
const WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));
// A real 1×1 PNG: uploads are read, not just sniffed.
const PNG = new Uint8Array(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "base64",
  ),
);

const { store, dir } = useTempStore("delete-account-");
let auth: AuthProvider;
let files: FileStore;

beforeEach(() => {
  auth = createLocalAuth(store, { mail: async () => {} });
  files = createLocalFileStore(path.join(dir(), "files"));
});

const skill = (label: string, level: "beginner" | "intermediate" | "expert" = "expert") => ({
  tag: label.toLowerCase(),
  label,
  level,
});

async function member(email: string, fullName: string, offered: string[], wanted: string[]) {
  const user = await auth.signUp({ kind: "password", email, password: PASSWORD, clientKey: "" });
  await ensureProfile(store, user.uid, NOW - 10 * HOUR);
  await setSkills(
    store,
    user.uid,
    offered.map((s) => skill(s)),
    wanted.map((s) => skill(s, "beginner")),
    { fullName, bio: `${fullName}'s bio`, languages: ["English"] },
  );
  await saveAvailability(store, user.uid, { timezone: "UTC", weekly: WEEK, exceptions: [] }, NOW);
  await saveRates(store, user.uid, Object.fromEntries(offered.map((s) => [s.toLowerCase(), 40])), NOW);
  return user.uid;
}

function slot(daysAhead: number): number {
  return bookableStarts({ weekly: WEEK, exceptions: [] }, "UTC", {
    from: NOW + daysAhead * 24 * HOUR,
    to: NOW + (daysAhead + 1) * 24 * HOUR,
    durationMinutes: 60,
  })[0];
}

describe("deleteAccount", () => {
  it("removes the person, ends their future sessions with refunds, and keeps wallets and chats", async () => {
    const ana = await member("ana@example.com", "Ana Deleted", ["Spanish"], ["Guitar"]);
    const ben = await member("ben@example.com", "Ben Stays", ["Guitar"], ["Spanish"]);
    await uploadAvatar(store, files, ana, PNG, NOW);
    const picture = (await store.get(`users/${ana}`))!.data.profilePicture as string;
    await saveMember(store, ana, ben, NOW);
    const chatId = await openChat(store, ben, ana, NOW);
    await sendMessage(store, ben, chatId, "Hola Ana!", NOW);
    await sendMessage(store, ana, chatId, "Hi Ben", NOW + 1);
    // Ben asked Ana (mentor) for a session she never answered; Ana booked Ben, who accepted.
    const asked = await requestBooking(
      store,
      { learnerUid: ben, mentorUid: ana, skillTag: "spanish", start: slot(3), durationMinutes: 60 },
      NOW,
    );
    const booked = await requestBooking(
      store,
      { learnerUid: ana, mentorUid: ben, skillTag: "guitar", start: slot(4), durationMinutes: 60 },
      NOW,
    );
    await applyCommand(store, booked.id, { uid: ben }, { kind: "accept" }, NOW);
    const benBefore = await getBalance(store, ben);
    expect(
      await findMatches(store, { uid: ben, profile: await getUser(store, ben) }, { language: "en" }, NOW),
    ).toMatchObject({ cards: [{ member: { uid: ana } }] });

    await deleteAccount({ store, auth, files }, ana, NOW + 2);

    const profile = (await store.get(`users/${ana}`))!.data;
    expect(profile).toMatchObject({
      fullName: DELETED_MEMBER_NAME,
      bio: "",
      languages: [],
      skillsOffered: [],
      skillsWanted: [],
      teachTags: [],
      learnTags: [],
      deleted: true,
    });
    expect(await store.query({ collection: "skillIndex/spanish/teachers" })).toEqual([]);
    expect(await store.query({ collection: "skillIndex/guitar/learners" })).toEqual([]);
    for (const size of PICTURE_SIZES)
      expect(await files.get(pictureKey(ana, picture.split("/").pop()!, size))).toBeNull();
    expect(await store.query({ collection: `users/${ana}/saved` })).toEqual([]);
    expect(await store.get(`teaching/${ana}`)).toBeNull();
    expect(await getMember(store, ana)).toBeNull();
    expect(
      (await findMatches(store, { uid: ben, profile: await getUser(store, ben) }, { language: "en" }, NOW)).cards,
    ).toEqual([]);

    // Sessions: Ana declined as mentor and cancelled as learner; Ben's hold came back.
    expect((await store.get<BookingDoc>(`bookings/${asked.id}`))!.data.state).toBe("declined");
    expect((await store.get<BookingDoc>(`bookings/${booked.id}`))!.data.state).toBe("cancelled");
    expect(await getBalance(store, ben)).toBe(benBefore + asked.price);

    // Wallets and ledger entries stay, and every wallet still reconciles.
    expect((await store.query({ collection: `wallets/${ana}/transactions` })).length).toBeGreaterThan(0);
    expect(await reconcileAll(store)).toMatchObject({ failures: [] });

    // Ben still reads the conversation; the other side now reads as a deleted member.
    const thread = await loadThread(store, ben, chatId);
    expect(thread.messages.map((m) => m.text)).toEqual(["Hola Ana!", "Hi Ben"]);

    // The sign-in is gone: the old password fails, and the email signs up as a new account.
    await expect(
      auth.signIn({ kind: "password", email: "ana@example.com", password: PASSWORD, clientKey: "" }),
    ).rejects.toBeInstanceOf(AuthError);
    const again = await auth.signUp({ kind: "password", email: "ana@example.com", password: PASSWORD, clientKey: "" });
    expect(again.uid).not.toBe(ana);
  });

  it("signs out every session and is safe to repeat", async () => {
    const uid = await member("cleo@example.com", "Cleo", ["Yoga"], []);
    const credentials = { kind: "password" as const, email: "cleo@example.com", password: PASSWORD, clientKey: "" };
    const sessions = await Promise.all(
      [1, 2].map(async () => auth.startSession(await auth.signIn(credentials), credentials)),
    );
    await deleteAccount({ store, auth, files }, uid, NOW);
    for (const s of sessions) expect(await auth.getSessionUser(s.token)).toBeNull();
    await deleteAccount({ store, auth, files }, uid, NOW);
    expect(await store.query({ collection: "sessions" })).toEqual([]);
    expect(await store.get("auth_emails/cleo@example.com")).toBeNull();
    expect(await reconcileAll(store)).toMatchObject({ failures: [] });
  });
});
