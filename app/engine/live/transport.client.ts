import type { FeedName, FeedPayloads } from "./feeds";
import type { LiveTransport } from "./types";
import { createSseTransport } from "./sse.client";

let transport: LiveTransport | undefined;

/**
 * Firebase mode: the SDK is fetched only now, in the browser, inside the islands that listen, so
 * pages of the embedded engine ship none of it. Subscriptions made while it loads are attached
 * when it arrives.
 */
function createDeferredFirebaseTransport(): LiveTransport {
  const sse = createSseTransport();
  const config = window.ENV?.FIREBASE;
  const loading: Promise<LiveTransport> = config
    ? import("./firebase.client").then(({ createFirebaseTransport }) => createFirebaseTransport(config, sse))
    : Promise.reject(new Error("The Firebase web config is missing from window.ENV"));
  return {
    subscribe<F extends FeedName>(
      feed: F,
      onData: (payload: FeedPayloads[F]) => void,
      onError?: (error: Error) => void,
    ) {
      let stop: (() => void) | undefined;
      let cancelled = false;
      loading.then(
        (live) => {
          if (!cancelled) stop = live.subscribe(feed, onData, onError);
        },
        (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
      );
      return () => {
        cancelled = true;
        stop?.();
      };
    },
    close() {
      void loading.then(
        (live) => live.close(),
        () => sse.close(),
      );
    },
  };
}

/** The page's one transport: SSE on the embedded engine, Firestore listeners on Firebase. */
export function getLiveTransport(): LiveTransport {
  transport ??= window.ENV?.BACKEND === "firebase" ? createDeferredFirebaseTransport() : createSseTransport();
  return transport;
}
