/**
 * What a push says: the JSON the service worker shows (app/service-worker/push.ts). Pure. A push
 * leaves the server encrypted, but the push service keeps it until the device wakes and the
 * notification may show on a locked screen, so a message's text goes only to a member who chose
 * "Show message text in notifications" (decision 046).
 */
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

export function chatPayload(input: {
  chatId: string;
  senderName: string;
  unread: number;
  latestText: string | null;
  showText: boolean;
}): PushPayload {
  const count = input.unread === 1 ? "1 new message" : `${input.unread} new messages`;
  return {
    title: `New message from ${input.senderName}`,
    body: input.showText && input.latestText ? clip(input.latestText) : `${count}. Open the chat to read it.`,
    url: `/inbox/${input.chatId}`,
    tag: `chat-${input.chatId}`,
    renotify: true,
  };
}

/** The bell's notice as it is: a booking's facts, SP received, a forum thread's title (no one's private words). */
export function notificationPayload(input: { id: string; title: string; body: string; link: string }): PushPayload {
  return {
    title: input.title,
    body: clip(input.body),
    url: input.link.startsWith("/") && !input.link.startsWith("//") ? input.link : "/notifications",
    tag: `n-${input.id}`,
    renotify: false,
  };
}

export function startsPayload(input: { bookingId: string; skillLabel: string; otherName: string }): PushPayload {
  return {
    title: "Your session starts in 10 minutes",
    body: `${input.skillLabel} with ${input.otherName}.`,
    url: `/session/${input.bookingId}`,
    tag: `starts-${input.bookingId}`,
    renotify: false,
  };
}
