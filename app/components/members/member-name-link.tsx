import { Link } from "@remix-run/react";

/**
 * A member's name on one line, cut short when too long, linking to their page. It takes the name's
 * own direction, so a Latin name in an Arabic line loses its end behind the ellipsis, not its start;
 * a browser translator leaves it alone.
 */
export function MemberNameLink({ uid, name, className }: { uid: string; name: string; className: string }) {
  return (
    <Link to={`/members/${uid}`} dir="auto" translate="no" className={`block truncate hover:underline ${className}`}>
      {name}
    </Link>
  );
}
