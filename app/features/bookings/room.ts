/** What the session room shows of a booking, live. Browser-safe. */
import type { BookingPayload } from "~/engine/live/feeds";
import { pairChatId } from "~/features/chat/pair";
import { availableCommands, roleOf } from "./state";
import { BOOKING_STATES, type Booking, type BookingState, type Resolution, type Role } from "./types";

export interface RoomPayload extends Pick<
  BookingPayload,
  | "price"
  | "start"
  | "confirmations"
  | "meetingLink"
  | "notes"
  | "notesUpdatedAt"
  | "notesUpdatedBy"
  | "disputeReason"
  | "resolution"
> {
  state: BookingState;
  role: Role;
  actions: string[];
  history: Booking["history"];
}

/**
 * The room as `uid` sees it at `now`: the booking feed's payload with the viewer's role and the
 * commands open to them (the server's decide() stays the judge when one is sent).
 */
export function roomPayload(b: BookingPayload, uid: string, now: number): RoomPayload {
  const role = roleOf(b, uid) as Role;
  const state = (BOOKING_STATES as readonly string[]).includes(b.state) ? (b.state as BookingState) : "cancelled";
  const facts = { ...b, state, resolution: b.resolution as Resolution | null };
  return {
    state,
    role,
    price: b.price,
    start: b.start,
    confirmations: b.confirmations,
    meetingLink: b.meetingLink,
    notes: b.notes,
    notesUpdatedAt: b.notesUpdatedAt,
    notesUpdatedBy: b.notesUpdatedBy,
    disputeReason: b.disputeReason ?? null,
    resolution: b.resolution ?? null,
    actions: availableCommands(facts, role, now),
    history: b.history as Booking["history"],
  };
}

/**
 * The newer of the live feed's booking and the loader's: the loader reads again after each of the
 * member's own commands, so the room shows their change even while the live feed is down (a
 * Firestore listener that cannot connect keeps its last value, SPEC.md §8). On a tie the live copy wins.
 */
export function newerBooking(live: BookingPayload | null, loaded: BookingPayload): BookingPayload {
  return live && live.updatedAt >= loaded.updatedAt ? live : loaded;
}

/** The pair's conversation id, or null for uids the chat cannot pair. */
export function roomChatId(b: Pick<Booking, "mentorUid" | "learnerUid">): string | null {
  try {
    return pairChatId(b.mentorUid, b.learnerUid);
  } catch {
    return null;
  }
}
