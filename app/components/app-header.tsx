import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { Icon } from "./icons";
import { Logo } from "./logo";
import { ProfileMenu } from "./profile-menu";

interface AppHeaderProps {
  displayName: string;
  avatar: string;
  /** The bell badge's text ("3", "9+"), or null to hide it. */
  bellBadge: string | null;
  /** The wallet dropdown. */
  wallet?: ReactNode;
}

export function AppHeader({ displayName, avatar, bellBadge, wallet }: AppHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="fixed inset-x-0 top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:gap-3 sm:px-6">
      <Link
        to="/dashboard"
        data-tour="dashboard-button"
        aria-label={t("header.dashboardLink")}
        className="me-auto rounded-lg"
      >
        <Logo compactBelow400 />
      </Link>
      {wallet}
      <Link
        to="/notifications"
        aria-label={bellBadge ? t("header.notificationsUnread", { badge: bellBadge }) : t("header.notifications")}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100"
      >
        <Icon name="bell" className="h-6 w-6" />
        {bellBadge ? (
          <span
            data-testid="bell-badge"
            className="absolute end-0 top-0 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] font-bold leading-5 text-white"
          >
            {bellBadge}
          </span>
        ) : null}
      </Link>
      <ProfileMenu displayName={displayName} avatar={avatar} />
    </header>
  );
}
