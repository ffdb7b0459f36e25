import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import type { HeaderSnapshot } from "~/engine/live/feeds";
import { CHATS } from "~/documents/chats";
import { NOTIFICATIONS } from "~/documents/notifications";
import { WALLETS } from "~/documents/wallets";
import { isChatId } from "~/features/chat/pair";
import { readFeed } from "./subscribe.server";

/**
 * Whether a write to `path` can change `uid`'s header: their wallet and its entries, their
 * notifications, and the chats they are one of the pair of (a chat's id is its two uids; a chat
 * document under any other id counts too, as its participants cannot be known from the path).
 */
export function headerDependsOn(uid: string): (path: string) => boolean {
  const wallet = `${WALLETS}/${uid}`;
  const notifications = `${NOTIFICATIONS}/${uid}/`;
  const chats = `${CHATS}/`;
  return (path) => {
    if (path === wallet || path.startsWith(`${wallet}/`) || path.startsWith(notifications)) return true;
    if (!path.startsWith(chats)) return false;
    const end = path.indexOf("/", chats.length);
    const chatId = path.slice(chats.length, end === -1 ? undefined : end);
    return !isChatId(chatId) || chatId.split("_").includes(uid);
  };
}

/**
 * What the header shows at first paint; the live feeds take over in the browser. Every signed-in
 * page asks for it, so it is kept per member until the change log says one of its paths was
 * written (features/live, issue 28): never older than the store.
 */
export function loadHeaderSnapshot(store: DocStore, uid: string): Promise<HeaderSnapshot> {
  return cachedRead(store, `header:${uid}`, headerDependsOn(uid), async () => {
    const [wallet, transactions, notifications, chatUnread] = await Promise.all([
      readFeed(store, uid, "wallet"),
      readFeed(store, uid, "transactions"),
      readFeed(store, uid, "notifications"),
      readFeed(store, uid, "chatUnread"),
    ]);
    return { wallet, transactions, notifications, chatUnread };
  });
}
