/**
 * Every page of the app, for the tests that visit them all (layout on hostile content,
 * accessibility). Adding a route? Add it here: one line, with the controls a person must be able
 * to reach on it. `path` receives the world (world.ts, hostile.ts) for pages that need ids.
 */
import type { Page, Locator } from "@playwright/test";
import { unsubscribeToken } from "~/features/digest/unsubscribe-token.server";
import { sessionSecret } from "./store";
import type { PageWorld } from "./world";

export interface AppPage {
  name: string;
  path: (world: PageWorld) => string;
  /** Controls that must sit fully inside the viewport's width (after scrolling them into view). */
  primary?: (page: Page, world: PageWorld) => Locator[];
  /** False for signed-in pages drawn without the app's header and bottom bar. */
  chrome?: boolean;
}

/** Pages a signed-out visitor sees. */
export const SIGNED_OUT_PAGES: AppPage[] = [
  { name: "landing", path: () => "/" },
  { name: "sign in", path: () => "/auth", primary: (p) => [p.getByRole("button", { name: "Sign in", exact: true })] },
  { name: "sign up", path: () => "/signup", primary: (p) => [p.getByRole("button", { name: "Create account" })] },
  { name: "reset password", path: () => "/reset-password" },
  { name: "privacy notice", path: () => "/privacy" },
  { name: "terms of use", path: () => "/terms" },
  { name: "reset link", path: () => "/auth/action?mode=resetPassword&oobCode=not-a-real-code" },
  { name: "not found", path: () => "/no-such-page-here" },
  { name: "404 page", path: () => "/404" },
  // What the service worker shows without network (decision 045); also a page of its own.
  { name: "offline", path: () => "/offline", primary: (p) => [p.getByRole("link", { name: "Try again" })] },
  // The digest's one-click unsubscribe page, signed out, with the link a digest of `me` carries (decision 047).
  {
    name: "digest unsubscribe",
    path: (w) => `/digest/unsubscribe?token=${unsubscribeToken(sessionSecret(), w.me.uid, Date.now())}`,
    primary: (p) => [p.getByRole("button", { name: "Unsubscribe" })],
  },
];

/** Pages of the signed-in app; the header's profile menu must be reachable on each. */
export const SIGNED_IN_PAGES: AppPage[] = [
  { name: "dashboard", path: () => "/dashboard" },
  { name: "matches", path: () => "/matches" },
  { name: "members", path: () => "/members", primary: (p) => [p.getByRole("button", { name: "Search" })] },
  {
    name: "member page",
    path: (w) => `/members/${w.other.uid}`,
    primary: (p) => [
      p
        .getByRole("button", { name: "Message" })
        .or(p.getByRole("link", { name: "Message" }))
        .first(),
    ],
  },
  { name: "missing member", path: () => "/members/nobody-here" },
  { name: "inbox", path: () => "/inbox" },
  { name: "chat thread", path: (w) => `/inbox/${w.chatId}`, primary: (p) => [p.getByRole("button", { name: "Send" })] },
  { name: "calendar", path: () => "/calendar" },
  { name: "calendar week", path: () => "/calendar?view=week" },
  { name: "calendar month", path: () => "/calendar?view=month" },
  { name: "booking panel", path: (w) => `/calendar?book=${w.other.uid}` },
  { name: "session room", path: (w) => `/session/${w.bookingId}`, chrome: false },
  { name: "profile", path: () => "/profile" },
  { name: "profile setup", path: () => "/profile-setup" },
  { name: "progress", path: () => "/progress" },
  { name: "saved", path: () => "/saved" },
  { name: "settings", path: () => "/settings" },
  { name: "wallet", path: () => "/wallet" },
  { name: "notifications", path: () => "/notifications" },
  { name: "community", path: () => "/community" },
  { name: "community thread", path: (w) => `/community/${w.threadId}` },
  { name: "discuss", path: () => "/discuss", chrome: false },
  { name: "board", path: () => "/board", primary: (p) => [p.getByRole("button", { name: "Search" })] },
  { name: "board filtered", path: () => "/board?type=offer&format=in_person&sort=fit" },
  { name: "board post", path: (w) => `/board/${w.boardPostId}` },
  {
    name: "report page",
    path: (w) => `/report?targetKind=board_post&targetId=${w.boardPostId}&contextId=${w.boardPostId}`,
  },
  { name: "board my post", path: (w) => `/board/${w.myBoardPostId}` },
  { name: "board my posts", path: () => "/board/mine" },
  {
    name: "board new post",
    path: () => "/board/new",
    primary: (p) => [p.getByRole("button", { name: "Put it on the board" })],
  },
  {
    name: "board edit post",
    path: (w) => `/board/${w.myBoardPostId}/edit`,
    primary: (p) => [p.getByRole("button", { name: "Save changes" })],
  },
  { name: "subscriptions", path: () => "/subscriptions" },
  // A member who is not an admin gets the ordinary 404 page.
  { name: "admin", path: () => "/admin", chrome: false },
  // Stripe's hosted checkout in production; the labelled test checkout pages and the return page here.
  { name: "test checkout", path: (w) => w.checkoutUrl, chrome: false },
  { name: "test plan checkout", path: (w) => w.planCheckoutUrl, chrome: false },
  { name: "checkout cancelled", path: () => "/checkout?status=cancelled", chrome: false },
];

/** The back office, seen by the world's admin (its own header, without the app's chrome). */
export const ADMIN_PAGES: AppPage[] = [
  { name: "admin overview", path: () => "/admin", chrome: false },
  { name: "admin members", path: () => "/admin/members", chrome: false },
  { name: "admin member", path: (w) => `/admin/members/${w.me.uid}`, chrome: false },
  { name: "admin disputes", path: () => "/admin/disputes", chrome: false },
  { name: "admin payments", path: () => "/admin/payments", chrome: false },
  { name: "admin reports", path: () => "/admin/reports", chrome: false },
  { name: "admin audit log", path: () => "/admin/audit", chrome: false },
  // The world's admin has not accepted the current terms (world.ts), so this page asks them to.
  {
    name: "new terms",
    path: () => "/terms/accept?redirectTo=%2Fadmin",
    chrome: false,
    primary: (p) => [p.getByRole("button", { name: "Accept and continue" })],
  },
];

export const WIDTHS = [320, 390, 768, 1280] as const;
