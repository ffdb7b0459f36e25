/**
 * The catalogue of live feeds, defined once as queries on the document paths of ARCHITECTURE.md.
 * The SSE route builds them from the session's uid (the browser only names a feed); the Firestore
 * transport builds the same queries with the client SDK. Browser-safe: no server imports.
 */
import type { Doc, DocData, Query } from "~/engine/store/types";

export const WALLET_DROPDOWN_TRANSACTIONS = 3;
export const NOTIFICATIONS_FETCHED = 20;

export type Source = { kind: "doc"; path: string } | { kind: "query"; query: Query };

export const FEED_NAMES = ["profile", "wallet", "transactions", "notifications", "welcomeBonus", "chatUnread"] as const;
export type FeedName = (typeof FEED_NAMES)[number];

export function isFeedName(value: string): value is FeedName {
  return (FEED_NAMES as readonly string[]).includes(value);
}

/** The simple feeds: one document or one query each. chatUnread is composed below. */
export const feedSources = {
  profile: (uid: string): Source => ({ kind: "doc", path: `users/${uid}` }),
  wallet: (uid: string): Source => ({ kind: "doc", path: `wallets/${uid}` }),
  transactions: (uid: string): Source => ({
    kind: "query",
    query: { collection: `wallets/${uid}/transactions`, orderBy: [["timestamp", "desc"]], limit: WALLET_DROPDOWN_TRANSACTIONS },
  }),
  notifications: (uid: string): Source => ({
    kind: "query",
    query: { collection: `notifications/${uid}/messages`, orderBy: [["timestamp", "desc"]], limit: NOTIFICATIONS_FETCHED },
  }),
  welcomeBonus: (uid: string): Source => ({
    kind: "query",
    query: { collection: `wallets/${uid}/transactions`, where: [["type", "==", "welcome_bonus"]], limit: 1 },
  }),
} satisfies Record<Exclude<FeedName, "chatUnread">, (uid: string) => Source>;

/** chatUnread: the chats the user takes part in, then each chat's unseen messages. */
export function chatsOf(uid: string): Query {
  return { collection: "chats", where: [["participants", "array-contains", uid]] };
}

export function unseenMessagesOf(chatId: string): Query {
  return { collection: `chats/${chatId}/messages`, where: [["seen", "==", false]] };
}

/** Unseen messages not sent by `uid`, summed over chats whose listener is alive (SPEC.md §4). */
export function countChatUnread(unseenByChat: ReadonlyMap<string, readonly { sender?: unknown }[]>, uid: string): number {
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
}

export interface TransactionPayload {
  id: string;
  amount: number;
  type: string;
  description: string;
  timestamp: number;
}

export interface NotificationPayload {
  id: string;
  type: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  timestamp: number;
}

export interface FeedPayloads {
  profile: ProfilePayload | null;
  wallet: { balance: number };
  transactions: TransactionPayload[];
  notifications: NotificationPayload[];
  welcomeBonus: { amount: number } | null;
  chatUnread: { count: number };
}

const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);

/** Shapes a raw document or result into what the browser receives: only the fields it shows. */
export const toPayload = {
  profile: (doc: Doc | null): FeedPayloads["profile"] =>
    doc
      ? {
          fullName: str(doc.data.fullName),
          xp: num(doc.data.xp),
          profilePicture: str(doc.data.profilePicture, "/default-avatar.png"),
          tourCompleted: doc.data.tourCompleted === true,
          welcomeBonusShown: doc.data.welcomeBonusShown === true,
        }
      : null,
  wallet: (doc: Doc | null): FeedPayloads["wallet"] => ({ balance: num(doc?.data.balance) }),
  transactions: (docs: Doc[]): FeedPayloads["transactions"] => docs.map(transactionPayload),
  notifications: (docs: Doc[]): FeedPayloads["notifications"] =>
    docs.map(({ id, data }) => ({
      id,
      type: str(data.type),
      title: str(data.title),
      body: str(data.body),
      link: str(data.link, "/notifications"),
      read: data.read === true,
      timestamp: num(data.timestamp),
    })),
  welcomeBonus: (docs: Doc[]): FeedPayloads["welcomeBonus"] => (docs[0] ? { amount: num(docs[0].data.amount) } : null),
};

export function transactionPayload({ id, data }: { id: string; data: DocData }): TransactionPayload {
  return { id, amount: num(data.amount), type: str(data.type), description: str(data.description), timestamp: num(data.timestamp) };
}

/** The bell badge: unread among the latest 20, "9+" above 9, nothing at 0. */
export function bellBadgeText(notifications: readonly { read: boolean }[]): string | null {
  const unread = notifications.filter((n) => !n.read).length;
  if (unread === 0) return null;
  return unread > 9 ? "9+" : String(unread);
}

/** Paths starting with /auth skip unread counting (SPEC.md §4). */
export function countsUnread(pathname: string): boolean {
  return !pathname.startsWith("/auth");
}
