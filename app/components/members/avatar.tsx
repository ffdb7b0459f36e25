import type { Presence } from "~/features/members/presence";
import { pictureSources } from "~/features/members/picture";

const SIZES = { sm: "h-10 w-10", md: "h-12 w-12", lg: "h-24 w-24" } as const;
const SHOWN_PX = { sm: 40, md: 48, lg: 96 } as const;

/** A dot's presence comes with its name in the reader's language (useLastSeen, or the chat pages' presenceText). */
type PresenceProps =
  { presence: Presence; presenceLabel: string } | { presence?: undefined; presenceLabel?: undefined };

/**
 * A member's picture with an optional presence dot in the corner. With a presence, the picture's box
 * is the presence's image (its name the last-seen words, the picture itself decorative) and the dot is
 * its ::after (`.presence`, tailwind.css): a <span> of its own was one more element on every card of
 * /matches (decision 205). The accessibility tree is the same: one image named by the presence.
 */
export function Avatar({
  src,
  size = "md",
  presence,
  presenceLabel,
}: {
  src: string;
  size?: keyof typeof SIZES;
} & PresenceProps) {
  const picture = (
    <img
      {...pictureSources(src, SHOWN_PX[size])}
      alt=""
      className={`${SIZES[size]} rounded-full bg-slate-100 object-cover`}
      loading="lazy"
    />
  );
  const box = `relative inline-block shrink-0 ${SIZES[size]}`;
  if (!presence) return <span className={box}>{picture}</span>;
  return (
    <span
      data-online={presence.online ? "true" : "false"}
      title={presenceLabel}
      aria-label={presenceLabel}
      role="img"
      className={`presence ${box}`}
    >
      {picture}
    </span>
  );
}
