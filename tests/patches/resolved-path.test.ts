// The patch of decision 114: react-router's useResolvedPath resolves a path that starts with "/"
// without serialising the route's path names (every Link and NavLink resolves its `to` three to five
// times per server render), and keeps an absolute string's resolution. Both builds the server can
// load are checked: production (what the production server runs) and development (what tests run).
import { createRequire } from "node:module";
import type { ComponentType, ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

type Path = { pathname: string; search: string; hash: string };
type To = string | Partial<Path>;
type RouteProps = { path?: string; element?: ReactNode; children?: ReactNode };
type ReactRouterBuild = {
  useResolvedPath: (to: To, options?: { relative?: "route" | "path" }) => Path;
  Router: ComponentType<{ location: string; navigator: object; static: boolean; children?: ReactNode }>;
  Routes: ComponentType<{ children?: ReactNode }>;
  Route: ComponentType<RouteProps>;
};

const require = createRequire(import.meta.url);
const React = require("react") as typeof import("react");
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const builds: Record<string, ReactRouterBuild> = {
  production: require("react-router/dist/umd/react-router.production.min.js") as ReactRouterBuild,
  development: require("react-router/dist/umd/react-router.development.js") as ReactRouterBuild,
};

const LOCATION = "/members/ada/reviews";
/** What the route rendering the probe contributes to relative paths (root, members, :uid, reviews). */
const ROUTE_PATHNAMES = ["/", "/members", "/members/ada", "/members/ada/reviews"];

/** Renders, in a route nested three deep, a component that resolves each `to`; returns what it got. */
function resolveInRoute(build: ReactRouterBuild, tos: To[], use: (path: Path) => void = () => {}): Path[] {
  const resolved: Path[] = [];
  function Probe() {
    for (const to of tos) {
      const path = build.useResolvedPath(to);
      resolved.push({ ...path });
      use(path);
    }
    return null;
  }
  const { createElement: h } = React;
  renderToString(
    h(
      build.Router,
      { location: LOCATION, navigator: {}, static: true },
      h(
        build.Routes,
        null,
        h(
          build.Route,
          { path: "members" },
          h(build.Route, { path: ":uid" }, h(build.Route, { path: "reviews", element: h(Probe) })),
        ),
      ),
    ),
  );
  return resolved;
}

const expected = (to: To) => {
  const path = router.resolveTo(to, ROUTE_PATHNAMES, LOCATION);
  return { pathname: path.pathname, search: path.search, hash: path.hash };
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(Object.entries(builds))("patched useResolvedPath (%s build)", (_name, build) => {
  it("resolves a path that starts with '/' as before, without reading the route's path names", () => {
    const routePathnames = vi.spyOn(router, "UNSAFE_getResolveToMatches");
    const tos: To[] = [
      "/wallet?tab=history#top",
      "/community/./threads/../spaces/",
      "/",
      { pathname: "/calendar", search: "?week=2" },
    ];

    expect(resolveInRoute(build, tos)).toEqual(tos.map(expected));
    expect(routePathnames).not.toHaveBeenCalled();
  });

  it("still resolves a relative path against the route and the location", () => {
    const routePathnames = vi.spyOn(router, "UNSAFE_getResolveToMatches");
    const tos: To[] = ["../calendar", "..", ".", "settings", "?page=2", "#top", "", { search: "?sort=new" }];

    expect(resolveInRoute(build, tos)).toEqual(tos.map(expected));
    expect(resolveInRoute(build, tos).map((path) => path.pathname)).toEqual([
      "/members/ada/calendar",
      "/members/ada",
      LOCATION,
      `${LOCATION}/settings`,
      LOCATION,
      LOCATION,
      LOCATION,
      LOCATION,
    ]);
    expect(routePathnames).toHaveBeenCalled();
  });

  it("hands every render its own copy of a kept resolution", () => {
    resolveInRoute(build, ["/wallet?tab=history"], (path) => {
      path.pathname = "/changed";
      path.search = "";
    });

    expect(resolveInRoute(build, ["/wallet?tab=history"])).toEqual([
      { pathname: "/wallet", search: "?tab=history", hash: "" },
    ]);
  });
});
