export interface NavItem {
  label: string;
  to: string;
  tour: string;
  icon: "home" | "users" | "chat" | "calendar" | "chart" | "forum";
}

/** SPEC.md §2 main navigation, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", to: "/dashboard", tour: "nav-dashboard", icon: "home" },
  { label: "Matches", to: "/matches", tour: "nav-matches", icon: "users" },
  { label: "Chat", to: "/inbox", tour: "nav-chat", icon: "chat" },
  { label: "Calendar", to: "/calendar", tour: "nav-calendar", icon: "calendar" },
  { label: "Progress", to: "/progress", tour: "nav-progress", icon: "chart" },
  { label: "Community", to: "/community", tour: "nav-community", icon: "forum" },
];
