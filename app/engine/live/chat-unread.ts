/**
 * The chatUnread feed, composed once for both transports: a listener on the user's chats, and
 * one per chat on its unseen messages. The count waits until every chat has answered (counting
 * earlier would report too few), and a chat whose listener fails drops out of it (SPEC.md §8).
 * Browser-safe: each transport passes its own way of watching a query.
 */
import type { DocData, Query } from "../store/types";
import { chatsOf, countChatUnread, unseenMessagesOf } from "./feeds";

export type WatchQuery = (
  query: Query,
  onDocs: (docs: { id: string; data: DocData }[]) => void,
  onError: (error: Error) => void,
) => () => void;

export function composeChatUnread(
  watch: WatchQuery,
  uid: string,
  emit: (payload: { count: number }) => void,
  fail?: (error: Error) => void,
): () => void {
  const unseenByChat = new Map<string, DocData[]>();
  const chatStops = new Map<string, () => void>();
  const awaitingFirst = new Set<string>();
  let ready = false;
  let last = -1;
  const publish = () => {
    if (!ready || awaitingFirst.size > 0) return;
    const count = countChatUnread(unseenByChat, uid);
    if (count !== last) emit({ count: (last = count) });
  };
  const dropChat = (id: string) => {
    chatStops.get(id)?.();
    chatStops.delete(id);
    unseenByChat.delete(id);
    awaitingFirst.delete(id);
  };
  const stopChats = watch(
    chatsOf(uid),
    (chats) => {
      const ids = new Set(chats.map((chat) => chat.id));
      for (const id of [...chatStops.keys()]) if (!ids.has(id)) dropChat(id);
      for (const id of ids) {
        if (chatStops.has(id)) continue;
        awaitingFirst.add(id);
        chatStops.set(
          id,
          watch(
            unseenMessagesOf(id),
            (messages) => {
              unseenByChat.set(
                id,
                messages.map((m) => m.data),
              );
              awaitingFirst.delete(id);
              publish();
            },
            () => {
              dropChat(id);
              publish();
            },
          ),
        );
      }
      ready = true;
      publish();
    },
    (error) => {
      // The chat list itself failed: report nothing rather than a wrong count.
      ready = false;
      fail?.(error);
    },
  );
  return () => {
    stopChats();
    for (const id of [...chatStops.keys()]) dropChat(id);
  };
}
