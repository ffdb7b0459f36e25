import { randomUUID } from "node:crypto";
import type { NewBookingDoc } from "~/features/bookings/types";
import type { TestUser } from "./fixtures";
import { e2eStore } from "./store";

const MINUTE = 60_000;

/**
 * Stores an accepted hour-long session between the two members, as the booking service leaves
 * one, without going through the booking forms (nothing is escrowed: the tests that use it are
 * about what a session shows, not about paying for it). Returns its id.
 */
export async function storeAcceptedSession(
  mentor: TestUser,
  learner: TestUser,
  {
    startsInMinutes,
    skillTag = "spanish",
    skillLabel = "Spanish",
    price = 0,
  }: { startsInMinutes: number; skillTag?: string; skillLabel?: string; price?: number },
): Promise<string> {
  const id = `session-${randomUUID()}`;
  const now = Date.now();
  const start = now + startsInMinutes * MINUTE;
  const booking: NewBookingDoc = {
    mentorUid: mentor.uid,
    learnerUid: learner.uid,
    participants: [mentor.uid, learner.uid],
    skillTag,
    skillLabel,
    start,
    end: start + 60 * MINUTE,
    durationMinutes: 60,
    price,
    state: "accepted",
    confirmations: {},
    history: [
      { state: "requested", at: now, by: "learner" },
      { state: "accepted", at: now, by: "mentor" },
    ],
    meetingLink: "",
    notes: "",
    notesUpdatedAt: 0,
    notesUpdatedBy: "",
    lockIds: [],
    reminderSent: false,
    createdAt: now,
    updatedAt: now,
  };
  await e2eStore().create(`bookings/${id}`, booking);
  return id;
}
