import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import type { FeedPayloads, HeaderSnapshot } from "~/engine/live/feeds";
import { CHATS } from "~/documents/chats";
import { NOTIFICATIONS } from "~/documents/notifications";
import { WALLETS } from "~/documents/wallets";
import { isChatId } from "~/features/chat/pair";
import { namedNotices } from "~/features/notifications/skill-names.server";
import { unreadCount } from "./header";
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
 * The header's feeds as the store has them now. Every signed-in page asks for them, so they are
 * kept per member until the change log says one of their paths was written (features/live,
 * issue 28): never older than the store.
 */
function headerReads(store: DocStore, uid: string) {
  return cachedRead(store, `header:${uid}`, headerDependsOn(uid), async () => {
    const [wallet, notifications, chatUnread] = await Promise.all([
      readFeed(store, uid, "wallet"),
      readFeed(store, uid, "notifications"),
      readFeed(store, uid, "chatUnread"),
    ]);
    return { wallet, notifications, chatUnread };
  });
}

/**
 * What the header shows at first paint; the live feeds take over in the browser. The bell needs
 * the unread count only, so the notifications themselves stay out of every page's data; the wallet
 * menu's latest entries are drawn only when it is opened, from the live feed (decision 169).
 */
export async function loadHeaderSnapshot(store: DocStore, uid: string): Promise<HeaderSnapshot> {
  const { wallet, notifications, chatUnread } = await headerReads(store, uid);
  return { wallet, unreadNotifications: unreadCount(notifications), chatUnread };
}

/**
 * The member's latest `count` notifications, from the same kept read as the bell's (the dashboard's
 * activity list), their skills named in `language`: the kept value stays as stored, the names are
 * chosen per request.
 */
export async function loadLatestNotifications(
  store: DocStore,
  uid: string,
  count: number,
  language: string,
): Promise<FeedPayloads["notifications"]> {
  return namedNotices((await headerReads(store, uid)).notifications.slice(0, count), language);
}
