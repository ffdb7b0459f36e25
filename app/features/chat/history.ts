/** A thread's messages as the browser keeps them: the live window plus pages loaded earlier. Browser-safe. */
import type { ChatMessagePayload } from "~/engine/live/feeds";

function oldestFirst(a: ChatMessagePayload, b: ChatMessagePayload): number {
  return a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Adds `incoming` to `known`, oldest first, one entry per id; an incoming copy replaces the known
 * one (it may have been seen since). Messages that drop out of the live window stay, so loading
 * earlier pages never leaves a gap. Answers `known` itself when nothing changed.
 */
export function mergeMessages(
  known: readonly ChatMessagePayload[],
  incoming: readonly ChatMessagePayload[],
): ChatMessagePayload[] {
  const byId = new Map(known.map((m) => [m.id, m]));
  let changed = false;
  for (const message of incoming) {
    const current = byId.get(message.id);
    if (
      current &&
      current.seen === message.seen &&
      current.text === message.text &&
      current.timestamp === message.timestamp &&
      current.sender === message.sender
    )
      continue;
    byId.set(message.id, message);
    changed = true;
  }
  return changed ? [...byId.values()].sort(oldestFirst) : (known as ChatMessagePayload[]);
}
