import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons";
import { NAV_ITEMS, isCurrentSection } from "./nav-items";

// One list for both widths (decision 175): below Tailwind's lg the classes without a prefix draw the
// phone's bar, and the `lg:` ones turn the same elements into the sidebar. The links' own classes are
// `.nav-link` and its two states in tailwind.css (decision 180).

/**
 * The main navigation (SPEC.md §2), before the page's content in the document at every width.
 * Below lg, a bar fixed at the bottom of the window. From lg, the left sidebar: a column of the
 * page, not a fixed box, so its background and border run from the header to the bottom of the
 * document however long the page is (a fixed box ended at the first screen in full-page captures
 * and prints), while its list stays in view as the page scrolls.
 */
export function Navigation({ chatUnread }: { chatUnread: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t("nav.main")}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:static lg:z-auto lg:w-60 lg:shrink-0 lg:border-e lg:border-t-0 lg:pb-0 lg:pt-16"
    >
      <ul className="grid grid-cols-6 lg:sticky lg:top-16 lg:block lg:max-h-[calc(100vh-4rem)] lg:space-y-1 lg:overflow-y-auto lg:px-3 lg:py-6">
        {NAV_ITEMS.map((item) => {
          // Marked as the page when the location is in its section (decision 148).
          const current = isCurrentSection(pathname, item.to);
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                prefetch="intent"
                data-tour={item.tour}
                aria-current={current ? "page" : undefined}
                className={current ? "nav-link nav-link-current" : "nav-link nav-link-other"}
              >
                <Icon name={item.icon} className="h-5 w-5" />
                {t(item.labelKey)}
                {/* Drawn only while a chat is unread: over the icon's corner on the bar, at the row's end in the sidebar. */}
                {item.to === "/inbox" && chatUnread ? (
                  <span
                    data-testid="chat-dot"
                    className="absolute end-[calc(50%-16px)] top-1.5 block h-2 w-2 rounded-full bg-red-500 lg:static lg:ms-auto"
                    aria-label={t("nav.unreadMessages")}
                    role="status"
                  />
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
