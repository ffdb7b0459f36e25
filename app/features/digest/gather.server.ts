/**
 * Reads what one member's digest needs, with a fixed number of bounded reads per member (decision
 * 047): their recent conversations, their sessions of the coming week, their bell notices and their
 * ledger entries of the period (each one indexed query with a limit), then the names of the people
 * those mention in one getAll. New members and new board posts are the same for everyone, so the
 * run reads them once (`readShared`) and each member's sections pick from them.
 */
import { BOARD_POSTS, readBoardPost, type BoardPost } from "~/documents/board";
import { BOOKINGS, readBooking } from "~/documents/bookings";
import { CHATS, readChat } from "~/documents/chats";
import type { DigestFacts } from "~/documents/digest";
import { notificationsOf, readNotification } from "~/documents/notifications";
import { getUsers } from "~/documents/users";
import { entriesOf, toWalletEntry } from "~/documents/wallets";
import type { DocStore } from "~/engine/store/types";
import {
  matchesSection,
  postsSection,
  repliesSection,
  sessionsSection,
  spSection,
  unreadSection,
  UPCOMING_MS,
  type Member,
  type Newcomer,
  type Window,
} from "./sections";

/** Per-member query limits: a digest lists a few of each, and counts beyond a page are not news. */
export const CHATS_READ = 30;
export const SESSIONS_READ = 20;
export const NOTICES_READ = 200;
export const ENTRIES_READ = 200;
/** Board posts read once per run: the newest of the longest period (a week). */
export const POSTS_READ = 500;

/** What every member's digest of this run picks from. */
export interface Shared {
  newcomers: Newcomer[];
  posts: BoardPost[];
}

/** New board posts since `since` (the earliest period start of the run), read once per run. */
export async function readSharedPosts(store: DocStore, since: number): Promise<BoardPost[]> {
  const docs = await store.query({
    collection: BOARD_POSTS,
    where: [["createdAt", ">=", since]],
    orderBy: [["createdAt", "desc"]],
    limit: POSTS_READ,
  });
  return docs.map(readBoardPost);
}

export async function gatherDigest(
  store: DocStore,
  member: Member,
  window: Window,
  shared: Shared,
): Promise<DigestFacts> {
  const { uid } = member;
  const [chatDocs, bookingDocs, noticeDocs, entryDocs] = await Promise.all([
    store.query({
      collection: CHATS,
      where: [
        ["participants", "array-contains", uid],
        ["updatedAt", ">=", window.from],
      ],
      orderBy: [["updatedAt", "desc"]],
      limit: CHATS_READ,
    }),
    store.query({
      collection: BOOKINGS,
      where: [
        ["participants", "array-contains", uid],
        ["start", ">=", window.to],
        ["start", "<", window.to + UPCOMING_MS],
      ],
      orderBy: [["start", "asc"]],
      limit: SESSIONS_READ,
    }),
    store.query({
      collection: notificationsOf(uid),
      where: [["timestamp", ">=", window.from]],
      orderBy: [["timestamp", "desc"]],
      limit: NOTICES_READ,
    }),
    store.query({
      collection: entriesOf(uid),
      where: [["timestamp", ">=", window.from]],
      orderBy: [["timestamp", "desc"]],
      limit: ENTRIES_READ,
    }),
  ]);
  const chats = chatDocs.map((d) => ({ id: d.id, ...readChat(d.data) }));
  const bookings = bookingDocs.map(readBooking);
  const others = new Set<string>();
  for (const c of chats) if ((c.unread[uid] ?? 0) > 0) for (const p of c.participants) if (p !== uid) others.add(p);
  for (const b of bookings) others.add(b.mentorUid === uid ? b.learnerUid : b.mentorUid);
  const ids = [...others];
  const profiles = ids.length ? await getUsers(store, ids) : [];
  const names = new Map(ids.map((id, i) => [id, profiles[i]?.deleted ? "" : (profiles[i]?.fullName ?? "")]));
  return {
    unread: unreadSection(uid, chats, names, window),
    ...matchesSection(member, shared.newcomers, window),
    ...postsSection(member, shared.posts, window),
    sessions: sessionsSection(uid, bookings, names, window),
    replies: repliesSection(noticeDocs.map(readNotification), window),
    ...spSection(entryDocs.map(toWalletEntry), window),
  };
}
