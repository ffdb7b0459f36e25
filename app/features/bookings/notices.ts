/**
 * What each booking transition tells the participants. Pure; ids are deterministic
 * (`booking_{id}_{event}`), so a notification is written once with the change it reports.
 */
import type { NotificationInput } from "~/features/notifications/types";
import type { NoticeKind } from "~/features/notifications/text";
import type { Actor, BookingDoc, BookingState, Role } from "./types";

interface Notice {
  uid: string;
  input: NotificationInput;
}

type Facts = Pick<
  BookingDoc,
  "mentorUid" | "learnerUid" | "skillLabel" | "durationMinutes" | "price" | "payoutWaits"
> & {
  id: string;
};

function link(b: Facts): string {
  return `/session/${b.id}`;
}

/** The parameters every booking notice's message may name (features/notifications/text.ts). */
function params(b: Facts) {
  return {
    skill: b.skillLabel,
    minutes: b.durationMinutes,
    sp: b.price,
    paid: b.price > 0 ? "yes" : "no",
    waits: b.payoutWaits ? "yes" : "no",
  };
}

function notice(b: Facts, uid: string, event: string, kind: NoticeKind, sp = b.price): Notice {
  return {
    uid,
    input: { id: `booking_${b.id}_${event}`, type: "booking", kind, params: { ...params(b), sp }, link: link(b) },
  };
}

export function requestNotices(b: Facts): Notice[] {
  return [notice(b, b.mentorUid, "requested", "booking_requested")];
}

export function transitionNotices(
  b: Facts,
  from: BookingState,
  to: BookingState,
  actor: Actor,
  confirmedBy?: Role,
): Notice[] {
  const other = (role: Actor) => (role === "mentor" ? b.learnerUid : b.mentorUid);
  switch (to) {
    case "accepted":
      if (from === "accepted" && confirmedBy) {
        return [notice(b, other(confirmedBy), `confirmed_${confirmedBy}`, "booking_confirmed")];
      }
      return [notice(b, b.learnerUid, "accepted", "booking_accepted")];
    case "declined":
      return [notice(b, b.learnerUid, "declined", "booking_declined")];
    case "cancelled":
      if (actor === "system") {
        return [
          notice(b, b.learnerUid, "cancelled", "booking_expired_learner"),
          notice(b, b.mentorUid, "cancelled", "booking_expired_mentor"),
        ];
      }
      return [notice(b, other(actor), "cancelled", "booking_cancelled")];
    case "completed":
      return [
        notice(b, b.mentorUid, "completed", "booking_completed_mentor"),
        notice(b, b.learnerUid, "completed", "booking_completed_learner"),
      ];
    case "disputed":
      return [notice(b, other(actor), "disputed", "booking_disputed")];
    case "resolved":
      return [
        notice(b, b.mentorUid, "resolved", "booking_resolved"),
        notice(b, b.learnerUid, "resolved", "booking_resolved"),
      ];
    default:
      return [];
  }
}

/** The mentor's payment that waited for the learner's verification is in their wallet now. */
export function payoutReleasedNotice(b: Facts, amount: number): Notice {
  return notice(b, b.mentorUid, "payout_released", "booking_payout_released", amount);
}

export function reminderNotices(b: Facts): Notice[] {
  return [b.mentorUid, b.learnerUid].map((uid) => ({
    uid,
    input: {
      id: `reminder_${b.id}`,
      type: "reminder" as const,
      kind: "booking_reminder",
      params: params(b),
      link: link(b),
    },
  }));
}
