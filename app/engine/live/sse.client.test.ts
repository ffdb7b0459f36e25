/** The embedded live transport's reconnection, with a stand-in EventSource and fetch. */
import i18next from "i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { chatMessage } from "../../../tests/support/chat-message";
import { createSseTransport } from "./sse.client";

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  private readonly handlers = new Map<string, (event: MessageEvent<string>) => void>();
  addEventListener(type: string, handler: (event: MessageEvent<string>) => void) {
    this.handlers.set(type, handler);
  }
  /** The server sent `payload` on `feed`: delivered only while the stream is open, as a browser does. */
  send(feed: string, payload: unknown) {
    if (this.readyState !== FakeEventSource.CLOSED)
      this.handlers.get(feed)?.(new MessageEvent(feed, { data: JSON.stringify(payload) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The browser gave up on the stream (a 401 or a 5xx): CLOSED, then an error event. */
  giveUp() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

let heartbeatStatus = 204;
const fetchMock = vi.fn(async () => new Response(null, { status: heartbeatStatus }));

beforeAll(async () => {
  // The tab's language, as entry.client.tsx sets it before the page hydrates.
  await i18next.init({ lng: "fr", resources: {} });
});

beforeEach(async () => {
  await i18next.changeLanguage("fr");
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("fetch", fetchMock);
  fetchMock.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function streamThatGaveUp(status: number) {
  heartbeatStatus = status;
  const transport = createSseTransport();
  transport.subscribe("wallet", () => {});
  await vi.advanceTimersByTimeAsync(0);
  expect(FakeEventSource.opened).toHaveLength(1);
  FakeEventSource.opened[0].giveUp();
  await vi.advanceTimersByTimeAsync(60_000);
  return transport;
}

describe("createSseTransport", () => {
  it("reconnects a stream that gave up while the session holds", async () => {
    const transport = await streamThatGaveUp(204);
    expect(fetchMock).toHaveBeenCalledWith("/api/heartbeat", { method: "POST", credentials: "same-origin" });
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toBe("/api/live?feeds=wallet&lang=fr");
    transport.close();
  });

  it("reconnects when the heartbeat cannot be reached (the server restarting)", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const transport = await streamThatGaveUp(204);
    expect(FakeEventSource.opened).toHaveLength(2);
    transport.close();
  });

  it("asks again in the tab's new language the moment it switches, and hears nothing more of the old stream", async () => {
    const transport = createSseTransport();
    const received: unknown[] = [];
    transport.subscribe("notifications", (payload) => received.push(payload));
    await vi.advanceTimersByTimeAsync(0);
    const [french] = FakeEventSource.opened;
    expect(french.url).toBe("/api/live?feeds=notifications&lang=fr");
    french.send("notifications", ["Guitare"]);

    await i18next.changeLanguage("ar");
    french.send("notifications", ["Échecs"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(2);
    const arabic = FakeEventSource.opened[1];
    expect(arabic.url).toBe("/api/live?feeds=notifications&lang=ar");
    arabic.send("notifications", ["شطرنج"]);
    expect(received).toEqual([["Guitare"], ["شطرنج"]]);

    // A language set again to the one the stream speaks asks nothing new.
    await i18next.changeLanguage("ar");
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(2);
    transport.close();
  });

  it("merges a thread's changes onto what it holds, and asks for it whole again when one was missed (decision 154)", async () => {
    const transport = createSseTransport();
    const feed = "chatMessages:amy_bob";
    const message = (id: string, timestamp: number, seen = false) => chatMessage(id, timestamp, { seen });
    const received: string[][] = [];
    const tab = (messages: { id: string; seen: boolean }[]) => messages.map((m) => `${m.id}${m.seen ? "✓" : ""}`);
    transport.subscribe(feed, (messages) => received.push(tab(messages)));
    await vi.advanceTimersByTimeAsync(0);
    const [first] = FakeEventSource.opened;
    first.send(feed, { sequence: 0, messages: [message("a", 10), message("b", 20)] });
    first.send(feed, { sequence: 1, changed: [message("c", 30)], removed: ["a"] });
    first.send(feed, { sequence: 2, changed: [message("b", 20, true)], removed: [] });
    expect(received).toEqual([
      ["a", "b"],
      ["b", "c"],
      ["b✓", "c"],
    ]);

    // A second island on the same page starts from the merged thread.
    const second: string[][] = [];
    transport.subscribe(feed, (messages) => second.push(tab(messages)));
    await vi.advanceTimersByTimeAsync(0);
    expect(second).toEqual([["b✓", "c"]]);

    // Event 4 after 2: one was missed; nothing is merged and a new stream sends the thread whole.
    first.send(feed, { sequence: 4, changed: [message("e", 50)], removed: [] });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toBe(`/api/live?feeds=${feed}&lang=fr`);
    FakeEventSource.opened[1].send(feed, {
      sequence: 0,
      messages: [message("c", 30), message("d", 40), message("e", 50)],
    });
    expect(received.at(-1)).toEqual(["c", "d", "e"]);
    expect(second.at(-1)).toEqual(["c", "d", "e"]);
    expect(received).toHaveLength(4);
    transport.close();
  });

  it("stops reconnecting once the session has ended", async () => {
    const transport = await streamThatGaveUp(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(1);
    transport.close();
  });
});
