import type { LiveTransport } from "./types";
import { createSseTransport } from "./sse.client";

let transport: LiveTransport | undefined;

/** The page's one transport. The Firebase one joins here, loaded lazily, with the Firebase engine. */
export function getLiveTransport(): LiveTransport {
  transport ??= createSseTransport();
  return transport;
}
