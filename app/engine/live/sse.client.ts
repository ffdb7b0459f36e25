import i18next from "i18next";
import type { FeedName, FeedPayloads } from "./feeds";
import type { LiveTransport } from "./types";
import { applyThreadEvent, type ThreadEvent, type ThreadState } from "./thread-events";

type Listener = { onData: (payload: unknown) => void; onError?: (error: Error) => void };

const MAX_BACKOFF_MS = 30_000;

/**
 * The embedded engine's transport: one EventSource per page carrying every feed its islands
 * subscribed to. A new feed reconnects with the larger set (the server sends current values on
 * connect, so nothing is missed); a dropped connection is retried with backoff, unless the
 * session ended (POST /api/heartbeat answers 401): then the page has nothing left to listen to.
 * The stream names members and skills in the tab's language (`lang`); when the tab switches, the
 * old stream is closed at once and a new one asked for, so nothing named in the old language
 * arrives after the switch (decision 111). A chat's thread arrives as changes, merged here onto
 * what came before; when one was missed, the stream is asked for again and sends it whole
 * (decision 154).
 */
export function createSseTransport(endpoint = "/api/live", heartbeat = "/api/heartbeat"): LiveTransport {
  const listeners = new Map<FeedName, Set<Listener>>();
  const latest = new Map<FeedName, unknown>();
  const threads = new Map<FeedName, ThreadState>();
  let source: EventSource | null = null;
  let connectedFeeds = new Set<FeedName>();
  let connectedLanguage = "";
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let backoff = 1_000;

  function connect() {
    reconnectTimer = undefined;
    source?.close();
    connectedFeeds = new Set(listeners.keys());
    if (connectedFeeds.size === 0) {
      source = null;
      return;
    }
    connectedLanguage = i18next.language;
    const es = new EventSource(
      `${endpoint}?feeds=${[...connectedFeeds].sort().join(",")}&lang=${encodeURIComponent(connectedLanguage)}`,
    );
    source = es;
    es.onopen = () => {
      backoff = 1_000;
    };
    es.onerror = () => {
      // The browser retries by itself while CONNECTING; CLOSED means it gave up (e.g. a 401 or 5xx).
      if (es.readyState === EventSource.CLOSED && source === es) {
        const delay = backoff;
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        void retryUnlessSignedOut(es, delay);
      }
    };
    for (const feed of connectedFeeds) {
      es.addEventListener(feed, (event) => {
        let payload: unknown;
        try {
          payload = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        if (feed.startsWith("chatMessages:")) {
          const thread = applyThreadEvent(threads.get(feed), payload as ThreadEvent);
          if (!thread) return readAgain(es);
          threads.set(feed, thread);
          payload = thread.messages;
        }
        latest.set(feed, payload);
        for (const l of listeners.get(feed) ?? []) l.onData(payload);
      });
      es.addEventListener(`${feed}:error`, (event) => {
        const error = new Error(safeMessage((event as MessageEvent<string>).data));
        for (const l of listeners.get(feed) ?? []) l.onError?.(error);
      });
    }
  }

  /**
   * An EventSource cannot read the status that closed it: the heartbeat says whether the session
   * ended (401), when reconnecting could only be refused again. Any other answer, or none (the
   * server restarting), retries after `delay`.
   */
  async function retryUnlessSignedOut(es: EventSource, delay: number) {
    const status = await fetch(heartbeat, { method: "POST", credentials: "same-origin" }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 401 || source !== es) return;
    schedule(delay);
  }

  /** A thread event that does not follow the last one: a new stream sends every feed whole. */
  function readAgain(es: EventSource) {
    if (source !== es) return;
    es.close();
    source = null;
    threads.clear();
    schedule();
  }

  function schedule(delay = 0) {
    if (reconnectTimer === undefined) reconnectTimer = setTimeout(connect, delay);
  }

  function followLanguage(language: string) {
    if (!source || language === connectedLanguage) return;
    source.close();
    source = null;
    latest.clear();
    threads.clear();
    schedule();
  }
  i18next.on("languageChanged", followLanguage);

  return {
    subscribe<F extends FeedName>(
      feed: F,
      onData: (payload: FeedPayloads[F]) => void,
      onError?: (error: Error) => void,
    ) {
      const listener: Listener = { onData: onData as (payload: unknown) => void, onError };
      let set = listeners.get(feed);
      if (!set) listeners.set(feed, (set = new Set()));
      set.add(listener);
      if (!connectedFeeds.has(feed) || !source) schedule();
      else if (latest.has(feed)) queueMicrotask(() => set?.has(listener) && listener.onData(latest.get(feed)));
      return () => {
        set?.delete(listener);
        if (set?.size === 0) listeners.delete(feed);
        // Fewer feeds than connected is harmless; drop the stream only when nothing listens.
        if (listeners.size === 0) {
          clearTimeout(reconnectTimer);
          reconnectTimer = setTimeout(connect, 2_000);
        }
      };
    },
    close() {
      i18next.off("languageChanged", followLanguage);
      clearTimeout(reconnectTimer);
      source?.close();
      source = null;
      listeners.clear();
      latest.clear();
      threads.clear();
    },
  };
}

function safeMessage(raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { error?: unknown };
    return typeof parsed.error === "string" ? parsed.error : "Live feed failed";
  } catch {
    return "Live feed failed";
  }
}
