import type { Doc, DocStore, Unsubscribe } from "~/engine/store/types";
import { chatsOf, countChatUnread, feedSources, toPayload, unseenMessagesOf, type FeedName, type FeedPayloads, type Source } from "./feeds";

type Emit<F extends FeedName> = (payload: FeedPayloads[F]) => void;

function watchSource(store: DocStore, source: Source, onDocs: (docs: Doc | Doc[] | null) => void, onError: (error: Error) => void): Unsubscribe {
  return source.kind === "doc" ? store.watchDoc(source.path, onDocs, onError) : store.watchQuery(source.query, onDocs, onError);
}

/**
 * The unread chat count: a watcher on the user's chats, and one per chat on its unseen messages.
 * A chat whose watcher fails drops out of the count instead of breaking the feed (SPEC.md §8).
 */
function watchChatUnread(store: DocStore, uid: string, emit: Emit<"chatUnread">): Unsubscribe {
  const unseenByChat = new Map<string, Doc["data"][]>();
  const chatWatchers = new Map<string, Unsubscribe>();
  // Chats whose first result has not arrived yet: counting before would report too few.
  const awaitingFirst = new Set<string>();
  let last = -1;
  let ready = false;
  const publish = () => {
    if (!ready || awaitingFirst.size > 0) return;
    const count = countChatUnread(unseenByChat, uid);
    if (count !== last) {
      last = count;
      emit({ count });
    }
  };
  const stopChats = store.watchQuery(
    chatsOf(uid),
    (chats) => {
      const ids = new Set(chats.map((c) => c.id));
      for (const [id, stop] of chatWatchers) {
        if (!ids.has(id)) {
          stop();
          chatWatchers.delete(id);
          unseenByChat.delete(id);
          awaitingFirst.delete(id);
        }
      }
      for (const id of ids) {
        if (chatWatchers.has(id)) continue;
        awaitingFirst.add(id);
        chatWatchers.set(
          id,
          store.watchQuery(
            unseenMessagesOf(id),
            (messages) => {
              unseenByChat.set(id, messages.map((m) => m.data));
              awaitingFirst.delete(id);
              publish();
            },
            () => {
              unseenByChat.delete(id);
              awaitingFirst.delete(id);
              chatWatchers.get(id)?.();
              chatWatchers.delete(id);
              publish();
            },
          ),
        );
      }
      ready = true;
      publish();
    },
    () => {
      // The chat list itself failed: report nothing rather than a wrong count.
      ready = false;
    },
  );
  return () => {
    stopChats();
    for (const stop of chatWatchers.values()) stop();
    chatWatchers.clear();
  };
}

/** Subscribes one feed of one user; calls `emit` with its payload now and after each change. */
export function subscribeFeed<F extends FeedName>(store: DocStore, uid: string, feed: F, emit: Emit<F>, onError: (error: Error) => void): Unsubscribe {
  if (feed === "chatUnread") return watchChatUnread(store, uid, emit as Emit<"chatUnread">);
  const key = feed as Exclude<FeedName, "chatUnread">;
  const toFeedPayload = toPayload[key] as (value: Doc | Doc[] | null) => FeedPayloads[F];
  return watchSource(store, feedSources[key](uid), (value) => emit(toFeedPayload(value)), onError);
}

/** A feed's current value, read once: the header renders it on the server before going live. */
export async function readFeed<F extends FeedName>(store: DocStore, uid: string, feed: F): Promise<FeedPayloads[F]> {
  if (feed === "chatUnread") {
    const chats = await store.query(chatsOf(uid));
    const unseen = await Promise.all(chats.map(async (chat) => [chat.id, (await store.query(unseenMessagesOf(chat.id))).map((m) => m.data)] as const));
    return { count: countChatUnread(new Map(unseen), uid) } as FeedPayloads[F];
  }
  const key = feed as Exclude<FeedName, "chatUnread">;
  const source = feedSources[key](uid);
  const value = source.kind === "doc" ? await store.get(source.path) : await store.query(source.query);
  return (toPayload[key] as (value: Doc | Doc[] | null) => FeedPayloads[F])(value);
}
