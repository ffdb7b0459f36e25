/**
 * The catalogue of live feeds the LiveTransport port carries, defined once as queries on the
 * document paths of ARCHITECTURE.md. It lives with the port because both transports speak it.
 * The SSE route builds them from the session's uid (the browser only names a feed); the Firestore
 * transport builds the same queries with the client SDK. Browser-safe: no server imports; the
 * islands import feed names from ./feed-names, so the documents' schemas (and zod) stay out of
 * the pages that only watch a feed (issue 28).
 */
import { bookingPath, readBooking, signalsOf, type Booking } from "~/documents/bookings";
import { postsOf, threadListOf, threadPath, type Post, type Thread } from "~/documents/community";
import { boardListOf } from "~/documents/board";
import { CHATS, messagesOf, readChat, readMessage, type Message, type MessageQuote } from "~/documents/chats";
import { notificationsOf, readNotification } from "~/documents/notifications";
import { readStatus } from "~/documents/status";
import { readUser, userPath } from "~/documents/users";
import { entriesOf, readWallet, readWalletEntry, walletPath } from "~/documents/wallets";
import type { Doc, DocData, Query } from "../store/types";

// The names alone, without the documents' schemas, are what the browser's islands need.
export * from "./feed-names";
import type {
  BookingFeed,
  CallFeed,
  ChatMessagesFeed,
  ForumThreadFeed,
  ForumThreadsFeed,
  PresenceFeed,
  SimpleFeedName,
} from "./feed-names";

export const WALLET_DROPDOWN_TRANSACTIONS = 3;
export const NOTIFICATIONS_FETCHED = 20;

export type Source = { kind: "doc"; path: string } | { kind: "query"; query: Query };

/** The simple feeds: one document or one query each. chatUnread is composed below. */
export const feedSources = {
  profile: (uid: string): Source => ({ kind: "doc", path: userPath(uid) }),
  wallet: (uid: string): Source => ({ kind: "doc", path: walletPath(uid) }),
  transactions: (uid: string): Source => ({
    kind: "query",
    query: {
      collection: entriesOf(uid),
      orderBy: [["timestamp", "desc"]],
      limit: WALLET_DROPDOWN_TRANSACTIONS,
    },
  }),
  notifications: (uid: string): Source => ({
    kind: "query",
    query: {
      collection: notificationsOf(uid),
      orderBy: [["timestamp", "desc"]],
      limit: NOTIFICATIONS_FETCHED,
    },
  }),
  welcomeBonus: (uid: string): Source => ({
    kind: "query",
    query: { collection: entriesOf(uid), where: [["type", "==", "welcome_bonus"]], limit: 1 },
  }),
} satisfies Record<PlainFeedName, (uid: string) => Source>;

/** Feeds that are one document or one query of the user, with no joining. */
export type PlainFeedName = Exclude<SimpleFeedName, "chatUnread" | "inbox" | "boardNewest">;

/** chatUnread: the chats the user takes part in, then each chat's unseen messages. */
export function chatsOf(uid: string): Query {
  return { collection: CHATS, where: [["participants", "array-contains", uid]] };
}

export function unseenMessagesOf(chatId: string): Query {
  return { collection: messagesOf(chatId), where: [["seen", "==", false]] };
}

export const INBOX_CHATS = 50;
export const THREAD_MESSAGES = 50;

/** inbox: the user's conversations, latest activity first (names of the others are joined in). */
export function inboxOf(uid: string): Query {
  return {
    collection: CHATS,
    where: [["participants", "array-contains", uid]],
    orderBy: [["updatedAt", "desc"]],
    limit: INBOX_CHATS,
  };
}

/** chatMessages:<chatId>: the latest messages, newest first (the thread shows them reversed). */
export function threadOf(chatId: string): Query {
  return { collection: messagesOf(chatId), orderBy: [["timestamp", "desc"]], limit: THREAD_MESSAGES };
}

/** booking:<id>: the session room's booking document. */
export const bookingDocOf = bookingPath;

/** The newest negotiation messages a browser is sent; a join clears the older ones. */
export const CALL_MESSAGES_FETCHED = 200;

/** call:<bookingId>, part one: both members' call state (documents naming both in `audience`). */
export function callMembersOf(bookingId: string, uid: string): Query {
  return { collection: signalsOf(bookingId), where: [["audience", "array-contains", uid]] };
}

/** call:<bookingId>, part two: negotiation messages addressed to `uid`, newest first. */
export function callMessagesOf(bookingId: string, uid: string): Query {
  return {
    collection: signalsOf(bookingId),
    where: [["to", "==", uid]],
    orderBy: [["createdAt", "desc"]],
    limit: CALL_MESSAGES_FETCHED,
  };
}

export const FORUM_POSTS_SHOWN = 500;
export const FORUM_NEWEST_WATCHED = 20;

/** forumThread:<id>, part one: the thread document (counts, answer, title). */
export function forumThreadDocOf(threadId: string): string {
  return threadPath(threadId);
}

/** forumThread:<id>, part two: its posts in order. */
export function forumPostsOf(threadId: string): Query {
  return { collection: postsOf(threadId), orderBy: [["seq", "asc"]], limit: FORUM_POSTS_SHOWN };
}

/**
 * forumThreads:<space|all>: the newest visible threads, for "N new threads — show": the first
 * entries of the list of newest threads (features/community/lists.ts), whose ids sort newest first.
 */
export function forumNewestOf(spaceId: string | null): Query {
  return { collection: threadListOf("newest", spaceId), limit: FORUM_NEWEST_WATCHED };
}

export const BOARD_NEWEST_WATCHED = 20;

/**
 * boardNewest: the newest active posts of the board, for "N new posts — show": the first entries
 * of the list of all posts (features/board/lists.ts), whose ids sort newest first. Server-composed
 * on both engines, like the forum's list feed.
 */
export function boardNewestOf(): Query {
  return { collection: boardListOf("all"), limit: BOARD_NEWEST_WATCHED };
}

export interface BoardNewestPayload {
  newest: { id: string; createdAt: number }[];
}

/** Unseen messages not sent by `uid`, summed over chats whose listener is alive (SPEC.md §4). */
export function countChatUnread(
  unseenByChat: ReadonlyMap<string, readonly { sender?: unknown }[]>,
  uid: string,
): number {
  let total = 0;
  for (const messages of unseenByChat.values()) {
    for (const message of messages) if (message.sender !== uid) total += 1;
  }
  return total;
}

export interface ProfilePayload {
  fullName: string;
  xp: number;
  profilePicture: string;
  tourCompleted: boolean;
  welcomeBonusShown: boolean;
  /** The member's chosen language, "" until they choose: an open tab follows it (decision 111). */
  language: string;
}

export interface TransactionPayload {
  id: string;
  amount: number;
  type: string;
  /** The stored English line; `label` + `params` render it in the reader's language (decision 063). */
  description: string;
  label: string;
  params: Record<string, string | number>;
  timestamp: number;
}

export interface NotificationPayload {
  id: string;
  type: string;
  /** Rendered in the reader's language when set (features/notifications/text.ts, decision 060). */
  kind: string;
  params: Record<string, string | number>;
  title: string;
  body: string;
  link: string;
  read: boolean;
  timestamp: number;
  /**
   * `params.skill` named for the reader by the server (decision 101): the taxonomy's name in their
   * language, or a member's own tag as written (`own`, shown translate="no"). Absent where the
   * browser reads the store itself: it then reads as stored.
   */
  skill?: { name: string; own: boolean };
}

/**
 * A member's name as a card shows it (the features' ShownName): `own` for the member's own name, kept
 * from a browser translator; not for the reader's word for a missing member (decision 117).
 */
export interface MemberCard {
  uid: string;
  name: { text: string; own: boolean };
  avatar: string;
}

export interface InboxEntryPayload {
  chatId: string;
  other: MemberCard;
  lastMessage: string;
  lastSender: string;
  updatedAt: number;
  unread: number;
}

export interface ChatMessagePayload {
  id: string;
  sender: string;
  /** "" while a moderator has hidden the message. */
  text: string;
  hidden: boolean;
  seen: boolean;
  timestamp: number;
  /** A board post quoted at the start of the message; null otherwise, and while hidden. */
  quote: MessageQuote | null;
}

export type PresencePayload = Record<string, { online: boolean; lastChanged: number }>;

export interface CallMember {
  uid: string;
  /** The tab holding the call for this member; null when they are not in it. */
  peer: string | null;
  audio: boolean;
  video: boolean;
  screen: boolean;
  /** They pressed Leave (rather than never having joined). */
  left: boolean;
  updatedAt: number;
}

export interface CallMessage {
  id: string;
  fromPeer: string;
  toPeer: string;
  seq: number;
  description?: { type: "offer" | "answer" | "rollback"; sdp: string };
  candidate?: {
    candidate: string;
    sdpMid?: string | null;
    sdpMLineIndex?: number | null;
    usernameFragment?: string | null;
  };
}

/** The video call's signalling as one member receives it. */
export interface CallPayload {
  members: Record<string, CallMember>;
  /** Messages to the listening member, oldest first. */
  messages: CallMessage[];
}

/** What the session room shows of its booking; the room derives role and commands from it. */
export interface BookingPayload {
  id: string;
  mentorUid: string;
  learnerUid: string;
  skillLabel: string;
  durationMinutes: number;
  price: number;
  start: number;
  end: number;
  state: string;
  confirmations: { mentor?: number; learner?: number };
  history: { state: string; at: number; by: string }[];
  meetingLink: string;
  notes: string;
  notesUpdatedAt: number;
  notesUpdatedBy: string;
  disputeReason: string | null;
  resolution: string | null;
  /** When the booking last changed; the room keeps whichever of two copies is newer. */
  updatedAt: number;
}

export type ForumAuthor = MemberCard;

/** A post as readers see it: a hidden or deleted post carries no text. */
export interface ForumPostPayload {
  id: string;
  seq: number;
  author: ForumAuthor;
  body: string;
  createdAt: number;
  editedAt: number | null;
  deleted: boolean;
  hidden: boolean;
  quoteOf: string | null;
  reactions: Record<string, number>;
}

export interface ForumThreadPayload {
  /** null once the thread is hidden or gone. */
  thread: { title: string; replyCount: number; reactionCount: number; answerPostId: string | null } | null;
  posts: ForumPostPayload[];
}

export interface ForumThreadsPayload {
  newest: { id: string; createdAt: number }[];
}

export interface FeedPayloads {
  profile: ProfilePayload | null;
  wallet: { balance: number };
  transactions: TransactionPayload[];
  notifications: NotificationPayload[];
  welcomeBonus: { amount: number } | null;
  chatUnread: { count: number };
  inbox: InboxEntryPayload[];
  boardNewest: BoardNewestPayload;
  [chat: ChatMessagesFeed]: ChatMessagePayload[];
  [presence: PresenceFeed]: PresencePayload;
  [booking: BookingFeed]: BookingPayload | null;
  [call: CallFeed]: CallPayload;
  [thread: ForumThreadFeed]: ForumThreadPayload;
  [threads: ForumThreadsFeed]: ForumThreadsPayload;
}

const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);

/** A malformed balance or amount (read as NaN, documents/wallets.ts) shows as 0, never as "NaN SP". */
const wholeSp = (sp: number) => (Number.isNaN(sp) ? 0 : sp);

/** Shapes a raw document or result into what the browser receives: only the fields it shows. */
export const toPayload = {
  profile: (doc: Doc | null): FeedPayloads["profile"] => {
    const profile = readUser(doc?.data);
    if (!profile) return null;
    const { fullName, xp, profilePicture, tourCompleted, welcomeBonusShown, language } = profile;
    return { fullName, xp, profilePicture, tourCompleted, welcomeBonusShown, language };
  },
  wallet: (doc: Doc | null): FeedPayloads["wallet"] => ({ balance: wholeSp(readWallet(doc?.data).balance) }),
  transactions: (docs: Doc[]): FeedPayloads["transactions"] => docs.map(transactionPayload),
  notifications: (docs: Doc[]): FeedPayloads["notifications"] => docs.map(readNotification),
  welcomeBonus: (docs: Doc[]): FeedPayloads["welcomeBonus"] =>
    docs[0] ? { amount: wholeSp(readWalletEntry(docs[0].data).amount) } : null,
};

/** Oldest first, as a thread reads; `messages` come newest first, as the thread's query answers. */
export function messagesPayload(messages: readonly Message[]): ChatMessagePayload[] {
  return messages
    .map(({ id, sender, text, hidden, seen, timestamp, quote }) => ({
      id,
      sender,
      text: hidden ? "" : text,
      hidden,
      seen,
      timestamp,
      quote: hidden ? null : quote,
    }))
    .reverse();
}

export const chatMessagesPayload = (docs: readonly Doc[]): ChatMessagePayload[] =>
  messagesPayload(docs.map(readMessage));

/** The booking shaped for the room: the fields it shows, nothing else (no lock ids). */
export function roomBookingPayload(b: Booking): BookingPayload {
  return {
    id: b.id,
    mentorUid: b.mentorUid,
    learnerUid: b.learnerUid,
    skillLabel: b.skillLabel,
    durationMinutes: b.durationMinutes,
    price: b.price,
    start: b.start,
    end: b.end,
    state: b.state,
    confirmations: { mentor: b.confirmations.mentor, learner: b.confirmations.learner },
    history: b.history,
    meetingLink: b.meetingLink,
    notes: b.notes,
    notesUpdatedAt: b.notesUpdatedAt,
    notesUpdatedBy: b.notesUpdatedBy,
    disputeReason: b.disputeReason,
    resolution: b.resolution,
    updatedAt: b.updatedAt,
  };
}

/** The booking document shaped for the room; a missing one is null. */
export function bookingPayload(doc: Doc): BookingPayload;
export function bookingPayload(doc: Doc | null): BookingPayload | null;
export function bookingPayload(doc: Doc | null): BookingPayload | null {
  return doc ? roomBookingPayload(readBooking(doc)) : null;
}

/** Both results of the call feed's queries in the shape the browser uses. */
export function callPayload(
  members: readonly { data: DocData }[],
  messages: readonly { id: string; data: DocData }[],
): CallPayload {
  const byUid: Record<string, CallMember> = {};
  for (const { data } of members) {
    const uid = str(data.uid);
    if (!uid) continue;
    byUid[uid] = {
      uid,
      peer: typeof data.peer === "string" ? data.peer : null,
      audio: data.audio === true,
      video: data.video === true,
      screen: data.screen === true,
      left: data.left === true,
      updatedAt: num(data.updatedAt),
    };
  }
  const shaped = messages.map(({ id, data }): CallMessage => {
    const message: CallMessage = { id, fromPeer: str(data.fromPeer), toPeer: str(data.toPeer), seq: num(data.seq) };
    if (data.description && typeof data.description === "object")
      message.description = data.description as CallMessage["description"];
    if (data.candidate && typeof data.candidate === "object")
      message.candidate = data.candidate as CallMessage["candidate"];
    return message;
  });
  return { members: byUid, messages: shaped.reverse() };
}

/** Shapes a post (documents/community.ts's readPost) for readers, with its author's card. */
export function forumPostPayload(post: Post, author: ForumAuthor): ForumPostPayload {
  const { id, seq, createdAt, editedAt, deleted, hidden, quoteOf, reactions } = post;
  return {
    id,
    seq,
    author,
    // A hidden post's text never leaves the server; a deleted one keeps none.
    body: hidden || deleted ? "" : post.body,
    createdAt,
    editedAt,
    deleted,
    hidden,
    quoteOf,
    reactions,
  };
}

/** The thread's counts for the live page; null once it is hidden or gone. */
export function forumThreadSummary(thread: Thread | null): ForumThreadPayload["thread"] {
  if (!thread || thread.hidden) return null;
  const { title, replyCount, reactionCount, answerPostId } = thread;
  return { title, replyCount, reactionCount, answerPostId };
}

/** Chats the user has not started show up only once a message is in them. */
export function inboxEntryPayload(
  { id, data }: { id: string; data: DocData },
  uid: string,
  other: MemberCard,
): InboxEntryPayload | null {
  const chat = readChat(data);
  if (chat.messageCount === 0 && chat.createdBy !== uid) return null;
  return {
    chatId: id,
    other,
    lastMessage: chat.lastMessage,
    lastSender: chat.lastSender,
    updatedAt: chat.updatedAt,
    unread: chat.unread[uid] ?? 0,
  };
}

/** presence:<uids>: one status document per member (`status/{uid}`), as it reads at `now`. */
export function presenceEntry(data: DocData | null | undefined, now = Date.now()): PresencePayload[string] {
  const status = readStatus(data, now);
  return { online: status.state === "online", lastChanged: status.last_changed };
}

export function transactionPayload({ id, data }: { id: string; data: DocData }): TransactionPayload {
  const { amount, type, description, label, params, timestamp } = readWalletEntry(data);
  return { id, amount: wholeSp(amount), type, description, label, params, timestamp };
}

/**
 * What the header shows at first paint, before its live feeds take over in the browser. Of the
 * notifications, only the bell's count: every signed-in page carries this snapshot, and the list
 * itself is for the pages that show it (issue 28).
 */
export interface HeaderSnapshot {
  wallet: FeedPayloads["wallet"];
  /** Unread among the latest NOTIFICATIONS_FETCHED, as the bell counts them. */
  unreadNotifications: number;
  chatUnread: FeedPayloads["chatUnread"];
}
