import { describe, expect, it } from "vitest";
import { eventStream } from "./event-stream.server";

describe("the live stream's body (decision 189)", () => {
  it("sends each event as one chunk, the bytes an EventSource reads, and cleans up once when aborted", async () => {
    const ended = new AbortController();
    let send: ((event: { event: string; data: string }) => void) | undefined;
    let cleanups = 0;
    const response = eventStream(ended.signal, (s) => {
      send = s;
      return () => cleanups++;
    });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    const reader = response.body!.getReader();
    send!({ event: "chatMessages:c1", data: JSON.stringify({ sequence: 1, changed: [], removed: ["m1"] }) });
    send!({ event: "ping", data: "1" });
    const decode = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);
    expect(decode((await reader.read()).value)).toBe(
      'event: chatMessages:c1\ndata: {"sequence":1,"changed":[],"removed":["m1"]}\n\n',
    );
    expect(decode((await reader.read()).value)).toBe("event: ping\ndata: 1\n\n");

    ended.abort();
    ended.abort();
    expect(cleanups).toBe(1);
    // An event after the end (a watcher's last callback) is dropped, not thrown into the store.
    expect(() => send!({ event: "ping", data: "2" })).not.toThrow();
    expect((await reader.read()).done).toBe(true);
  });

  it("cleans up at once when the request was already aborted", async () => {
    const ended = new AbortController();
    ended.abort();
    let cleanups = 0;
    const response = eventStream(ended.signal, () => () => cleanups++);
    expect(cleanups).toBe(1);
    expect((await response.body!.getReader().read()).done).toBe(true);
  });
});
