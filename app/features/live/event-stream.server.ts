/**
 * The live stream's body (`GET /api/live`): Server-Sent Events, each event one chunk of the body.
 *
 * remix-utils' `eventStream` enqueued an event as two chunks (its `event:` line, then its `data:`
 * line), and server.mjs writes each chunk to the socket as it comes: two writes, two TCP segments
 * and two wake-ups of the reader per event, for every member watching (decision 189). The bytes on
 * the wire are the same.
 */

export interface ServerSentEvent {
  event: string;
  /** One line: the JSON the feed sends never holds a line break (JSON.stringify escapes them). */
  data: string;
}

const encoder = new TextEncoder();

/** An event as it goes on the wire, its blank line included. */
export function encodeEvent({ event, data }: ServerSentEvent): Uint8Array {
  return encoder.encode(`event: ${event}\ndata: ${data}\n\n`);
}

/**
 * A `text/event-stream` response. `init` subscribes and answers how to unsubscribe; it runs when
 * the body starts, and its cleanup runs once, when `signal` aborts (the browser went away, or the
 * route ended the stream).
 */
export function eventStream(
  signal: AbortSignal,
  init: (send: (event: ServerSentEvent) => void) => () => void,
): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      const send = (event: ServerSentEvent) => {
        if (!closed) controller.enqueue(encodeEvent(event));
      };
      const cleanup = init(send);
      const close = () => {
        if (closed) return;
        closed = true;
        signal.removeEventListener("abort", close);
        cleanup();
        try {
          controller.close();
        } catch {
          // The reader cancelled the body first: nothing is left to close.
        }
      };
      signal.addEventListener("abort", close);
      if (signal.aborted) close();
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" },
  });
}
