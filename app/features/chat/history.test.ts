import { describe, expect, it } from "vitest";
import { chatMessage } from "../../../tests/support/chat-message";
import { mergeMessages } from "./history";

const message = (id: string, timestamp: number, seen = false) => chatMessage(id, timestamp, { seen });

describe("mergeMessages", () => {
  it("puts an earlier page before the live window, oldest first, once per id", () => {
    const live = [message("c", 30), message("d", 40)];
    const earlier = [message("a", 10), message("b", 20), message("c", 30)];
    expect(mergeMessages(live, earlier).map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("keeps messages that left the live window and takes the newer copy of the others", () => {
    const known = [message("a", 10), message("b", 20)];
    const merged = mergeMessages(known, [message("b", 20, true), message("c", 30)]);
    expect(merged.map((m) => [m.id, m.seen])).toEqual([
      ["a", false],
      ["b", true],
      ["c", false],
    ]);
  });

  it("orders messages of the same millisecond by id and answers the same list when nothing changed", () => {
    const known = mergeMessages([], [message("y", 10), message("x", 10)]);
    expect(known.map((m) => m.id)).toEqual(["x", "y"]);
    expect(mergeMessages(known, [message("x", 10)])).toBe(known);
  });
});
