import type { DocStore, Unsubscribe } from "~/engine/store/types";
import {
  chatMessagesPayload,
  feedParam,
  threadOf,
  type ChatMessagesFeed,
  type FeedName,
  type FeedPayloads,
} from "~/engine/live/feeds";
import { threadEvent, wholeThread, type SentThread, type ThreadEvent } from "~/engine/live/thread-events";
import { subscribeFeed, type Reader } from "./subscribe.server";

/** What a feed's events carry on the stream: a chat's thread as changes, every other feed whole. */
export type StreamPayload<F extends FeedName> = F extends `chatMessages:${string}` ? ThreadEvent : FeedPayloads[F];

const idOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/**
 * A chat's thread for the stream: whole once, then only its new or changed messages (decision
 * 154). The store reports which documents each commit changed (decision 162), so a message costs
 * a watcher the new message's payload, not the latest THREAD_MESSAGES read, parsed and compared.
 */
function streamThread(
  store: DocStore,
  feed: ChatMessagesFeed,
  send: (event: ThreadEvent) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  let sent: SentThread | undefined;
  return store.watchQueryChanges(
    threadOf(feedParam(feed)),
    ({ changed, removed }) => {
      const messages = chatMessagesPayload(changed);
      if (!sent) {
        const first = wholeThread(messages);
        sent = first.sent;
        send(first.event);
        return;
      }
      const event = threadEvent(sent, messages, removed.map(idOf));
      if (event) send(event);
    },
    onError,
  );
}

/**
 * Subscribes one feed for the live stream (`/api/live`). A chat's thread is sent as its changes;
 * every other feed whole, as subscribeFeed emits it.
 */
export function streamFeed<F extends FeedName>(
  store: DocStore,
  reader: Reader,
  feed: F,
  send: (payload: StreamPayload<F>) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  if (feed.startsWith("chatMessages:"))
    return streamThread(store, feed as ChatMessagesFeed, send as (event: ThreadEvent) => void, onError);
  return subscribeFeed(store, reader, feed, send as (p: unknown) => void, onError);
}
