import { useNavigate } from "@remix-run/react";
import { useCallback, useRef } from "react";

/** What a click and the link it landed on say, as much as the choice below reads of them. */
export type LinkClick = Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">;
export type ClickedLink = { href: string; target: string; hasAttribute(name: string): boolean };

/**
 * Where the app goes for `click` on `link`, or null when the browser follows it itself: a click that
 * is not the main button's, or with a modifier (a new tab or window), a link to another window,
 * a download, another origin, or a click something else already took. React Router's `Link`
 * decides the same (its shouldProcessLinkClick, and its own handler after the caller's).
 */
export function appPathOf(click: LinkClick, link: ClickedLink | null, origin: string): string | null {
  if (!link || click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return null;
  const url = new URL(link.href, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * A list of plain `<a>`s that navigate in the app as Remix's `Link`s did: one listener on the list
 * (the element given the returned ref) instead of a `Link` a link. A `Link` costs every view its router
 * hooks (href, prefetch behaviour, click handler: about 0.1 % of a page's CPU each on the server,
 * decision 185), 16 of /matches' 27 links were the cards' (decision 188). The links keep
 * `data-discover="true"`, which is how Remix finds the routes a page links to before they are
 * followed (lazy route discovery), as a `Link` writes it.
 */
export function useAppLinks<T extends HTMLElement>(): (element: T | null) => void {
  const navigate = useNavigate();
  const detach = useRef<() => void>();
  // A callback ref: the list may come and go with the page's data (no cards, then some).
  return useCallback(
    (element: T | null) => {
      detach.current?.();
      detach.current = undefined;
      if (!element) return;
      const onClick = (event: MouseEvent) => {
        const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
        const path =
          link instanceof HTMLAnchorElement && element.contains(link) ? appPathOf(event, link, location.origin) : null;
        if (path === null) return;
        event.preventDefault();
        // A link to the page it is on replaces it in the history, as a browser (and Link) does.
        navigate(path, { replace: path === `${location.pathname}${location.search}${location.hash}` });
      };
      element.addEventListener("click", onClick);
      detach.current = () => element.removeEventListener("click", onClick);
    },
    [navigate],
  );
}
