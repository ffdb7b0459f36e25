import { Link } from "@remix-run/react";
import type { PublicMember } from "~/features/members/member";
import { Avatar } from "../members/avatar";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";

export interface MatchesWidgetItem {
  member: Pick<PublicMember, "uid" | "fullName" | "avatar">;
  reason: string;
  presence: { online: boolean; lastChanged: number };
}

/**
 * The dashboard's matches widget body: the top few matches, each with why. The dashboard's
 * loader provides `items` from `findMatches(store, uid).cards.slice(0, 3)` (see topMatches).
 */
export function MatchesWidgetContent({ items }: { items: readonly MatchesWidgetItem[] }) {
  const { t } = useTranslation("dashboard");
  if (items.length === 0) {
    return (
      <p className="text-sm text-slate-600">
        {interleave(
          (mark) => t("matches.empty", { link: mark }),
          <Link to="/profile" className="font-medium text-brand-700 hover:underline">
            {t("matches.profileLink")}
          </Link>,
        )}
      </p>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-100">
        {items.map(({ member, reason, presence }) => (
          <li key={member.uid} className="flex items-center gap-3 py-2">
            <Avatar src={member.avatar} size="sm" presence={presence} />
            <div className="min-w-0">
              <Link
                to={`/members/${member.uid}`}
                className="block truncate text-sm font-medium hover:underline"
                translate="no"
              >
                <bdi>{member.fullName}</bdi>
              </Link>
              <p className="truncate text-xs text-slate-500" translate="no">
                {reason}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/matches" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t("matches.seeAll")}
      </Link>
    </div>
  );
}
