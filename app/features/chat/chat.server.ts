/**
 * Conversations between two members at chats/{pairId} with messages at chats/{id}/messages.
 * Only participants read or post; everyone else gets a 404 (the chat's existence is not theirs
 * to know). Only the server writes, so `unread` counts and previews stay true.
 */
import { getUser, hasLeft, userPath } from "~/documents/users";
import { randomBytes } from "node:crypto";
import { createRateLimiter, waitText } from "~/utils/rate-limit.server";
import type { DocStore } from "~/engine/store/types";
import { cachedRead, keptUntilWritten } from "~/engine/index.server";
import type { DocReader } from "~/documents/fields";
import { getBoardPost, isBoardId, type BoardPost } from "~/documents/board";
import { prepareAnswer } from "~/features/board/answers.server";
import { prepareNotifications } from "~/features/notifications/notifications.server";
import { prepareUnreadMark } from "~/features/mail/chat-batch.server";
import { queueChatPush } from "~/features/push/queue.server";
import { hasPushDevice } from "~/features/push/subscriptions.server";
import { messagesPayload, THREAD_MESSAGES, type ChatMessagePayload } from "~/engine/live/feeds";
import { checkMessage, isChatId, MAX_MESSAGE_LENGTH, messageId, pairChatId, preview } from "./pair";
import type { ChatErrorKey } from "./errors";
import {
  chatPath,
  getChat,
  messagePath,
  messagesOf,
  readMessage,
  type ChatDoc,
  type MessageDoc,
  type MessageQuote,
} from "~/documents/chats";

export class ChatError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    /** The message's key in the "chat" namespace (chatErrorText), and its figures. */
    readonly key: ChatErrorKey,
    readonly params: { waitMs?: number; length?: number; max?: number } = {},
  ) {
    super(message);
    this.name = "ChatError";
  }
}

// A person types a few lines in a burst at most; a script posting faster is slowed down.
export const SEND_WINDOW_MS = 10_000;
export const SEND_MAX_PER_WINDOW = 8;
const sendLimiter = createRateLimiter({
  name: "chat_send",
  windowMs: SEND_WINDOW_MS,
  max: SEND_MAX_PER_WINDOW,
  maxKeys: 50_000,
});

const NOT_FOUND = "This conversation does not exist or is not yours.";

/** Opens the pair's conversation, creating it once even when both members start it at once. */
export async function openChat(store: DocStore, uid: string, other: string, now = Date.now()): Promise<string> {
  if (uid === other) throw new ChatError(400, "You cannot message yourself.", "self");
  const target = await getUser(store, other);
  if (!target || target.deleted) throw new ChatError(404, "This member does not exist.", "noMember");
  const chatId = pairChatId(uid, other);
  await store.transaction(async (tx) => {
    if (await tx.get(chatPath(chatId))) return;
    const participants = [uid, other].sort();
    tx.create(chatPath(chatId), {
      participants,
      createdBy: uid,
      createdAt: now,
      updatedAt: now,
      lastMessage: "",
      lastSender: "",
      messageCount: 0,
      unread: { [uid]: 0, [other]: 0 },
    } satisfies ChatDoc);
  });
  return chatId;
}

/** The chat when `uid` takes part in it; otherwise a ChatError 404. */
export async function requireChat(
  store: DocStore,
  uid: string,
  chatId: string,
  read: (store: DocStore, chatId: string) => Promise<ChatDoc | null> = getChat,
): Promise<ChatDoc> {
  if (!isChatId(chatId)) throw new ChatError(404, NOT_FOUND, "notFound");
  const chat = await read(store, chatId);
  if (!chat || !chat.participants.includes(uid)) throw new ChatError(404, NOT_FOUND, "notFound");
  return chat;
}

export async function sendMessage(
  store: DocStore,
  uid: string,
  chatId: string,
  rawText: unknown,
  now = Date.now(),
  /** A board post to quote at the start of the message ("Message" on the post's page). */
  quotePostId: string | null = null,
): Promise<{ id: string }> {
  const checked = checkMessage(rawText);
  if (!checked.ok)
    throw new ChatError(400, checked.error, checked.length === undefined ? "empty" : "tooLong", {
      length: checked.length,
      max: MAX_MESSAGE_LENGTH,
    });
  // The place is taken before the send and given back if it fails: one transaction in the limits
  // file per message instead of a query before and a transaction after (decision 161).
  const decision = sendLimiter.take(uid, now);
  if (!decision.allowed)
    throw new ChatError(
      429,
      `You are sending messages too fast. Wait ${waitText(decision.retryAfterMs)} and try again.`,
      "tooFast",
      { waitMs: decision.retryAfterMs },
    );
  try {
    return await commitMessage(store, uid, chatId, checked.text, now, quotePostId);
  } catch (error) {
    sendLimiter.release(uid, now);
    throw error;
  }
}

async function commitMessage(
  store: DocStore,
  uid: string,
  chatId: string,
  text: string,
  now: number,
  quotePostId: string | null,
): Promise<{ id: string }> {
  if (!isChatId(chatId)) throw new ChatError(404, NOT_FOUND, "notFound");
  const id = messageId(now, randomBytes(6).toString("hex"));
  await store.transaction(async (tx) => {
    const chat = await getChat(tx, chatId);
    if (!chat || !chat.participants.includes(uid)) throw new ChatError(404, NOT_FOUND, "notFound");
    const other = chat.participants.find((p) => p !== uid)!;
    // Most members have no device for push: a job for them was only ever deleted unsent by the
    // worker that claimed it, a write and a commit per message for nothing (decision 155). The
    // answer is kept until a device is written (decision 174). Read together: on Firestore each
    // read is a round trip.
    const [recipient, pushable, markUnread] = await Promise.all([
      tx.get(userPath(other)),
      hasPushDevice(store, other),
      prepareUnreadMark(tx, chatId, other),
    ]);
    // Only whether the recipient is still a member is asked, so the profile is not run through its
    // whole schema (every field, each text cleaned of bidi controls; 7-16 µs a message, decision 179).
    if (!recipient || hasLeft(recipient.data))
      throw new ChatError(409, "This member has left SkillSwap and cannot receive messages.", "left");
    const quoted = quotePostId ? await quotedPost(tx, quotePostId) : null;
    const quote = quoted ? quoteOf(quoted) : null;
    // A reply to the poster about their post is an answer they see on /board/mine (decision 070).
    const answer =
      quoted && quoted.authorUid === other
        ? await prepareAnswer(
            tx,
            { postId: quoted.id, posterUid: other, answererUid: uid, kind: "message", chatId },
            now,
          )
        : null;
    const firstMessage = chat.messageCount === 0;
    const sender = firstMessage ? await getUser(tx, uid) : null;
    const notify = firstMessage ? await prepareNotifications(tx, [other]) : null;
    tx.create(messagePath(chatId, id), {
      sender: uid,
      text,
      seen: false,
      timestamp: now,
      ...(quote && { quote }),
    } satisfies Partial<MessageDoc>);
    answer?.();
    tx.update(chatPath(chatId), {
      lastMessage: preview(text),
      lastSender: uid,
      updatedAt: now,
      messageCount: chat.messageCount + 1,
      unread: { ...chat.unread, [uid]: chat.unread[uid] ?? 0, [other]: (chat.unread[other] ?? 0) + 1 },
    } satisfies Partial<ChatDoc>);
    // A mail later if they stay away and leave it unread (batched per conversation and hour).
    markUnread(now);
    // And a push to their devices unless an open tab shows it (one per conversation, updated).
    if (pushable) queueChatPush(tx, chatId, other, now);
    if (firstMessage) {
      notify?.add(
        other,
        {
          id: `chat_${chatId}`,
          type: "message",
          kind: "chat_first_message",
          // A blank name reads as "A member" in the reader's language; the preview as written.
          params: { name: sender?.fullName.trim() ?? "", text: preview(text) },
          link: `/inbox/${chatId}`,
        },
        now,
      );
    }
  });
  return { id };
}

/** A post on the board as a reply quotes it; a removed or hidden one cannot be quoted. */
export async function quotablePost(reader: DocReader, postId: string): Promise<MessageQuote> {
  return quoteOf(await quotedPost(reader, postId));
}

async function quotedPost(reader: DocReader, postId: string): Promise<BoardPost> {
  const post = isBoardId(postId) ? await getBoardPost(reader, postId) : null;
  if (!post || post.status === "hidden")
    throw new ChatError(404, "This post does not exist or was removed.", "postGone");
  return post;
}

const quoteOf = (post: BoardPost): MessageQuote => ({ postId: post.id, postType: post.type, title: post.title });

// Firestore caps a transaction at 500 writes.
const SEEN_BATCH = 400;

/** Marks the other member's messages seen because `uid` has the thread open; answers how many. */
export async function markSeen(store: DocStore, uid: string, chatId: string): Promise<number> {
  if (!isChatId(chatId)) throw new ChatError(404, NOT_FOUND, "notFound");
  return store.transaction(async (tx) => {
    const chat = await getChat(tx, chatId);
    if (!chat || !chat.participants.includes(uid)) throw new ChatError(404, NOT_FOUND, "notFound");
    const unseen = await tx.query({
      collection: messagesOf(chatId),
      where: [["seen", "==", false]],
      limit: SEEN_BATCH,
    });
    const theirs = unseen.filter((m) => m.data.sender !== uid);
    for (const m of theirs) tx.update(m.path, { seen: true });
    if (theirs.length > 0 || (chat.unread[uid] ?? 0) !== 0)
      tx.update(chatPath(chatId), { unread: { ...chat.unread, [uid]: 0 } });
    return theirs.length;
  });
}

export interface ThreadPage {
  /** Oldest first, as the thread shows them. */
  messages: ChatMessagePayload[];
  /** Pass as `before` for the page of older messages; null when there are none. */
  earlierBefore: number | null;
}

/**
 * One page of a thread, newest `THREAD_MESSAGES` first: the latest without `before`, otherwise
 * those sent before that time. The cursor is a timestamp, so messages sharing the oldest time
 * of a page all go on that page; the next one (timestamp < cursor) then skips none of them.
 */
async function threadPage(store: DocStore, chatId: string, before: number | undefined): Promise<ThreadPage> {
  const collection = messagesOf(chatId);
  const where = before === undefined ? [] : ([["timestamp", "<", before]] as const);
  const docs = (
    await store.query({ collection, where, orderBy: [["timestamp", "desc"]], limit: THREAD_MESSAGES + 1 })
  ).map(readMessage);
  if (docs.length <= THREAD_MESSAGES) return { messages: messagesPayload(docs), earlierBefore: null };

  const page = docs.slice(0, THREAD_MESSAGES);
  const boundary = page[THREAD_MESSAGES - 1].timestamp;
  if (docs[THREAD_MESSAGES].timestamp !== boundary) return { messages: messagesPayload(page), earlierBefore: boundary };
  const sameTime = (
    await store.query({ collection, where: [["timestamp", "==", boundary]], orderBy: [["timestamp", "desc"]] })
  ).map(readMessage);
  const onPage = new Set(page.map((m) => m.id));
  const complete = [...page, ...sameTime.filter((m) => !onPage.has(m.id))];
  const older = await store.query({ collection, where: [["timestamp", "<", boundary]], limit: 1 });
  return { messages: messagesPayload(complete), earlierBefore: older.length > 0 ? boundary : null };
}

/**
 * The latest page, which every view of a conversation opens on: kept per conversation until the
 * change log says one of its messages was written (sent, seen, hidden; decision 037), so never
 * older than the store. Earlier pages are read each time (rarer, and their cursors vary).
 */
function latestPage(store: DocStore, chatId: string): Promise<ThreadPage> {
  const messages = `${messagesOf(chatId)}/`;
  return cachedRead(
    store,
    `thread:${chatId}`,
    (path) => path.startsWith(messages),
    () => threadPage(store, chatId, undefined),
  );
}

/**
 * The chat document kept in the read cache (decision 037) until it is written: a conversation's
 * page reads it on every view, and each message sent or seen writes it (issue 28, decision 164).
 */
function keptChat(store: DocStore, chatId: string): Promise<ChatDoc | null> {
  return keptUntilWritten(store, `chat:${chatId}`, chatPath(chatId), () => getChat(store, chatId));
}

/** A page of the conversation for one of its participants; other members get a ChatError 404. */
export async function loadThread(store: DocStore, uid: string, chatId: string, { before }: { before?: number } = {}) {
  if (before !== undefined && !Number.isSafeInteger(before))
    throw new ChatError(400, "This link to earlier messages is not valid.", "badCursor");
  const chat = await requireChat(store, uid, chatId, keptChat);
  return { chat, ...(await (before === undefined ? latestPage(store, chatId) : threadPage(store, chatId, before))) };
}
