/**
 * Disputed sessions as an admin sees them, and their resolution. The escrow moves through the
 * booking state machine with the same idempotent entries as ever (`release_`, `refund_`), so two
 * admins resolving at once settle it once; the audit entry and the note to both members are
 * written in the same transaction as the resolution.
 */
import type { DocStore } from "~/engine/store/types";
import { applyCommand } from "~/features/bookings/bookings.server";
import { BOOKINGS, bookingPath, readBooking } from "~/documents/bookings";
import type { Booking, Resolution } from "~/features/bookings/types";
import { pairChatId } from "~/features/chat/pair";
import { messagesOf, readMessage } from "~/documents/chats";
import { addNotification } from "~/features/notifications/notifications.server";
import { namesOf } from "~/features/members/members.server";
import { isOwnSkill, skillNamer } from "~/features/skills/skill-names.server";
import { recordAudit } from "./audit.server";
import type { ShownName } from "~/features/members/member";

export interface DisputeView {
  booking: Booking;
  /** The booking's skill named in the admin's language (decision 086); `skillOwn`: a member's own tag, as written. */
  skill: string;
  skillOwn: boolean;
  mentorName: ShownName;
  learnerName: ShownName;
  /** Who reported the problem, from the booking's history. */
  raisedBy: "mentor" | "learner" | null;
  raisedAt: number | null;
  /** The pair's latest messages; one a moderator hid is `hidden`, its text empty (the page words it). */
  messages: { sender: string; text: string; hidden: boolean; timestamp: number }[];
}

const CHAT_CONTEXT = 30;

/**
 * Open disputes, oldest first, each with the session's notes and the pair's latest messages.
 * `language`: the admin's, for a gone member's name and a built-in skill's.
 */
export async function listDisputes(store: DocStore, language: string): Promise<DisputeView[]> {
  const docs = await store.query({ collection: BOOKINGS, where: [["state", "==", "disputed"]] });
  const bookings = docs.map(readBooking);
  const raised = (b: Booking) => [...b.history].reverse().find((h) => h.state === "disputed");
  bookings.sort((a, b) => (raised(a)?.at ?? a.updatedAt) - (raised(b)?.at ?? b.updatedAt));
  const names = await namesOf(store, [...new Set(bookings.flatMap((b) => [b.mentorUid, b.learnerUid]))], language);
  const skills = skillNamer(language);
  return Promise.all(
    bookings.map(async (booking) => {
      const chatId = pairChatId(booking.mentorUid, booking.learnerUid);
      const messages = await store.query({
        collection: messagesOf(chatId),
        orderBy: [["timestamp", "desc"]],
        limit: CHAT_CONTEXT,
      });
      const event = raised(booking);
      const by = event?.by;
      return {
        booking,
        skill: skills.name(booking.skillTag, booking.skillLabel),
        skillOwn: isOwnSkill(booking.skillTag, booking.skillLabel),
        mentorName: names.get(booking.mentorUid)!,
        learnerName: names.get(booking.learnerUid)!,
        raisedBy: by === "mentor" || by === "learner" ? by : null,
        raisedAt: event?.at ?? null,
        messages: messages
          .map(readMessage)
          .map((m) => ({ sender: m.sender, text: m.hidden ? "" : m.text, hidden: m.hidden, timestamp: m.timestamp }))
          .reverse(),
      };
    }),
  );
}

/**
 * Resolves a dispute. `adminUid` is null for the command line (scripts/resolve-dispute.ts).
 * Resolving again with the same outcome is a no-op; another outcome is refused by the state machine.
 */
export async function resolveDispute(
  store: DocStore,
  adminUid: string | null,
  bookingId: string,
  to: Resolution,
  note: string,
  now = Date.now(),
) {
  return applyCommand(store, bookingId, { actor: "admin" }, { kind: "resolve", to }, now, (tx, booking) => {
    recordAudit(
      tx,
      {
        actorUid: adminUid ?? "command-line",
        action: "dispute.resolve",
        subjectUid: booking.learnerUid,
        target: bookingPath(booking.id),
        reason: note,
        before: { state: "disputed" },
        after: { state: booking.state, resolution: to, mentorUid: booking.mentorUid, learnerUid: booking.learnerUid },
      },
      now,
    );
    if (note) {
      for (const uid of booking.participants) {
        addNotification(
          tx,
          uid,
          {
            id: `resolution_note_${booking.id}`,
            type: "booking",
            kind: "dispute_note",
            params: { text: note },
            link: `/session/${booking.id}`,
          },
          now,
        );
      }
    }
  });
}
