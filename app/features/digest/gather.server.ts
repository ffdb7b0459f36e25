/**
 * Reads what one member's digest needs (decision 047): their bell notices and their ledger entries
 * of the period (each one indexed query with a limit), then the names of the people their sections
 * mention in one getAll. What the run reads once for everyone (`Shared`): new members, new board
 * posts, the conversations active since the run's earliest period start and the accepted sessions
 * of the coming week (decision 055: asked per member, the two `participants array-contains` queries
 * read every conversation and session of the community on the embedded store, so 10,000 digests
 * cost 10,000 × all of them; read once, each member's sections pick theirs from a map).
 */
import { BOARD_POSTS, readBoardPost, type BoardPost } from "~/documents/board";
import { BOOKINGS, readBooking, type Booking } from "~/documents/bookings";
import { CHATS, readChat, type ChatDoc } from "~/documents/chats";
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

type Chat = { id: string } & ChatDoc;

/** What every member's digest of this run picks from. */
export interface Shared {
  newcomers: Newcomer[];
  posts: BoardPost[];
  /** Conversations active since the run's earliest period start, by participant, latest first. */
  chatsOf: ReadonlyMap<string, Chat[]>;
  /** Accepted sessions starting in the week after the run's periods, by participant, soonest first. */
  sessionsOf: ReadonlyMap<string, Booking[]>;
}

function byParticipant<T extends { participants: readonly string[] }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items)
    for (const uid of new Set(item.participants)) {
      const list = out.get(uid);
      if (list) list.push(item);
      else out.set(uid, [item]);
    }
  return out;
}

/**
 * The conversations active since `since` and the accepted sessions starting in [`from`, `until`),
 * read once per run and mapped by participant.
 */
export async function readSharedActivity(
  store: DocStore,
  since: number,
  from: number,
  until: number,
): Promise<Pick<Shared, "chatsOf" | "sessionsOf">> {
  const [chatDocs, bookingDocs] = await Promise.all([
    store.query({ collection: CHATS, where: [["updatedAt", ">=", since]], orderBy: [["updatedAt", "desc"]] }),
    store.query({
      collection: BOOKINGS,
      where: [
        ["state", "==", "accepted"],
        ["start", ">=", from],
        ["start", "<", until],
      ],
      orderBy: [["start", "asc"]],
    }),
  ]);
  return {
    chatsOf: byParticipant(chatDocs.map((d) => ({ id: d.id, ...readChat(d.data) }))),
    sessionsOf: byParticipant(bookingDocs.map(readBooking)),
  };
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
  const [noticeDocs, entryDocs] = await Promise.all([
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
  const chats = (shared.chatsOf.get(uid) ?? []).filter((c) => c.updatedAt >= window.from).slice(0, CHATS_READ);
  const bookings = (shared.sessionsOf.get(uid) ?? [])
    .filter((b) => b.start >= window.to && b.start < window.to + UPCOMING_MS)
    .slice(0, SESSIONS_READ);
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
