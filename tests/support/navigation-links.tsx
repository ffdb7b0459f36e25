import { createElement, forwardRef, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NavLink } from "react-router-dom";
import { StaticRouter } from "react-router-dom/server";
import { i18nFor } from "~/i18n/i18n.server";

type RemixReact = typeof import("@remix-run/react");

/**
 * @remix-run/react with a NavLink that counts its renders in `counter`: each NavLink works out its
 * own active mark from the location, which the navigations do once for all their links instead
 * (decisions 148 and 156). For a test's `vi.mock("@remix-run/react", …)`.
 */
export function withCountedNavLink(actual: RemixReact, counter: { rendered: number }): RemixReact {
  const CountedNavLink = forwardRef<HTMLAnchorElement, React.ComponentProps<RemixReact["NavLink"]>>(
    function CountedNavLink(props, ref) {
      counter.rendered++;
      return createElement(actual.NavLink, { ...props, ref });
    },
  );
  return { ...actual, NavLink: CountedNavLink };
}

/** The markup of `children` drawn in English at `url`. */
export const drawnAt = (url: string, children: ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor("en")}>
      <StaticRouter location={url}>{children}</StaticRouter>
    </I18nextProvider>,
  );

/** The hrefs react-router-dom's NavLink (not case-sensitive) marks as active at `url`. */
export function navLinkActive(url: string, links: readonly { to: string; end?: boolean }[]): string[] {
  const html = drawnAt(
    url,
    links.map((link) => (
      <NavLink key={link.to} to={link.to} end={link.end} className={({ isActive }) => (isActive ? "on" : "off")}>
        {link.to}
      </NavLink>
    )),
  );
  return [...html.matchAll(/class="on" href="([^"]*)"/g)].map(([, href]) => href);
}
