import { Link } from "@remix-run/react";
import type { ShownName } from "~/features/members/member";
import { nameTranslate } from "./isolated-name";

/**
 * A member's name on one line, cut short when too long, linking to their page. It takes the name's
 * own direction, so a Latin name in an Arabic line loses its end behind the ellipsis, not its start;
 * a browser translator leaves the member's own name alone, not the reader's word for a missing one.
 */
export function MemberNameLink({ uid, name, className }: { uid: string; name: ShownName; className: string }) {
  return (
    <Link
      to={`/members/${uid}`}
      dir="auto"
      translate={nameTranslate(name)}
      className={`block truncate hover:underline ${className}`}
    >
      {name.text}
    </Link>
  );
}
