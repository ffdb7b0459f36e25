import { describe, expect, it } from "vitest";
import { chatMessage } from "../../../tests/support/chat-message";
import type { ChatMessagePayload } from "./feeds";
import { applyThreadEvent, threadEvent, wholeThread, type SentThread, type ThreadState } from "./thread-events";

/**
 * What the stream sends for each thread in turn, and what the browser makes of it, side by side.
 * Between two threads the store reports as changed every message that is not the same object as
 * before (as it reports a document whose stored data changed, decision 162) and the ids that left.
 */
function stream(threads: ChatMessagePayload[][]) {
  let sent: SentThread | undefined;
  let before = new Map<string, ChatMessagePayload>();
  let known: ThreadState | undefined;
  const events = [];
  for (const messages of threads) {
    let event;
    if (!sent) ({ event, sent } = wholeThread(messages));
    else {
      const changed = messages.filter((m) => before.get(m.id) !== m);
      const removed = [...before.keys()].filter((id) => !messages.some((m) => m.id === id));
      event = threadEvent(sent, changed, removed);
    }
    before = new Map(messages.map((m) => [m.id, m]));
    if (!event) continue;
    events.push(event);
    known = applyThreadEvent(known, event) ?? undefined;
    expect(known?.messages).toEqual(messages);
  }
  return events;
}

describe("thread events (decision 154)", () => {
  it("sends the thread whole once, then only a new message", () => {
    const a = chatMessage("a", 10);
    const b = chatMessage("b", 20);
    const events = stream([[a], [a, b]]);
    expect(events).toEqual([
      { sequence: 0, messages: [a] },
      { sequence: 1, changed: [b], removed: [] },
    ]);
  });

  it("sends a read mark, a hidden message and a deletion as what changed, and nothing when nothing shown did", () => {
    const [a, b, c] = [chatMessage("a", 10), chatMessage("b", 20), chatMessage("c", 30)];
    const seen = { ...a, seen: true };
    const hidden = { ...b, hidden: true, text: "" };
    const events = stream([
      [a, b, c],
      [seen, b, c],
      [seen, hidden, c],
      [seen, hidden],
      [seen, hidden],
      // Stored again with nothing the thread shows changed: the store reports it, the stream sends nothing.
      [{ ...seen }, hidden],
    ]);
    expect(events.slice(1)).toEqual([
      { sequence: 1, changed: [seen], removed: [] },
      { sequence: 2, changed: [hidden], removed: [] },
      { sequence: 3, changed: [], removed: ["c"] },
    ]);
  });

  it("drops the oldest message when a new one pushes it out of the window, and keeps the order of equal times", () => {
    const window = [chatMessage("m1", 10), chatMessage("m2", 20), chatMessage("m3", 20)];
    const next = [chatMessage("m2", 20), chatMessage("m3", 20), chatMessage("m0", 30), chatMessage("m4", 30)];
    const events = stream([window, next]);
    expect(events[1]).toEqual({ sequence: 1, changed: [next[2], next[3]], removed: ["m1"] });
  });

  it("merges nothing that does not follow the last event merged: the thread is read whole instead", () => {
    const a = chatMessage("a", 10);
    const whole = applyThreadEvent(undefined, { sequence: 0, messages: [a] })!;
    expect(applyThreadEvent(whole, { sequence: 2, changed: [chatMessage("c", 30)], removed: [] })).toBeNull();
    expect(applyThreadEvent(undefined, { sequence: 1, changed: [chatMessage("b", 20)], removed: [] })).toBeNull();
    // A stream opened again starts whole, whatever came before.
    const again = applyThreadEvent(whole, { sequence: 0, messages: [chatMessage("b", 20)] });
    expect(again?.messages.map((m) => m.id)).toEqual(["b"]);
  });
});
