/** The embedded live transport's reconnection, with a stand-in EventSource and fetch. */
import i18next from "i18next";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
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

  it("stops reconnecting once the session has ended", async () => {
    const transport = await streamThatGaveUp(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.opened).toHaveLength(1);
    transport.close();
  });
});
