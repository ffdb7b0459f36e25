import type { DocStore, Unsubscribe } from "~/engine/store/types";
import type { ChatMessagePayload, FeedName, FeedPayloads } from "~/engine/live/feeds";
import { threadEvent, type ThreadEvent, type ThreadState } from "~/engine/live/thread-events";
import { subscribeFeed, type Reader } from "./subscribe.server";

/** What a feed's events carry on the stream: a chat's thread as changes, every other feed whole. */
export type StreamPayload<F extends FeedName> = F extends `chatMessages:${string}` ? ThreadEvent : FeedPayloads[F];

/**
 * Subscribes one feed for the live stream (`/api/live`). A chat's thread is sent whole once, then
 * as its new or changed messages only (decision 154): a message no longer re-serialises and
 * re-sends the latest THREAD_MESSAGES to every watcher, whose browser merges it in.
 */
export function streamFeed<F extends FeedName>(
  store: DocStore,
  reader: Reader,
  feed: F,
  send: (payload: StreamPayload<F>) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  if (!feed.startsWith("chatMessages:"))
    return subscribeFeed(store, reader, feed, send as (p: unknown) => void, onError);
  let shown: ThreadState | null = null;
  const sendEvent = send as (event: ThreadEvent) => void;
  return subscribeFeed(
    store,
    reader,
    feed,
    (payload) => {
      const messages = payload as ChatMessagePayload[];
      const event = threadEvent(shown, messages);
      if (!event) return;
      shown = { sequence: event.sequence, messages };
      sendEvent(event);
    },
    onError,
  );
}
