import { useEffect, useState } from "react";
import { getLiveTransport } from "~/engine/live/transport.client";
import type { FeedName, FeedPayloads } from "~/engine/live/feeds";

/**
 * The latest value of a live feed, starting from what the server rendered. Subscribes only in
 * the browser (effects don't run on the server), so the first paint is the loader's data.
 */
export function useLiveFeed<F extends FeedName>(
  feed: F,
  initial: FeedPayloads[F],
  options: { enabled?: boolean; onError?: (error: Error, set: (value: FeedPayloads[F]) => void) => void } = {},
): FeedPayloads[F] {
  const [value, setValue] = useState(initial);
  const { enabled = true, onError } = options;
  useEffect(() => {
    if (!enabled) return;
    return getLiveTransport().subscribe(feed, setValue, onError ? (error) => onError(error, setValue) : undefined);
    // onError is read once per subscription on purpose: callers pass inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed, enabled]);
  return value;
}
