import type { FeedName, FeedPayloads } from "./feeds";

/** The LiveTransport port (browser): named feeds of the signed-in user, pushed as they change. */
export interface LiveTransport {
  subscribe<F extends FeedName>(
    feed: F,
    onData: (payload: FeedPayloads[F]) => void,
    onError?: (error: Error) => void,
  ): () => void;
  close(): void;
}
