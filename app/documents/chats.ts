/**
 * `chats/{chatId}`: a conversation between two members (its id is the pair's, features/chat/pair.ts),
 * with its messages at `chats/{chatId}/messages/{messageId}`. Only the server writes them, so the
 * previews and unread counts stay true; members read them (Firebase mode reads them in the browser,
 * through the same feeds). `hidden_messages/{chatId}_{messageId}` keeps the text of a message a
 * moderator hid, readable by the server only. Browser-safe. Decision: docs/decisions/023-documents-typed-once.md.
 */
import { z } from "zod/v4";
import {
  count,
  flag,
  getParsed,
  isRecord,
  numberMap,
  strings,
  text,
  type DocReader,
  type StoredDoc,
  withId,
} from "./fields";

export const CHATS = "chats";
export const chatPath = (chatId: string) => `${CHATS}/${chatId}`;
export const messagesOf = (chatId: string) => `${chatPath(chatId)}/messages`;
export const messagePath = (chatId: string, messageId: string) => `${messagesOf(chatId)}/${messageId}`;

const MESSAGE_PATH = /^chats\/([^/]+)\/messages\/([^/]+)$/;
/** The chat and message a message path names (a report's target); null for any other path. */
export function parseMessagePath(path: string): { chatId: string; messageId: string } | null {
  const match = MESSAGE_PATH.exec(path);
  return match ? { chatId: match[1], messageId: match[2] } : null;
}

export const HIDDEN_MESSAGES = "hidden_messages";
export const hiddenMessagePath = (chatId: string, messageId: string) => `${HIDDEN_MESSAGES}/${chatId}_${messageId}`;

export const chatSchema = z.object({
  /** Both members' uids, sorted. */
  participants: strings,
  createdBy: text(),
  createdAt: count(),
  updatedAt: count(),
  /** A one-line preview of the latest message; "" before the first. */
  lastMessage: text(),
  lastSender: text(),
  messageCount: count(),
  /** Unseen messages per participant, kept by the server with each send and each "seen". */
  unread: numberMap,
});
export type ChatDoc = z.output<typeof chatSchema>;
export const readChat = (data: Record<string, unknown>): ChatDoc => chatSchema.parse(data);
export const getChat = (reader: DocReader, chatId: string) => getParsed(reader, chatPath(chatId), readChat);

/**
 * A board post quoted at the start of a reply ("Message" on /board/$postId, decision 041): its id,
 * kind and title as they were when quoted; null on every other message.
 */
export interface MessageQuote {
  postId: string;
  postType: "offer" | "need";
  title: string;
}
const quoteSchema = z
  .unknown()
  .transform((v): MessageQuote | null =>
    isRecord(v) && typeof v.postId === "string" && v.postId && typeof v.title === "string"
      ? { postId: v.postId, postType: v.postType === "need" ? "need" : "offer", title: v.title }
      : null,
  );

export const messageSchema = z.object({
  sender: text(),
  /** "" while a moderator has hidden the message (its text is in hidden_messages). */
  text: text(),
  seen: flag,
  timestamp: count(),
  hidden: flag,
  quote: quoteSchema,
});
export type MessageDoc = z.output<typeof messageSchema>;
export interface Message extends MessageDoc {
  id: string;
}
export const readMessage: (doc: StoredDoc) => Message = withId(messageSchema);

export const hiddenMessageSchema = z.object({
  chatId: text(),
  messageId: text(),
  text: text(),
  hiddenAt: count(),
});
export type HiddenMessageDoc = z.output<typeof hiddenMessageSchema>;
export const readHiddenMessage = (data: Record<string, unknown>): HiddenMessageDoc => hiddenMessageSchema.parse(data);
