import { Link } from "@remix-run/react";
import type { PublicMember } from "~/features/members/member";
import { Avatar } from "../members/avatar";
import { MemberNameLink } from "../members/member-name-link";
import { useTranslation } from "react-i18next";
import { interleave } from "~/i18n/interleave";

export interface MatchesWidgetItem {
  member: Pick<PublicMember, "uid" | "name" | "avatar">;
  /** Why they match, written by the loader in the reader's language (topMatches). */
  reason: string;
  presence: { online: boolean; lastChanged: number };
  /** The presence dot's words in the reader's language. */
  presenceLabel: string;
}

/**
 * The dashboard's matches widget body: the top few matches, each with why. The dashboard's
 * loader provides `items` from topMatches, in the reader's language.
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
  // A fragment: the widget's body is already a block of its own (the dashboard's Widget), so the
  // list and the link need no wrapper of their own.
  return (
    <>
      <ul className="divide-y divide-slate-100">
        {items.map(({ member, reason, presence, presenceLabel }) => (
          <li key={member.uid} className="flex items-center gap-3 py-2">
            <Avatar src={member.avatar} size="sm" presence={presence} presenceLabel={presenceLabel} />
            <div className="min-w-0">
              <MemberNameLink uid={member.uid} name={member.name} className="text-sm font-medium" />
              <p className="truncate text-xs text-slate-500">{reason}</p>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/matches" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
        {t("matches.seeAll")}
      </Link>
    </>
  );
}
