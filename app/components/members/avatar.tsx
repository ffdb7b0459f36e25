import type { Presence } from "~/features/members/presence";
import { lastSeenText } from "~/features/members/presence";
import { pictureSources } from "~/features/members/picture";

const SIZES = { sm: "h-10 w-10", md: "h-12 w-12", lg: "h-24 w-24" } as const;
const SHOWN_PX = { sm: 40, md: 48, lg: 96 } as const;

/**
 * A member's picture with an optional presence dot in the corner. `presenceLabel` is the dot's name
 * in the reader's language (useLastSeen, or the chat pages' presenceText); without it the dot says
 * lastSeenText's English.
 */
export function Avatar({
  src,
  size = "md",
  presence,
  presenceLabel,
  now,
}: {
  src: string;
  size?: keyof typeof SIZES;
  presence?: Presence;
  presenceLabel?: string;
  now?: number;
}) {
  return (
    <span className={`relative inline-block shrink-0 ${SIZES[size]}`}>
      <img
        {...pictureSources(src, SHOWN_PX[size])}
        alt=""
        className={`${SIZES[size]} rounded-full bg-slate-100 object-cover`}
        loading="lazy"
      />
      {presence ? (
        <PresenceDot presence={presence} label={presenceLabel} now={now} className="absolute bottom-0 end-0" />
      ) : null}
    </span>
  );
}

export function PresenceDot({
  presence,
  now,
  label = lastSeenText(presence, now ?? presence.lastChanged),
  className = "",
}: {
  presence: Presence;
  label?: string;
  now?: number;
  className?: string;
}) {
  return (
    <span
      data-testid="presence-dot"
      data-online={presence.online ? "true" : "false"}
      title={label}
      aria-label={label}
      role="img"
      className={`block h-3 w-3 rounded-full ring-2 ring-white ${presence.online ? "bg-emerald-500" : "bg-slate-300"} ${className}`}
    />
  );
}
