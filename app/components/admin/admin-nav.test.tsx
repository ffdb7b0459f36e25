import { describe, expect, it, vi } from "vitest";
import { drawnAt as at, navLinkActive } from "../../../tests/support/navigation-links";
import { AdminNav } from "./admin-nav";

const navLinks = vi.hoisted(() => ({ rendered: 0 }));
vi.mock("@remix-run/react", async (importOriginal) =>
  (await import("../../../tests/support/navigation-links")).withCountedNavLink(await importOriginal(), navLinks),
);

const SECTIONS = [
  { to: "/admin", end: true },
  { to: "/admin/members", end: false },
  { to: "/admin/disputes", end: false },
  { to: "/admin/reports", end: false },
  { to: "/admin/payments", end: false },
  { to: "/admin/audit", end: false },
];

/** Each link of the admin navigation: its href, name, class and whether it is marked as the page. */
function adminLinks(url: string) {
  return [...at(url, <AdminNav />).matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, name]) => ({
    href: attributes.match(/href="([^"]*)"/)?.[1],
    name,
    className: attributes.match(/class="([^"]*)"/)?.[1],
    current: attributes.includes('aria-current="page"'),
  }));
}

const CURRENT = "rounded-lg px-3 py-1.5 text-sm font-medium bg-brand-600 text-white";
const OTHER = "rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100";

const URLS = [
  "/admin",
  "/Admin",
  "/admin/",
  "/admin/members",
  "/admin/members/u1?tab=audit#top",
  "/Admin/Reports",
  "/admin/disputes/d1",
  "/admin/payments",
  "/admin/audit",
  "/admin/auditing",
  "/dashboard",
];

describe("the admin navigation (issue 28, decision 156)", () => {
  it.each(URLS)("marks as the current page at %s the link NavLink marked, with its class", (url) => {
    const links = adminLinks(url);
    expect(links.filter((link) => link.current).map((link) => link.href)).toEqual(navLinkActive(url, SECTIONS));
    for (const link of links) expect(link.className).toBe(link.current ? CURRENT : OTHER);
  });

  it("draws its six links, named, in order, inside the named navigation", () => {
    const html = at("/admin/members", <AdminNav />);
    expect(html).toMatch(/^<nav aria-label="Admin" class="flex flex-wrap gap-1">/);
    expect(adminLinks("/admin/members").map(({ href, name }) => `${href} ${name}`)).toEqual([
      "/admin Overview",
      "/admin/members Members",
      "/admin/disputes Disputes",
      "/admin/reports Reports",
      "/admin/payments Payments",
      "/admin/audit Audit log",
    ]);
  });

  it("works out the current page once for its six links, not in a NavLink each", () => {
    navLinks.rendered = 0;
    at("/admin/members", <AdminNav />);
    expect(navLinks.rendered).toBe(0);
  });
});
