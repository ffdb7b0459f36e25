// The patch of decision 125: react-router-dom's server navigator (`encodeLocation`, which every
// NavLink calls on every render to compare its path with the location) keeps each href's answer
// instead of parsing a URL each time. Both files are checked: server.js (what the production server
// loads, through @remix-run/react) and server.mjs.
import { createRequire } from "node:module";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

type Encoded = { pathname: string; search: string; hash: string };
type StaticServer = typeof import("react-router-dom/server");

const require = createRequire(import.meta.url);
const React = require("react") as typeof import("react");
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
const { NavLink } = require("react-router-dom") as typeof import("react-router-dom");
const commonJs = require("react-router-dom/server") as StaticServer;
const esModule = (await import("react-router-dom/server.mjs" as string)) as StaticServer;

/** What the unpatched navigator answers: the href parsed as a URL, a trailing space kept as %20. */
function unpatched(href: string): Encoded {
  const escaped = href.replace(/ $/, "%20");
  const url = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(escaped) ? new URL(escaped) : new URL(escaped, "http://localhost");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Counts the URLs parsed while `run` runs. */
function urlsParsedDuring(run: () => void): number {
  let parsed = 0;
  const RealUrl = URL;
  vi.stubGlobal(
    "URL",
    class extends RealUrl {
      constructor(...args: ConstructorParameters<typeof URL>) {
        super(...args);
        parsed++;
      }
    },
  );
  try {
    run();
  } finally {
    vi.unstubAllGlobals();
  }
  return parsed;
}

function staticRouter(server: StaticServer, location: string, element: ReactNode = null) {
  const routes = [
    {
      id: "root",
      path: "/",
      element,
      children: [
        { id: "inbox", path: "inbox/*" },
        { id: "rest", path: "*" },
      ],
    },
  ];
  const context = {
    basename: "",
    location: { pathname: location, search: "", hash: "", state: null, key: "default" },
    matches: [],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
    activeDeferreds: null,
  } as unknown as Parameters<StaticServer["createStaticRouter"]>[1];
  return { routes, context, router: server.createStaticRouter(routes, context) };
}

const HREFS = [
  "/matches",
  "/inbox",
  "/members/ada%20b?tab=reviews#latest",
  "/members/a b/",
  "/splat/ends with a space ",
  "/ünïcode/ŝkill",
  "https://example.com/path?q=1#h",
];

afterEach(() => vi.unstubAllGlobals());

describe.each([
  ["server.js", commonJs],
  ["server.mjs", esModule],
])("patched encodeLocation (%s)", (_file, server) => {
  const { router } = staticRouter(server, "/inbox");

  it("answers every href as the unpatched navigator does, the first time and every time after", () => {
    for (const href of HREFS) {
      expect(router.encodeLocation!(href)).toEqual(unpatched(href));
      expect(router.encodeLocation!(href)).toEqual(unpatched(href));
    }
    expect(router.encodeLocation!({ pathname: "/inbox", search: "?a=1", hash: "#b" })).toEqual(
      unpatched("/inbox?a=1#b"),
    );
    // An href that is no URL throws every time, as it did: a failure is not kept.
    expect(() => unpatched("//no host")).toThrow(TypeError);
    expect(() => router.encodeLocation!("//no host")).toThrow(TypeError);
    expect(() => router.encodeLocation!("//no host")).toThrow(TypeError);
  });

  it("parses an href's URL once, not at every call", () => {
    router.encodeLocation!("/calendar/parsed-once");
    expect(urlsParsedDuring(() => router.encodeLocation!("/calendar/parsed-once"))).toBe(0);
  });

  it("gives each caller its own answer, so a caller's change does not reach the next", () => {
    const mine = router.encodeLocation!("/community");
    mine.pathname = "/tampered";
    expect(router.encodeLocation!("/community")).toEqual(unpatched("/community"));
  });

  it("still answers every href after more distinct hrefs than it keeps", () => {
    for (let i = 0; i < 2_500; i++) {
      expect(router.encodeLocation!(`/inbox/chat-${i}`).pathname).toBe(`/inbox/chat-${i}`);
    }
    expect(router.encodeLocation!("/members/a b/")).toEqual(unpatched("/members/a b/"));
  });
});

describe("NavLinks rendered by the server with the patched navigator", () => {
  function renderNav(location: string): string {
    const links: ReactNode = ["/dashboard", "/inbox", "/members/a b", "/calendar"].map((to) =>
      React.createElement(NavLink, { key: to, to, className: ({ isActive }) => (isActive ? "on" : "off") }, to),
    );
    const { context, router } = staticRouter(commonJs, location, links);
    return renderToString(React.createElement(commonJs.StaticRouterProvider, { router, context, hydrate: false }));
  }

  it("draw the same links and active marks on every render, and parse no URL after the first", () => {
    const first = renderNav("/inbox/abc");
    expect(first).toContain('aria-current="page" class="on" href="/inbox"');
    expect(first).toContain('class="off" href="/dashboard"');
    expect(first).toContain('class="off" href="/members/a b"');
    let again = "";
    expect(urlsParsedDuring(() => (again = renderNav("/inbox/abc")))).toBe(0);
    expect(again).toBe(first);
    expect(renderNav("/members/a%20b/reviews")).toContain('aria-current="page" class="on" href="/members/a b"');
  });
});
