/**
 * Hostile content for layout tests: a long unbroken word, a 300-character URL, right-to-left
 * text and many items, written straight into the store the way the app would have stored them.
 */
import { randomBytes } from "node:crypto";
import { openChat } from "~/features/chat/chat.server";
import { messageId, preview } from "~/features/chat/pair";
import type { NewBookingDoc } from "~/features/bookings/types";
import { saveAvailability, saveRates } from "~/features/bookings/teaching.server";
import { saveMember } from "~/features/members/saved.server";
import { setSkills } from "~/features/skills/skills.server";
import type { Skill } from "~/features/skills/tags";
import { postEntry } from "~/features/wallet/ledger.server";
import { createUser } from "./fixtures";
import { e2eStore } from "./store";
import { sweepAdmin, threadAndCheckouts, type PageWorld } from "./world";

export const LONG_WORD = "Supercalifragilisticexpialidocious".repeat(9);
export const LONG_URL = `https://example.com/${"a-very-long-path-segment/".repeat(12)}?q=${"x".repeat(40)}`;
export const RTL = "مرحبا بكم في سكيل سواب، نتعلم معًا كل يوم";
export const LONG_NAME = `Maximiliana${"Wolfeschlegelsteinhausen".repeat(3)} ${RTL}`;

const skills = (prefix: string): Skill[] =>
  Array.from({ length: 10 }, (_, i) => ({
    tag: `${prefix}${i}${LONG_WORD.slice(0, 20 + i)}`.toLowerCase(),
    label: `${prefix} ${i} ${LONG_WORD.slice(0, 40)}`,
    level: "expert" as const,
  }));

export type HostileWorld = PageWorld;

/** Two members with hostile profiles, a 50-message chat, 20 sessions today, 50 notifications and ledger lines. */
export async function hostileWorld(): Promise<HostileWorld> {
  const store = e2eStore();
  // Both teach and want the same skills, so each is the other's two-way match.
  const offered = skills("Skill");
  const wanted = skills("Want");
  const profile = { bio: `${LONG_WORD} ${LONG_URL} ${RTL}`, timezone: "UTC" };
  const me = await createUser({ fullName: LONG_NAME, profile });
  const other = await createUser({ fullName: `${LONG_NAME} Other`, profile });
  await setSkills(store, me.uid, offered, wanted);
  await setSkills(store, other.uid, wanted, offered);
  const now = Date.now();

  const chatId = await openChat(store, me.uid, other.uid, now - 3_600_000);
  const texts = [LONG_URL, LONG_WORD, RTL, `see ${LONG_URL} and ${LONG_WORD}`];
  for (let i = 0; i < 50; i++) {
    const at = now - 3_600_000 + i * 1000;
    await store.create(`chats/${chatId}/messages/${messageId(at, randomBytes(6).toString("hex"))}`, {
      sender: i % 2 ? me.uid : other.uid,
      text: texts[i % texts.length],
      seen: true,
      timestamp: at,
    });
  }
  await store.update(`chats/${chatId}`, {
    lastMessage: preview(LONG_URL),
    lastSender: other.uid,
    updatedAt: now,
    messageCount: 50,
  });

  // Twenty 30-minute sessions today and tomorrow, accepted and requested, with long labels.
  const dayStart = new Date(now);
  dayStart.setUTCHours(0, 0, 0, 0);
  let bookingId = "";
  for (let i = 0; i < 40; i++) {
    const start = dayStart.getTime() + (i < 20 ? 0 : 86_400_000) + 8 * 3_600_000 + (i % 20) * 1_800_000;
    const id = `hostile_${randomBytes(6).toString("hex")}`;
    bookingId ||= id;
    const doc: NewBookingDoc = {
      mentorUid: i % 2 ? me.uid : other.uid,
      learnerUid: i % 2 ? other.uid : me.uid,
      participants: [me.uid, other.uid],
      skillTag: offered[0].tag,
      skillLabel: offered[i % 10].label,
      start,
      end: start + 1_800_000,
      durationMinutes: 30,
      price: 20,
      state: i % 3 === 0 ? "requested" : "accepted",
      confirmations: {},
      history: [{ state: "requested", at: now, by: "learner" }],
      meetingLink: LONG_URL,
      notes: `${LONG_WORD} ${RTL}`,
      notesUpdatedAt: now,
      notesUpdatedBy: me.uid,
      lockIds: [],
      reminderSent: false,
      createdAt: now,
      updatedAt: now,
    };
    await store.create(`bookings/${id}`, doc);
  }

  for (let i = 0; i < 50; i++) {
    await store.set(`notifications/${me.uid}/messages/hostile_${i}`, {
      type: "system",
      title: `${LONG_WORD} ${i}`,
      body: i % 2 ? LONG_URL : RTL,
      link: "/dashboard",
      read: i % 2 === 0,
      timestamp: now - i * 1000,
    });
    await postEntry(store, me.uid, {
      id: `adjust_hostile_${me.uid}_${i}`,
      amount: 1,
      type: "adjustment",
      description: `${LONG_WORD} ${RTL}`,
    });
  }

  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
  for (const u of [me, other]) {
    await saveAvailability(store, u.uid, { timezone: "UTC", weekly, exceptions: [] });
    await saveRates(store, u.uid, Object.fromEntries([...offered, ...wanted].map((s) => [s.tag, 10_000])));
  }
  await saveMember(store, me.uid, other.uid);

  const extras = await threadAndCheckouts(store, me, other, {
    title: `${LONG_WORD} ${RTL}`,
    body: `${LONG_WORD}\n\n${LONG_URL}\n\n${RTL}`,
    reply: `${LONG_URL} ${LONG_WORD}`,
  });
  const admin = await sweepAdmin(`${LONG_NAME} Admin`, profile);
  return { me, other, admin, chatId, bookingId, ...extras };
}
