/**
 * A reviewer hides a reported chat message, or shows it again. While hidden, the message keeps its
 * place in the conversation with no text: the text moves to `hidden_messages/{chatId}_{messageId}`,
 * which only the server reads, so neither member's listener (Firebase mode reads messages in the
 * browser) can still see it. The inbox preview follows when the message was the latest one.
 */
import type { Transaction } from "~/engine/store/types";
import { HIDDEN_MESSAGE_TEXT } from "./hidden";
import { preview } from "./pair";
import {
  chatPath,
  hiddenMessagePath,
  messagesOf,
  parseMessagePath,
  readHiddenMessage,
  readMessage,
  type HiddenMessageDoc,
} from "~/documents/chats";

export interface MessageVisibility {
  hiddenBefore: boolean;
  /** Writes only: call after every other read of the transaction. */
  apply(hidden: boolean, now: number): void;
}

/** The reads for changing one message's visibility; null when the message no longer exists. */
export async function prepareMessageVisibility(
  tx: Transaction,
  messagePath: string,
): Promise<MessageVisibility | null> {
  const named = parseMessagePath(messagePath);
  if (!named) return null;
  const { chatId, messageId } = named;
  const [messageDoc, stored, chat, latest] = await Promise.all([
    tx.get(messagePath),
    tx.get(hiddenMessagePath(chatId, messageId)),
    tx.get(chatPath(chatId)),
    tx.query({ collection: messagesOf(chatId), orderBy: [["timestamp", "desc"]], limit: 1 }),
  ]);
  if (!messageDoc) return null;
  const message = readMessage(messageDoc);
  const hiddenBefore = message.hidden;
  const isLatest = latest[0]?.id === messageId;

  return {
    hiddenBefore,
    apply(hidden, now) {
      if (hidden === hiddenBefore) return;
      if (hidden) {
        tx.set(hiddenMessagePath(chatId, messageId), {
          chatId,
          messageId,
          text: message.text,
          hiddenAt: now,
        } satisfies HiddenMessageDoc);
        tx.update(messagePath, { hidden: true, text: "" });
        if (chat && isLatest) tx.update(chat.path, { lastMessage: HIDDEN_MESSAGE_TEXT });
      } else {
        const text = stored ? readHiddenMessage(stored.data).text : "";
        tx.update(messagePath, { hidden: false, text });
        if (stored) tx.delete(stored.path);
        if (chat && isLatest) tx.update(chat.path, { lastMessage: preview(text) });
      }
    },
  };
}

/** What a reviewer reads of a message: its text even while hidden. */
export async function moderatedText(tx: Pick<Transaction, "get">, messagePath: string): Promise<string | null> {
  const named = parseMessagePath(messagePath);
  if (!named) return null;
  const doc = await tx.get(messagePath);
  if (!doc) return null;
  const message = readMessage(doc);
  if (!message.hidden) return message.text;
  const stored = await tx.get(hiddenMessagePath(named.chatId, named.messageId));
  return stored ? readHiddenMessage(stored.data).text : "";
}
