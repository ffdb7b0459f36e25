import { createElement, forwardRef, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NavLink } from "react-router-dom";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/i18n/i18n.server";
import { BottomNav, SideNav } from "./navigation";
import { NAV_ITEMS, isCurrentSection } from "./nav-items";

// Counts the NavLinks the navigation draws: each one works out its own active mark from the location.
const navLinks = vi.hoisted(() => ({ rendered: 0 }));
vi.mock("@remix-run/react", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@remix-run/react")>();
  const CountedNavLink = forwardRef<HTMLAnchorElement, React.ComponentProps<typeof actual.NavLink>>(
    function CountedNavLink(props, ref) {
      navLinks.rendered++;
      return createElement(actual.NavLink, { ...props, ref });
    },
  );
  return { ...actual, NavLink: CountedNavLink };
});

const at = (url: string, children: ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor("en")}>
      <StaticRouter location={url}>{children}</StaticRouter>
    </I18nextProvider>,
  );

/** The section links each navigation marks as the current page, by href, and with which class. */
function currentLinks(html: string) {
  return [...html.matchAll(/<a [^>]*aria-current="page"[^>]*class="([^"]*)"[^>]*href="([^"]*)"/g)].map(
    ([, className, href]) => ({ href, className }),
  );
}

/** What react-router-dom's NavLink (no `end`, not case-sensitive) marks as active at `url`. */
function navLinkActive(url: string): string[] {
  const html = at(
    url,
    NAV_ITEMS.map((item) => (
      <NavLink key={item.to} to={item.to} className={({ isActive }) => (isActive ? "on" : "off")}>
        {item.to}
      </NavLink>
    )),
  );
  return [...html.matchAll(/class="on" href="([^"]*)"/g)].map(([, href]) => href);
}

const URLS = [
  "/dashboard",
  "/Dashboard",
  "/dashboard/",
  "/matches?skill=guitar#top",
  "/inbox/abc123",
  "/inboxes",
  "/community/t1/reply",
  "/progress",
  "/calendar",
  "/settings",
  "/",
];

describe("the signed-in navigation (SPEC.md §2; issue 28, decision 148)", () => {
  it.each(URLS)("marks as the current page at %s the section NavLink marked, with the same class", (url) => {
    const expected = navLinkActive(url);
    expect(
      NAV_ITEMS.filter((item) => isCurrentSection(new URL(url, "http://x").pathname, item.to)).map((i) => i.to),
    ).toEqual(expected);
    const side = currentLinks(at(url, <SideNav chatUnread={false} />));
    const bottom = currentLinks(at(url, <BottomNav chatUnread={false} />));
    expect(side.map((link) => link.href)).toEqual(expected);
    expect(bottom.map((link) => link.href)).toEqual(expected);
    for (const link of side)
      expect(link.className).toBe(
        "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium bg-brand-50 text-brand-700",
      );
    for (const link of bottom)
      expect(link.className).toBe(
        "relative flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium text-brand-700",
      );
  });

  it("draws the other links unmarked, each with its label and icon", () => {
    const html = at("/matches", <SideNav chatUnread={false} />);
    const dashboard = html.match(/<a [^>]*href="\/dashboard">/)?.[0];
    expect(dashboard).not.toContain("aria-current");
    expect(dashboard).toContain(
      'class="flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"',
    );
    expect([...html.matchAll(/<span class="flex-1">([^<]*)<\/span>/g)].map(([, label]) => label)).toEqual([
      "Dashboard",
      "Matches",
      "Chat",
      "Calendar",
      "Progress",
      "Community",
    ]);
    expect(html.match(/<svg /g)).toHaveLength(6);
  });

  it("shows the chat dot, named, only while a chat is unread", () => {
    for (const Nav of [SideNav, BottomNav]) {
      const unread = at("/dashboard", <Nav chatUnread />);
      expect(unread.match(/data-testid="chat-dot"/g)).toHaveLength(1);
      expect(unread).toMatch(
        /<a [^>]*href="\/inbox">.*data-testid="chat-dot"[^>]*aria-label="Unread messages" role="status"/,
      );
      expect(at("/dashboard", <Nav chatUnread={false} />)).not.toContain("chat-dot");
    }
  });

  it("works out the current section once for its twelve links, not in a NavLink each", () => {
    navLinks.rendered = 0;
    at("/matches", [<SideNav key="side" chatUnread />, <BottomNav key="bottom" chatUnread />]);
    expect(navLinks.rendered).toBe(0);
  });
});
