import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "./icons";
import { Logo } from "./logo";
import { ProfileMenu } from "./profile-menu";

interface AppHeaderProps {
  displayName: string;
  avatar: string;
  /** The bell's badge, live once the notifications feed is connected. */
  bellBadge?: ReactNode;
  /** The wallet dropdown. */
  wallet?: ReactNode;
}

export function AppHeader({ displayName, avatar, bellBadge, wallet }: AppHeaderProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
      <Link to="/dashboard" data-tour="dashboard-button" aria-label="SkillSwap dashboard" className="mr-auto rounded-lg">
        <Logo />
      </Link>
      <div data-slot="wallet">{wallet}</div>
      <Link to="/notifications" aria-label="Notifications" className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100">
        <Icon name="bell" className="h-6 w-6" />
        {bellBadge}
      </Link>
      <ProfileMenu displayName={displayName} avatar={avatar} />
    </header>
  );
}
