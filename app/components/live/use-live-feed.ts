import { useEffect, useState } from "react";
import { getLiveTransport } from "~/engine/live/transport.client";
import type { FeedName, FeedPayloads } from "~/engine/live/feeds";

type FeedOptions<F extends FeedName> = {
  enabled?: boolean;
  onError?: (error: Error, set: (value: FeedPayloads[F]) => void) => void;
};

/**
 * The latest value of a live feed, starting from what the server rendered. Subscribes only in
 * the browser (effects don't run on the server), so the first paint is the loader's data.
 */
export function useLiveFeed<F extends FeedName>(
  feed: F,
  initial: FeedPayloads[F],
  options: FeedOptions<F> = {},
): FeedPayloads[F] {
  return useLiveFeedValue(feed, initial, same, options);
}

const same = <T>(value: T): T => value;

/**
 * What `select` makes of a live feed's latest value, starting from `initial` (the server's own
 * answer of the same): for a page that shows less than the feed carries, such as the bell's count
 * of the latest notifications, so its loader need not send the feed's whole value.
 */
export function useLiveFeedValue<F extends FeedName, T>(
  feed: F,
  initial: T,
  select: (payload: FeedPayloads[F]) => T,
  options: FeedOptions<F> = {},
): T {
  const [value, setValue] = useState(initial);
  const { enabled = true, onError } = options;
  useEffect(() => {
    if (!enabled) return;
    const set = (payload: FeedPayloads[F]) => setValue(select(payload));
    return getLiveTransport().subscribe(feed, set, onError ? (error) => onError(error, set) : undefined);
    // select and onError are read once per subscription on purpose: callers pass inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feed, enabled]);
  return value;
}
