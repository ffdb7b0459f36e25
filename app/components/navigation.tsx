import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons";
import { NAV_ITEMS, isCurrentSection, type NavItem } from "./nav-items";

interface SectionClasses {
  always: string;
  current: string;
  other: string;
}

/** A section link's props, marked as the page when the location is in its section (decision 148). */
function sectionLink(item: NavItem, pathname: string, classes: SectionClasses) {
  const current = isCurrentSection(pathname, item.to);
  return {
    to: item.to,
    prefetch: "intent",
    "data-tour": item.tour,
    "aria-current": current ? "page" : undefined,
    className: `${classes.always} ${current ? classes.current : classes.other}`,
  } as const;
}

const SIDE_LINK: SectionClasses = {
  always: "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
  current: "bg-brand-50 text-brand-700",
  other: "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
};

const BOTTOM_LINK: SectionClasses = {
  always: "relative flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium",
  current: "text-brand-700",
  other: "text-slate-500",
};

/** Drawn only when a chat is unread; its label comes from the navigation's own t(). `place` puts it in its link. */
function ChatDot({ label, place }: { label: string; place: string }) {
  return (
    <span
      data-testid="chat-dot"
      className={`block h-2 w-2 rounded-full bg-red-500 ${place}`}
      aria-label={label}
      role="status"
    />
  );
}

/**
 * Left sidebar, large screens only (SPEC.md §2). A column of the page, not a fixed box: its
 * background and border run from the header to the bottom of the document however long the page
 * is (a fixed box ended at the first screen in full-page captures and prints), while the links
 * inside stay in view as the page scrolls.
 */
export function SideNav({ chatUnread }: { chatUnread: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div data-testid="sidebar" className="hidden w-60 shrink-0 border-e border-slate-200 bg-white pt-16 lg:block">
      <nav aria-label={t("nav.main")} className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto px-3 py-6">
        <ul className="space-y-1">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <Link {...sectionLink(item, pathname, SIDE_LINK)}>
                <Icon name={item.icon} className="h-5 w-5" />
                {/* The label is the link's own text; the dot, at the row's end, needs no wrapper to push it there. */}
                {t(item.labelKey)}
                {item.to === "/inbox" && chatUnread ? (
                  <ChatDot label={t("nav.unreadMessages")} place="ms-auto" />
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** Bottom bar, small screens only. */
export function BottomNav({ chatUnread }: { chatUnread: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t("nav.main")}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-6">
        {NAV_ITEMS.map((item) => (
          <li key={item.to}>
            <Link {...sectionLink(item, pathname, BOTTOM_LINK)}>
              <Icon name={item.icon} className="h-5 w-5" />
              {t(item.labelKey)}
              {item.to === "/inbox" && chatUnread ? (
                <ChatDot label={t("nav.unreadMessages")} place="absolute end-[calc(50%-16px)] top-1.5" />
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
