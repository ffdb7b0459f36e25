import { timeAgo } from "~/utils/time";

/** A post's exact time, as shown on hover. */
export const exact = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** How long ago a post or thread was written, with the exact UTC time on hover. */
export function PostTime({ at, now }: { at: number; now: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} title={`${exact.format(at)} UTC`}>
      {timeAgo(at, now)}
    </time>
  );
}
