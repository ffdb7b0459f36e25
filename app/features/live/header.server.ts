import type { DocStore } from "~/engine/store/types";
import type { HeaderSnapshot } from "~/engine/live/feeds";
import { readFeed } from "./subscribe.server";

/** What the header shows at first paint; the live feeds take over in the browser. */
export async function loadHeaderSnapshot(store: DocStore, uid: string): Promise<HeaderSnapshot> {
  const [wallet, transactions, notifications, chatUnread] = await Promise.all([
    readFeed(store, uid, "wallet"),
    readFeed(store, uid, "transactions"),
    readFeed(store, uid, "notifications"),
    readFeed(store, uid, "chatUnread"),
  ]);
  return { wallet, transactions, notifications, chatUnread };
}
