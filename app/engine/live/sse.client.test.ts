/** The embedded live transport's reconnection, with a stand-in EventSource and fetch. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
  addEventListener() {}
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

beforeEach(() => {
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
    expect(FakeEventSource.opened[1].url).toBe("/api/live?feeds=wallet");
    transport.close();
  });

  it("reconnects when the heartbeat cannot be reached (the server restarting)", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const transport = await streamThatGaveUp(204);
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
