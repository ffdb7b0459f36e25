/**
 * New chat messages by mail, batched: at most one mail per conversation and recipient per hour,
 * and only to a member who is away (offline) and has not read them.
 *
 * The first message of a burst marks `mail_chat/{chatId}_{uid}` (app/documents/mail.ts) pending with a
 * due time a little later, in the message's transaction (decision 168); the leader's batch step
 * then decides, in one transaction per conversation, whether a mail job is queued. A member who is online, or who read
 * the messages, gets none; one mailed less than an hour ago waits until the hour is over, and the
 * messages that arrived meanwhile go into that next mail.
 */
import type { DocStore, Transaction } from "~/engine/store/types";
import { getChat } from "~/documents/chats";
import { CHAT_MAIL, chatMailPath, readChatMail, type ChatMailDoc } from "~/documents/mail";
import { getParsed } from "~/documents/fields";
import { queueMail } from "./queue.server";

/** Quiet time after a message before its mail: a burst of lines goes out as one mail. */
export const CHAT_MAIL_DELAY_MS = 60_000;
/** At most one mail per conversation and recipient within this time. */
export const CHAT_MAIL_EVERY_MS = 60 * 60_000;
const BATCH = 100;

/**
 * The chat's hook, read before the message's writes: the conversation's mark is written only when
 * it is not already pending. While it is, a message changes no mail: the batch step takes the
 * burst's newest message from the conversation itself (`updatedAt`, which the message writes
 * anyway) and waits its quiet minute from there (decision 168). So the first message of a burst
 * writes the mark and the others write nothing here.
 */
export async function prepareUnreadMark(
  tx: Transaction,
  chatId: string,
  recipientUid: string,
): Promise<(now: number) => void> {
  const path = chatMailPath(chatId, recipientUid);
  const mark = await getParsed(tx, path, readChatMail);
  if (mark?.pending) return () => {};
  return (now) =>
    tx.set(path, {
      uid: recipientUid,
      chatId,
      pending: true,
      lastMessageAt: now,
      dueAt: now + CHAT_MAIL_DELAY_MS,
      ...(mark?.lastMailedAt != null && { lastMailedAt: mark.lastMailedAt }),
    } satisfies Omit<ChatMailDoc, "lastMailedAt"> & { lastMailedAt?: number });
}

export type BatchOutcome = "queued" | "read" | "online" | "waiting" | "none";

/** Decides one conversation's batch for one recipient; the mail job and the mark commit together. */
async function decide(store: DocStore, path: string, online: boolean, now: number): Promise<BatchOutcome> {
  return store.transaction(async (tx) => {
    const doc = await getParsed(tx, path, readChatMail);
    if (!doc || !doc.pending || doc.dueAt > now) return "none";
    const { uid, chatId, lastMailedAt } = doc;
    const chat = await getChat(tx, chatId);
    if (!chat || (chat.unread[uid] ?? 0) === 0) {
      tx.update(path, { pending: false });
      return "read";
    }
    // Messages after the one that marked it pending did not write the mark: the conversation says
    // when the newest came (a reply of theirs says nothing of the messages before it).
    const lastMessageAt = chat.lastSender !== uid ? Math.max(doc.lastMessageAt, chat.updatedAt) : doc.lastMessageAt;
    if (now < lastMessageAt + CHAT_MAIL_DELAY_MS) {
      tx.update(path, { lastMessageAt, dueAt: lastMessageAt + CHAT_MAIL_DELAY_MS });
      return "waiting";
    }
    // They were here when it was due: the app showed the message; no mail now or later for it.
    if (online) {
      tx.update(path, { pending: false });
      return "online";
    }
    if (lastMailedAt !== null && now < lastMailedAt + CHAT_MAIL_EVERY_MS) {
      tx.update(path, { lastMessageAt, dueAt: lastMailedAt + CHAT_MAIL_EVERY_MS });
      return "waiting";
    }
    tx.update(path, { pending: false, lastMailedAt: now });
    // The batch is named by its newest message: a rerun of this decision is the same job.
    queueMail(tx, `chat_${chatId}_${uid}_${lastMessageAt}`, { uid, kind: "new_messages", ref: chatId }, now);
    return "queued";
  });
}

/**
 * Run by the leader: queues the mail of every conversation whose batch is due. `isOnline` asks the
 * engine's presence (`status/{uid}` in the store on both engines, a lapsed lease offline; decision 034).
 */
export async function batchChatMail(
  store: DocStore,
  isOnline: (uid: string) => Promise<boolean>,
  now: number,
): Promise<Record<BatchOutcome, number>> {
  const counts: Record<BatchOutcome, number> = { queued: 0, read: 0, online: 0, waiting: 0, none: 0 };
  const due = await store.query({
    collection: CHAT_MAIL,
    where: [
      ["pending", "==", true],
      ["dueAt", "<=", now],
    ],
    limit: BATCH,
  });
  for (const doc of due) counts[await decide(store, doc.path, await isOnline(readChatMail(doc.data).uid), now)]++;
  return counts;
}
