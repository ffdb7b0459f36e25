/**
 * What a push says: the JSON the service worker shows (app/service-worker/push.ts). Pure. A push
 * leaves the server encrypted, but the push service keeps it until the device wakes and the
 * notification may show on a locked screen, so a message's text goes only to a member who chose
 * "Show message text in notifications" (decision 046).
 */
import type { TFunction } from "i18next";
import { isolatedInRightToLeft, isolatedName } from "~/utils/format";

export interface PushPayload {
  title: string;
  body: string;
  /** The same-site page a click opens. */
  url: string;
  /** One notification per tag: a conversation's pushes replace each other. */
  tag: string;
  /** Whether a replacement alerts again (a new message does). */
  renotify: boolean;
}

const BODY_LIMIT = 140;
const clip = (text: string) => (text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT - 1).trimEnd()}…` : text);

/**
 * `t` is the "push" namespace in the member's own language (their profile's, English when they never
 * chose; decision 069): a push is read on their device, not in the sender's language.
 */
export function chatPayload(
  input: {
    chatId: string;
    /** "" when the sender has no name: "A member" in the reader's language. */
    senderName: string;
    unread: number;
    latestText: string | null;
    showText: boolean;
  },
  t: TFunction,
): PushPayload {
  return {
    title: t("payload.chatTitle", { name: isolatedName(input.senderName, t("payload.aMember")) }),
    body: input.showText && input.latestText ? clip(input.latestText) : t("payload.chatBody", { count: input.unread }),
    url: `/inbox/${input.chatId}`,
    tag: `chat-${input.chatId}`,
    renotify: true,
  };
}

/** The bell's notice, its title and body already in the member's language (noticeText): a booking's facts, SP received, a forum thread's title. */
export function notificationPayload(input: { id: string; title: string; body: string; link: string }): PushPayload {
  return {
    title: input.title,
    body: clip(input.body),
    url: input.link.startsWith("/") && !input.link.startsWith("//") ? input.link : "/notifications",
    tag: `n-${input.id}`,
    renotify: false,
  };
}

/** `skillLabel` already named for the member (skillNamer); `locale` is theirs, to isolate the skill in Arabic. */
export function startsPayload(
  input: { bookingId: string; skillLabel: string; otherName: string },
  t: TFunction,
  locale: string,
): PushPayload {
  return {
    title: t("payload.startsTitle"),
    body: t("payload.startsBody", {
      skill: isolatedInRightToLeft(input.skillLabel, locale),
      name: isolatedName(input.otherName, t("payload.yourPartner")),
    }),
    url: `/session/${input.bookingId}`,
    tag: `starts-${input.bookingId}`,
    renotify: false,
  };
}
