export interface NavItem {
  /** The key of its label in the common catalogue (`nav.*`). */
  labelKey: string;
  to: string;
  tour: string;
  icon: "home" | "users" | "chat" | "calendar" | "chart" | "forum";
}

/** SPEC.md §2 main navigation, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { labelKey: "nav.dashboard", to: "/dashboard", tour: "nav-dashboard", icon: "home" },
  { labelKey: "nav.matches", to: "/matches", tour: "nav-matches", icon: "users" },
  { labelKey: "nav.chat", to: "/inbox", tour: "nav-chat", icon: "chat" },
  { labelKey: "nav.calendar", to: "/calendar", tour: "nav-calendar", icon: "calendar" },
  { labelKey: "nav.progress", to: "/progress", tour: "nav-progress", icon: "chart" },
  { labelKey: "nav.community", to: "/community", tour: "nav-community", icon: "forum" },
];

/**
 * Whether the page at `pathname` belongs to the section `to` leads to: the section itself or a page
 * below it, compared without case. NavLink's own rule (react-router-dom, no `end`, not case-sensitive);
 * the navigation works it out from one location for all its links instead of one NavLink each
 * (decision 148).
 */
export function isCurrentSection(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase();
  return path === to || (path.startsWith(to) && path.charAt(to.length) === "/");
}
