/**
 * A reviewer hides a reported chat message, or shows it again. While hidden, the message keeps its
 * place in the conversation with no text: the text moves to `hidden_messages/{chatId}_{messageId}`,
 * which only the server reads, so neither member's listener (Firebase mode reads messages in the
 * browser) can still see it. The inbox preview follows when the message was the latest one.
 */
import type { Transaction } from "~/engine/store/types";
import { HIDDEN_MESSAGE_TEXT } from "./hidden";
import { preview } from "./pair";
import type { ChatDoc, MessageDoc } from "./types";

const MESSAGE_PATH = /^chats\/([^/]+)\/messages\/([^/]+)$/;

type HiddenMessageDoc = { chatId: string; messageId: string; text: string; hiddenAt: number };

function hiddenPath(chatId: string, messageId: string): string {
  return `hidden_messages/${chatId}_${messageId}`;
}

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
  const match = MESSAGE_PATH.exec(messagePath);
  if (!match) return null;
  const [, chatId, messageId] = match;
  const [message, stored, chat, latest] = await Promise.all([
    tx.get<MessageDoc>(messagePath),
    tx.get<HiddenMessageDoc>(hiddenPath(chatId, messageId)),
    tx.get<ChatDoc>(`chats/${chatId}`),
    tx.query<MessageDoc>({ collection: `chats/${chatId}/messages`, orderBy: [["timestamp", "desc"]], limit: 1 }),
  ]);
  if (!message) return null;
  const hiddenBefore = message.data.hidden === true;
  const isLatest = latest[0]?.id === messageId;

  return {
    hiddenBefore,
    apply(hidden, now) {
      if (hidden === hiddenBefore) return;
      if (hidden) {
        tx.set(hiddenPath(chatId, messageId), {
          chatId,
          messageId,
          text: message.data.text,
          hiddenAt: now,
        } satisfies HiddenMessageDoc);
        tx.update(messagePath, { hidden: true, text: "" });
        if (chat && isLatest) tx.update(chat.path, { lastMessage: HIDDEN_MESSAGE_TEXT });
      } else {
        const text = stored?.data.text ?? "";
        tx.update(messagePath, { hidden: false, text });
        if (stored) tx.delete(stored.path);
        if (chat && isLatest) tx.update(chat.path, { lastMessage: preview(text) });
      }
    },
  };
}

/** What a reviewer reads of a message: its text even while hidden. */
export async function moderatedText(tx: Pick<Transaction, "get">, messagePath: string): Promise<string | null> {
  const match = MESSAGE_PATH.exec(messagePath);
  if (!match) return null;
  const message = await tx.get<MessageDoc>(messagePath);
  if (!message) return null;
  if (message.data.hidden !== true) return message.data.text;
  return (await tx.get<HiddenMessageDoc>(hiddenPath(match[1], match[2])))?.data.text ?? "";
}
