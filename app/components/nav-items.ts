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
 * below it (with `end`, the section itself only), compared without case. NavLink's own rule
 * (react-router-dom, not case-sensitive); a navigation works it out from one location for all its
 * links instead of one NavLink each (decisions 148 and 156).
 */
export function isCurrentSection(pathname: string, to: string, { end = false } = {}): boolean {
  const path = pathname.toLowerCase();
  return path === to || (!end && path.startsWith(to) && path.charAt(to.length) === "/");
}
