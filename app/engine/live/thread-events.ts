/**
 * How a chat's thread travels on the embedded engine's live stream (decision 154): the whole
 * thread once when the stream opens, then only the messages that are new or changed and the ids
 * that left it (deleted, or pushed out of the latest THREAD_MESSAGES). Each event is numbered; the
 * browser merges an event only onto the one before it, so a missed event is seen and the thread is
 * read whole again. Browser-safe: no server imports.
 */
import type { ChatMessagePayload } from "./feeds";

export type ThreadEvent =
  | { sequence: number; messages: ChatMessagePayload[] }
  | { sequence: number; changed: ChatMessagePayload[]; removed: string[] };

/** What the browser holds of a thread: its messages, oldest first, and the last event merged. */
export interface ThreadState {
  sequence: number;
  messages: ChatMessagePayload[];
}

const sameQuote = (a: ChatMessagePayload["quote"], b: ChatMessagePayload["quote"]) =>
  a === b || (!!a && !!b && a.postId === b.postId && a.postType === b.postType && a.title === b.title);

/** Every field the thread shows; compared one by one, so an unchanged message costs no serialising. */
function sameMessage(a: ChatMessagePayload, b: ChatMessagePayload): boolean {
  return (
    a.sender === b.sender &&
    a.text === b.text &&
    a.hidden === b.hidden &&
    a.seen === b.seen &&
    a.timestamp === b.timestamp &&
    sameQuote(a.quote, b.quote)
  );
}

/** What the stream has sent of a thread: the last event's number and each message shown, by id. */
export interface SentThread {
  sequence: number;
  shown: Map<string, ChatMessagePayload>;
}

/** The first event of a stream: the thread whole (oldest first), and what it leaves sent. */
export function wholeThread(messages: ChatMessagePayload[]): { event: ThreadEvent; sent: SentThread } {
  return { event: { sequence: 0, messages }, sent: { sequence: 0, shown: new Map(messages.map((m) => [m.id, m])) } };
}

/**
 * The event that takes a browser from `sent` to the thread after a commit changed the messages
 * `changed` (as the store reports them: some may show nothing new) and took out the ids `removed`
 * (decision 162), or null when nothing the thread shows changed. `sent` is brought up to date.
 */
export function threadEvent(
  sent: SentThread,
  changed: readonly ChatMessagePayload[],
  removed: readonly string[],
): ThreadEvent | null {
  const gone = removed.filter((id) => sent.shown.delete(id));
  const shownNow = changed.filter((m) => {
    const old = sent.shown.get(m.id);
    sent.shown.set(m.id, m);
    return !old || !sameMessage(old, m);
  });
  if (shownNow.length === 0 && gone.length === 0) return null;
  return { sequence: ++sent.sequence, changed: shownNow, removed: gone };
}

/** The thread's order (its query's, reversed): oldest first, ties by id as Firestore breaks them. */
const byTime = (a: ChatMessagePayload, b: ChatMessagePayload) =>
  a.timestamp - b.timestamp || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `known` with `event` merged in; null when the event does not follow the last one merged (one was
 * missed, or nothing is known yet): the caller then reads the thread whole.
 */
export function applyThreadEvent(known: ThreadState | undefined, event: ThreadEvent): ThreadState | null {
  if ("messages" in event) return { sequence: event.sequence, messages: event.messages };
  if (!known || event.sequence !== known.sequence + 1) return null;
  const gone = new Set([...event.removed, ...event.changed.map((m) => m.id)]);
  const messages = known.messages.filter((m) => !gone.has(m.id)).concat(event.changed);
  return { sequence: event.sequence, messages: messages.sort(byTime) };
}
