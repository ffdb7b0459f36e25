import type { Presence } from "~/features/members/presence";
import { pictureSources } from "~/features/members/picture";

const SIZES = { sm: "h-10 w-10", md: "h-12 w-12", lg: "h-24 w-24" } as const;
const SHOWN_PX = { sm: 40, md: 48, lg: 96 } as const;

/** A dot's presence comes with its name in the reader's language (useLastSeen, or the chat pages' presenceText). */
type PresenceProps =
  { presence: Presence; presenceLabel: string } | { presence?: undefined; presenceLabel?: undefined };

/** A member's picture with an optional presence dot in the corner. */
export function Avatar({
  src,
  size = "md",
  presence,
  presenceLabel,
}: {
  src: string;
  size?: keyof typeof SIZES;
} & PresenceProps) {
  return (
    <span className={`relative inline-block shrink-0 ${SIZES[size]}`}>
      <img
        {...pictureSources(src, SHOWN_PX[size])}
        alt=""
        className={`${SIZES[size]} rounded-full bg-slate-100 object-cover`}
        loading="lazy"
      />
      {presence ? <PresenceDot presence={presence} label={presenceLabel} className="absolute bottom-0 end-0" /> : null}
    </span>
  );
}

export function PresenceDot({
  presence,
  label,
  className = "",
}: {
  presence: Presence;
  label: string;
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
