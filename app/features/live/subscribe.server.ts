import type { Doc, DocStore, Unsubscribe } from "~/engine/store/types";
import { composeChatUnread } from "~/engine/live/chat-unread";
import { bookingPath } from "~/documents/bookings";
import { roleOf } from "~/features/bookings/state";
import { isPairMember } from "~/features/chat/pair";
import { composeCall } from "~/engine/live/call-feed";
import { getUser, type UserProfile } from "~/documents/users";
import { statusPath } from "~/documents/status";
import { getThread, readListEntry, readPost, readThread } from "~/documents/community";
import { readBoardListEntry } from "~/documents/board";
import { publicMember, type MissingNames } from "~/features/members/member";
import { missingNames } from "~/features/members/members.server";
import { namedNotices } from "~/features/notifications/skill-names.server";
import {
  boardNewestOf,
  bookingDocOf,
  bookingPayload,
  callMembersOf,
  callMessagesOf,
  callPayload,
  chatMessagesPayload,
  chatsOf,
  countChatUnread,
  feedParam,
  feedSources,
  forumNewestOf,
  forumPostPayload,
  forumPostsOf,
  forumThreadDocOf,
  forumThreadSummary,
  inboxEntryPayload,
  inboxOf,
  presenceEntry,
  threadOf,
  toPayload,
  unseenMessagesOf,
  type BoardNewestPayload,
  type BookingFeed,
  type CallFeed,
  type ChatMessagesFeed,
  type FeedName,
  type FeedPayloads,
  type ForumThreadFeed,
  type ForumThreadPayload,
  type ForumThreadsFeed,
  type ForumThreadsPayload,
  type InboxEntryPayload,
  type PlainFeedName,
  type PresenceFeed,
  type PresencePayload,
  type Source,
} from "~/engine/live/feeds";

type Emit<F extends FeedName> = (payload: FeedPayloads[F]) => void;

function watchSource(
  store: DocStore,
  source: Source,
  onDocs: (docs: Doc | Doc[] | null) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return source.kind === "doc"
    ? store.watchDoc(source.path, onDocs, onError)
    : store.watchQuery(source.query, onDocs, onError);
}

function watchChatUnread(store: DocStore, uid: string, emit: Emit<"chatUnread">): Unsubscribe {
  return composeChatUnread((query, onDocs, onError) => store.watchQuery(query, onDocs, onError), uid, emit);
}

const isChatMessagesFeed = (feed: FeedName): feed is ChatMessagesFeed => feed.startsWith("chatMessages:");
const isPresenceFeed = (feed: FeedName): feed is PresenceFeed => feed.startsWith("presence:");
const isBookingFeed = (feed: FeedName): feed is BookingFeed => feed.startsWith("booking:");
const isCallFeed = (feed: FeedName): feed is CallFeed => feed.startsWith("call:");
const isForumThreadFeed = (feed: FeedName): feed is ForumThreadFeed => feed.startsWith("forumThread:");
const isForumThreadsFeed = (feed: FeedName): feed is ForumThreadsFeed => feed.startsWith("forumThreads:");

/**
 * Whether `uid` may listen to `feed`. Own feeds and presence (public) always; a chat's messages
 * only for the pair it belongs to (also before its first message, as the session room listens
 * from the start); a booking and its call's signalling only for its two participants. The stream
 * route asks before it subscribes anything.
 */
export async function mayListen(store: DocStore, uid: string, feed: FeedName): Promise<boolean> {
  if (isChatMessagesFeed(feed)) return isPairMember(feedParam(feed), uid);
  if (isBookingFeed(feed) || isCallFeed(feed)) {
    const booking = await store.get(bookingPath(feedParam(feed)));
    return !!booking && roleOf(booking.data as { mentorUid: string; learnerUid: string }, uid) !== null;
  }
  // Every signed-in member reads the forum; a hidden thread is nobody's to follow live.
  if (isForumThreadFeed(feed)) {
    const thread = await getThread(store, feedParam(feed));
    return !!thread && !thread.hidden;
  }
  return true;
}

type Member = InboxEntryPayload["other"];

/**
 * Who a feed is read for: the member, and their language (a deleted member is called so in it, a
 * built-in skill named in it). The stream changes `language` when the member switches, in
 * /settings or on another device, so feeds read it at each event, never once (decision 101).
 */
export interface Reader {
  readonly uid: string;
  language: string;
}

/** A member's name and picture as lists show them beside their words; a missing name in the reader's `missing` words. */
export function memberCard(uid: string, profile: UserProfile | null, missing: MissingNames): Member {
  const { name, avatar } = publicMember(uid, profile, missing);
  return { uid, name, avatar };
}

/**
 * The cards of the members a stream names, each read once and kept while it is open, in the
 * reader's language of the moment: a switch of language starts them afresh.
 */
function memberCards(store: DocStore, reader: Reader): (uid: string) => Promise<Member> {
  let language = "";
  let cards = new Map<string, Member>();
  return async (uid) => {
    if (language !== reader.language) [language, cards] = [reader.language, new Map()];
    // This language's cards and words, even if the member switches while the profile is read.
    const [kept, missing] = [cards, missingNames(language)];
    let card = kept.get(uid);
    if (!card) kept.set(uid, (card = memberCard(uid, await getUser(store, uid), missing)));
    return card;
  };
}

/** The inbox's entries from the member's chat documents, each joined with the other member's card. */
export async function inboxPayload(
  uid: string,
  chats: readonly Doc[],
  cardOf: (uid: string) => Promise<Member>,
): Promise<InboxEntryPayload[]> {
  const out: InboxEntryPayload[] = [];
  for (const chat of chats) {
    const participants = Array.isArray(chat.data.participants) ? (chat.data.participants as string[]) : [];
    const entry = inboxEntryPayload(chat, uid, await cardOf(participants.find((p) => p !== uid) ?? uid));
    if (entry) out.push(entry);
  }
  return out;
}

/** The inbox: one query on the user's chats, joined with the other member's name and picture. */
function watchInbox(
  store: DocStore,
  reader: Reader,
  emit: Emit<"inbox">,
  onError: (error: Error) => void,
): Unsubscribe {
  const cardOf = memberCards(store, reader);
  let sequence = 0;
  return store.watchQuery(
    inboxOf(reader.uid),
    (chats) => {
      const mine = ++sequence;
      inboxPayload(reader.uid, chats, cardOf).then(
        // A newer result may have overtaken this one while names were read.
        (payload) => mine === sequence && emit(payload),
        onError,
      );
    },
    onError,
  );
}

function watchPresence(
  store: DocStore,
  feed: PresenceFeed,
  emit: (payload: PresencePayload) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  const uids = feedParam(feed).split(".");
  const current: PresencePayload = {};
  let pending = uids.length;
  const stops = uids.map((uid) =>
    store.watchDoc(
      statusPath(uid),
      (doc) => {
        const first = !(uid in current);
        current[uid] = presenceEntry(doc?.data);
        if (first) pending -= 1;
        if (pending === 0) emit({ ...current });
      },
      onError,
    ),
  );
  return () => stops.forEach((stop) => stop());
}

async function forumThreadPayload(
  thread: Doc | null,
  posts: Doc[],
  cardOf: (uid: string) => Promise<Member>,
): Promise<ForumThreadPayload> {
  const out: ForumThreadPayload = { thread: forumThreadSummary(thread && readThread(thread)), posts: [] };
  for (const post of posts.map(readPost)) out.posts.push(forumPostPayload(post, await cardOf(post.authorUid)));
  return out;
}

/** forumThread:<id>: the thread document and its posts, joined with the authors' names in the reader's language. */
function watchForumThread(
  store: DocStore,
  threadId: string,
  reader: Reader,
  emit: (payload: ForumThreadPayload) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  const cardOf = memberCards(store, reader);
  let thread: Doc | null | undefined;
  let posts: Doc[] | undefined;
  let sequence = 0;
  const update = () => {
    if (thread === undefined || posts === undefined) return;
    const mine = ++sequence;
    forumThreadPayload(thread, posts, cardOf).then((payload) => mine === sequence && emit(payload), onError);
  };
  const stopThread = store.watchDoc(forumThreadDocOf(threadId), (doc) => ((thread = doc), update()), onError);
  const stopPosts = store.watchQuery(forumPostsOf(threadId), (docs) => ((posts = docs), update()), onError);
  return () => {
    stopThread();
    stopPosts();
  };
}

function forumThreadsPayload(docs: Doc[]): ForumThreadsPayload {
  return { newest: docs.map(readListEntry).map(({ threadId, createdAt }) => ({ id: threadId, createdAt })) };
}

function boardNewestPayload(docs: Doc[]): BoardNewestPayload {
  return { newest: docs.map(readBoardListEntry).map(({ postId, createdAt }) => ({ id: postId, createdAt })) };
}

const forumSpaceOf = (feed: ForumThreadsFeed) => (feedParam(feed) === "all" ? null : feedParam(feed));

/** Subscribes one feed of one reader; calls `emit` with its payload now and after each change. */
export function subscribeFeed<F extends FeedName>(
  store: DocStore,
  reader: Reader,
  feed: F,
  emit: Emit<F>,
  onError: (error: Error) => void,
): Unsubscribe {
  const { uid } = reader;
  if (feed === "chatUnread") return watchChatUnread(store, uid, emit as Emit<"chatUnread">);
  if (feed === "inbox") return watchInbox(store, reader, emit as Emit<"inbox">, onError);
  if (feed === "boardNewest")
    return store.watchQuery(
      boardNewestOf(),
      (docs) => (emit as (p: unknown) => void)(boardNewestPayload(docs)),
      onError,
    );
  if (isChatMessagesFeed(feed)) {
    return store.watchQuery(
      threadOf(feedParam(feed)),
      (docs) => (emit as (p: unknown) => void)(chatMessagesPayload(docs)),
      onError,
    );
  }
  if (isPresenceFeed(feed)) return watchPresence(store, feed, emit as (p: unknown) => void, onError);
  if (isCallFeed(feed)) {
    const watch = (
      query: Parameters<DocStore["watchQuery"]>[0],
      onDocs: (docs: Doc[]) => void,
      fail: (error: Error) => void,
    ) => store.watchQuery(query, onDocs, fail);
    return composeCall(watch, feedParam(feed), uid, emit as (p: unknown) => void, onError);
  }
  if (isBookingFeed(feed))
    return store.watchDoc(
      bookingDocOf(feedParam(feed)),
      (doc) => (emit as (p: unknown) => void)(bookingPayload(doc)),
      onError,
    );
  if (isForumThreadFeed(feed))
    return watchForumThread(store, feedParam(feed), reader, emit as (p: unknown) => void, onError);
  if (isForumThreadsFeed(feed))
    return store.watchQuery(
      forumNewestOf(forumSpaceOf(feed)),
      (docs) => (emit as (p: unknown) => void)(forumThreadsPayload(docs)),
      onError,
    );
  if (feed === "notifications")
    // Each notice's skill named in the reader's language of this moment, so the browser only renders it.
    return watchSource(
      store,
      feedSources.notifications(uid),
      (docs) => (emit as Emit<"notifications">)(namedNotices(toPayload.notifications(docs as Doc[]), reader.language)),
      onError,
    );
  const key = feed as PlainFeedName;
  const toFeedPayload = toPayload[key] as (value: Doc | Doc[] | null) => FeedPayloads[F];
  return watchSource(store, feedSources[key](uid), (value) => emit(toFeedPayload(value)), onError);
}

/**
 * A feed's current value, read once: the header renders it on the server before going live. The
 * feeds that name members are read by their pages in the reader's language (loadInbox, loadThread).
 */
export async function readFeed<F extends Exclude<FeedName, "inbox" | ForumThreadFeed>>(
  store: DocStore,
  uid: string,
  feed: F,
): Promise<FeedPayloads[F]> {
  if (feed === "chatUnread") {
    const chats = await store.query(chatsOf(uid));
    const unseen = await Promise.all(
      chats.map(async (chat) => [chat.id, (await store.query(unseenMessagesOf(chat.id))).map((m) => m.data)] as const),
    );
    return { count: countChatUnread(new Map(unseen), uid) } as FeedPayloads[F];
  }
  if (feed === "boardNewest") return boardNewestPayload(await store.query(boardNewestOf())) as FeedPayloads[F];
  if (isChatMessagesFeed(feed)) {
    if (!(await mayListen(store, uid, feed))) throw new Error("Not a participant of this chat");
    return chatMessagesPayload(await store.query(threadOf(feedParam(feed)))) as FeedPayloads[F];
  }
  if (isCallFeed(feed)) {
    if (!(await mayListen(store, uid, feed))) throw new Error("Not a participant of this session");
    const id = feedParam(feed);
    const [members, messages] = await Promise.all([
      store.query(callMembersOf(id, uid)),
      store.query(callMessagesOf(id, uid)),
    ]);
    return callPayload(members, messages) as FeedPayloads[F];
  }
  if (isBookingFeed(feed)) {
    if (!(await mayListen(store, uid, feed))) throw new Error("Not a participant of this session");
    return bookingPayload(await store.get(bookingDocOf(feedParam(feed)))) as FeedPayloads[F];
  }
  if (isForumThreadsFeed(feed))
    return forumThreadsPayload(await store.query(forumNewestOf(forumSpaceOf(feed)))) as FeedPayloads[F];
  if (isPresenceFeed(feed)) {
    const uids = feedParam(feed).split(".");
    const docs = await store.getAll(uids.map(statusPath));
    return Object.fromEntries(uids.map((u, i) => [u, presenceEntry(docs[i]?.data)])) as FeedPayloads[F];
  }
  const key = feed as PlainFeedName;
  const source = feedSources[key](uid);
  const value = source.kind === "doc" ? await store.get(source.path) : await store.query(source.query);
  return (toPayload[key] as (value: Doc | Doc[] | null) => FeedPayloads[F])(value);
}
