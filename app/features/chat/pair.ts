/** Chat rules that need no server: the pair id, message limits. Browser-safe. */
import { stripBidiControls } from "~/utils/bidi";

export const MAX_MESSAGE_LENGTH = 2_000;
/** The preview kept on the chat document. */
export const LAST_MESSAGE_PREVIEW = 140;

const UID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * One conversation per pair: the id is both uids, sorted, joined by "_". Whoever starts it,
 * and however often, it lands on the same document, so creating it is idempotent.
 */
export function pairChatId(a: string, b: string): string {
  if (!UID.test(a) || !UID.test(b) || a.includes("_") || b.includes("_"))
    throw new Error("pairChatId needs two plain uids");
  if (a === b) throw new Error("A conversation needs two different members");
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}

export function isChatId(value: string): boolean {
  const parts = value.split("_");
  return parts.length === 2 && parts.every((p) => /^[A-Za-z0-9-]{1,128}$/.test(p)) && parts[0] < parts[1];
}

/**
 * Whether `uid` is one of the pair a chat id names. The id is the two uids, so this holds before
 * the chat's first message as well as after (Firestore's rules make the same check).
 */
export function isPairMember(chatId: string, uid: string): boolean {
  return isChatId(chatId) && chatId.split("_").includes(uid);
}

export function otherParticipant(participants: readonly string[], uid: string): string | undefined {
  return participants.find((p) => p !== uid);
}

/** `length` is there when the text is too long (the error names it). */
export type MessageCheck = { ok: true; text: string } | { ok: false; error: string; length?: number };

/**
 * Text is stored as typed (trimmed at the ends, without bidirectional controls) and always
 * rendered as text, never as HTML.
 */
export function checkMessage(raw: unknown): MessageCheck {
  if (typeof raw !== "string") return { ok: false, error: "Write a message first." };
  const text = stripBidiControls(raw).replace(/\r\n/g, "\n").trim();
  if (!text) return { ok: false, error: "Write a message first." };
  if (text.length > MAX_MESSAGE_LENGTH) {
    return {
      ok: false,
      error: `Messages can be at most ${MAX_MESSAGE_LENGTH.toLocaleString("en")} characters; this one has ${text.length.toLocaleString("en")}.`,
      length: text.length,
    };
  }
  return { ok: true, text };
}

export function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, " ");
  return oneLine.length > LAST_MESSAGE_PREVIEW ? `${oneLine.slice(0, LAST_MESSAGE_PREVIEW - 1)}…` : oneLine;
}

/** Message ids sort by time, so equal timestamps still keep the order they were sent in. */
export function messageId(now: number, random: string): string {
  return `${now.toString(36).padStart(9, "0")}-${random}`;
}
