/**
 * What each booking transition tells the participants. Pure; ids are deterministic
 * (`booking_{id}_{event}`), so a notification is written once with the change it reports.
 */
import type { NotificationInput } from "~/features/notifications/types";
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

/** What the mentor is told about SP released by a change: now, or once the learner verifies (decision 024). */
function released(b: Facts, amount: number): string {
  return b.payoutWaits
    ? `${sp(amount)} will be released to your wallet once the learner has verified their email`
    : `${sp(amount)} were released to your wallet`;
}

function link(b: Facts): string {
  return `/session/${b.id}`;
}

function notice(b: Facts, uid: string, event: string, title: string, body: string): Notice {
  return { uid, input: { id: `booking_${b.id}_${event}`, type: "booking", title, body, link: link(b) } };
}

function sp(n: number): string {
  return `${n} SP`;
}

export function requestNotices(b: Facts): Notice[] {
  return [
    notice(
      b,
      b.mentorUid,
      "requested",
      "New session request",
      `${b.skillLabel}, ${b.durationMinutes} minutes${b.price > 0 ? ` for ${sp(b.price)}` : ""}. Accept or decline it on your calendar.`,
    ),
  ];
}

export function transitionNotices(
  b: Facts,
  from: BookingState,
  to: BookingState,
  actor: Actor,
  confirmedBy?: Role,
): Notice[] {
  const what = `${b.skillLabel} (${b.durationMinutes} min)`;
  const other = (role: Actor) => (role === "mentor" ? b.learnerUid : b.mentorUid);
  switch (to) {
    case "accepted":
      if (from === "accepted" && confirmedBy) {
        return [
          notice(
            b,
            other(confirmedBy),
            `confirmed_${confirmedBy}`,
            "Session confirmed",
            `The other participant confirmed ${what} took place. Confirm it too to complete it.`,
          ),
        ];
      }
      return [notice(b, b.learnerUid, "accepted", "Session accepted", `Your request for ${what} was accepted.`)];
    case "declined":
      return [
        notice(
          b,
          b.learnerUid,
          "declined",
          "Request declined",
          `Your request for ${what} was declined; the SP held for it are back in your wallet.`,
        ),
      ];
    case "cancelled":
      if (actor === "system") {
        return [
          notice(
            b,
            b.learnerUid,
            "cancelled",
            "Request expired",
            `Your request for ${what} was not accepted before it was due to start; the SP are back in your wallet.`,
          ),
          notice(
            b,
            b.mentorUid,
            "cancelled",
            "Request expired",
            `A request for ${what} expired before you answered it.`,
          ),
        ];
      }
      return [
        notice(b, other(actor), "cancelled", "Session cancelled", `${what} was cancelled by the other participant.`),
      ];
    case "completed":
      return [
        notice(
          b,
          b.mentorUid,
          "completed",
          "Session completed",
          `${what} is complete${b.price > 0 ? `; ${released(b, b.price)}` : ""}. Leave a review.`,
        ),
        notice(b, b.learnerUid, "completed", "Session completed", `${what} is complete. Leave a review.`),
      ];
    case "disputed":
      return [
        notice(
          b,
          other(actor),
          "disputed",
          "Problem reported",
          `The other participant reported a problem with ${what}. The SP stay held until it is resolved.`,
        ),
      ];
    case "resolved":
      return [
        notice(b, b.mentorUid, "resolved", "Dispute resolved", `The dispute about ${what} was resolved.`),
        notice(b, b.learnerUid, "resolved", "Dispute resolved", `The dispute about ${what} was resolved.`),
      ];
    default:
      return [];
  }
}

/** The mentor's payment that waited for the learner's verification is in their wallet now. */
export function payoutReleasedNotice(b: Facts, amount: number): Notice {
  return notice(
    b,
    b.mentorUid,
    "payout_released",
    "Payment released",
    `The learner verified their email: ${sp(amount)} for ${b.skillLabel} (${b.durationMinutes} min) are in your wallet.`,
  );
}

export function reminderNotices(b: Facts): Notice[] {
  const body = `${b.skillLabel} starts within the hour. Open the session room for the meeting link.`;
  return [b.mentorUid, b.learnerUid].map((uid) => ({
    uid,
    input: { id: `reminder_${b.id}`, type: "reminder" as const, title: "Session starts soon", body, link: link(b) },
  }));
}
