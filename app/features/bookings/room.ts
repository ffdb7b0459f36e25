/** What the session room shows of a booking, live. Browser-safe. */
import { pairChatId } from "~/features/chat/pair";
import { availableCommands, roleOf } from "./state";
import type { Booking, Role } from "./types";

export interface RoomPayload {
  state: Booking["state"];
  role: Role;
  confirmations: Booking["confirmations"];
  meetingLink: string;
  notes: string;
  notesUpdatedAt: number;
  notesUpdatedBy: string;
  disputeReason: string | null;
  resolution: string | null;
  actions: string[];
  history: Booking["history"];
}

export function roomPayload(b: Booking, uid: string, now: number): RoomPayload {
  const role = roleOf(b, uid) as Role;
  return {
    state: b.state,
    role,
    confirmations: b.confirmations,
    meetingLink: b.meetingLink,
    notes: b.notes,
    notesUpdatedAt: b.notesUpdatedAt,
    notesUpdatedBy: b.notesUpdatedBy,
    disputeReason: b.disputeReason ?? null,
    resolution: b.resolution ?? null,
    actions: availableCommands(b, role, now),
    history: b.history,
  };
}

/** The pair's conversation id, or null for uids the chat cannot pair. */
export function roomChatId(b: Pick<Booking, "mentorUid" | "learnerUid">): string | null {
  try {
    return pairChatId(b.mentorUid, b.learnerUid);
  } catch {
    return null;
  }
}

export interface RoomMessage {
  id: string;
  sender: string;
  text: string;
  timestamp: number;
  seen: boolean;
}

export function messagePayload(id: string, data: { sender?: unknown; text?: unknown; timestamp?: unknown; seen?: unknown }): RoomMessage {
  return {
    id,
    sender: typeof data.sender === "string" ? data.sender : "",
    text: typeof data.text === "string" ? data.text : "",
    timestamp: typeof data.timestamp === "number" ? data.timestamp : 0,
    seen: data.seen === true,
  };
}
