import { cachedRead } from "~/engine/index.server";
import type { DocStore } from "~/engine/store/types";
import { inboxOf, type InboxEntryPayload } from "~/engine/live/feeds";
import { CHATS } from "~/documents/chats";
import { isChatId } from "~/features/chat/pair";
import { keptProfile, missingNames } from "~/features/members/members.server";
import { inboxPayload, memberCard } from "./subscribe.server";

/**
 * Whether a write to `path` can change `uid`'s list of conversations: a chat document they are one
 * of the pair of (a chat under any other id counts too, as its participants cannot be known from
 * the path). Messages do not: the chat document carries the preview, the time and the counts.
 */
export function inboxDependsOn(uid: string): (path: string) => boolean {
  const chats = `${CHATS}/`;
  return (path) => {
    if (!path.startsWith(chats)) return false;
    const chatId = path.slice(chats.length);
    if (chatId.includes("/")) return false;
    return !isChatId(chatId) || chatId.split("_").includes(uid);
  };
}

/**
 * The member's conversations as /inbox lists them at first paint (the live feed takes over in the
 * browser). Every view of /inbox and of a conversation asks for it, and the query of the member's
 * chats reads every chat, so the chat documents are kept per member and each other member's
 * profile, until the change log says one was written (decision 037): never older than the store.
 * A profile is kept for every reader, so the card is made per request, a deleted member called so
 * in the reader's `language` (decision 093).
 */
export async function loadInbox(store: DocStore, uid: string, language: string): Promise<InboxEntryPayload[]> {
  const chats = await cachedRead(store, `inbox:${uid}`, inboxDependsOn(uid), () => store.query(inboxOf(uid)));
  const missing = missingNames(language);
  return inboxPayload(uid, chats, async (other) => memberCard(other, await keptProfile(store, other), missing));
}
