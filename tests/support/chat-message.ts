import type { ChatMessagePayload } from "~/engine/live/feeds";

/** A message as a thread's feed carries it, from Amy, its text its id: `extra` changes what a test needs. */
export const chatMessage = (
  id: string,
  timestamp: number,
  extra: Partial<ChatMessagePayload> = {},
): ChatMessagePayload => ({
  id,
  sender: "amy",
  text: id,
  hidden: false,
  seen: false,
  timestamp,
  quote: null,
  ...extra,
});
