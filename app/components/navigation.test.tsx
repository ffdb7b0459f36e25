import { describe, expect, it, vi } from "vitest";
import { drawnAt as at, navLinkActive } from "../../tests/support/navigation-links";
import { Navigation } from "./navigation";
import { NAV_ITEMS, isCurrentSection } from "./nav-items";

const navLinks = vi.hoisted(() => ({ rendered: 0 }));
vi.mock("@remix-run/react", async (importOriginal) =>
  (await import("../../tests/support/navigation-links")).withCountedNavLink(await importOriginal(), navLinks),
);

/** The section links each navigation marks as the current page, by href, and with which class. */
function currentLinks(html: string) {
  return [...html.matchAll(/<a [^>]*aria-current="page"[^>]*class="([^"]*)"[^>]*href="([^"]*)"/g)].map(
    ([, className, href]) => ({ href, className }),
  );
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

describe("the signed-in navigation (SPEC.md §2; issue 28, decisions 148 and 175)", () => {
  it.each(URLS)("marks as the current page at %s the section NavLink marked, with the same class", (url) => {
    const expected = navLinkActive(url, NAV_ITEMS);
    expect(
      NAV_ITEMS.filter((item) => isCurrentSection(new URL(url, "http://x").pathname, item.to)).map((i) => i.to),
    ).toEqual(expected);
    const current = currentLinks(at(url, <Navigation chatUnread={false} />));
    expect(current.map((link) => link.href)).toEqual(expected);
    // The phone's bar marks it in colour; the sidebar (lg) with a background too (tailwind.css, decision 180).
    for (const link of current) expect(link.className).toBe("nav-link nav-link-current");
  });

  it("is one landmark with one list for both widths, the other links unmarked, each with its label and icon", () => {
    const html = at("/matches", <Navigation chatUnread={false} />);
    expect(html.match(/<nav /g)).toHaveLength(1);
    expect(html).toMatch(/^<nav aria-label="Main" class="[^"]*lg:static[^"]*"><ul class="[^"]*">/);
    expect(html.match(/<ul /g)).toHaveLength(1);
    const dashboard = html.match(/<a [^>]*href="\/dashboard">/)?.[0];
    expect(dashboard).not.toContain("aria-current");
    expect(dashboard).toContain('class="nav-link nav-link-other"');
    // Each link: its icon (one element, decision 166), then its label as the link's own text.
    expect(
      [...html.matchAll(/<span aria-hidden="true" data-icon="[\w-]+" class="icon h-5 w-5"><\/span>([^<]*)/g)].map(
        ([, label]) => label,
      ),
    ).toEqual(["Dashboard", "Matches", "Chat", "Calendar", "Progress", "Community"]);
    expect(html.match(/data-icon="/g)).toHaveLength(6);
    expect(html.match(/<a /g)).toHaveLength(6);
  });

  it("shows the chat dot, named, only while a chat is unread", () => {
    const unread = at("/dashboard", <Navigation chatUnread />);
    expect(unread.match(/data-testid="chat-dot"/g)).toHaveLength(1);
    expect(unread).toMatch(
      /<a [^>]*href="\/inbox">.*data-testid="chat-dot"[^>]*aria-label="Unread messages" role="status"/,
    );
    expect(at("/dashboard", <Navigation chatUnread={false} />)).not.toContain("chat-dot");
  });

  it("works out the current section once for its six links, not in a NavLink each", () => {
    navLinks.rendered = 0;
    at("/matches", <Navigation chatUnread />);
    expect(navLinks.rendered).toBe(0);
  });
});
