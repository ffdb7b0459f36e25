// The patches of decision 025 cache route matching on the server. These tests load the packages
// the way the production server does (CommonJS, through Node's resolution) and check that the
// caches change nothing a caller can see.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const staticServer = require("react-router-dom/server") as typeof import("react-router-dom/server");

const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "inbox", path: "inbox", children: [{ id: "thread", path: ":chatId" }] },
      { id: "splat", path: "*" },
    ],
  },
];

describe("patched matchRoutes", () => {
  it("answers a repeated path with equal matches that are new objects each time", () => {
    const first = router.matchRoutes(routes, "/inbox/abc")!;
    const second = router.matchRoutes(routes, "/inbox/abc")!;
    expect(second.map((m) => m.route.id)).toEqual(["root", "inbox", "thread"]);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second[2]).not.toBe(first[2]);
    expect(second[2].params).not.toBe(first[2].params);
  });

  it("keeps one params object per answer, as the unpatched router does", () => {
    const matches = router.matchRoutes(routes, "/inbox/xyz")!;
    expect(matches[0].params).toBe(matches[2].params);
    expect(matches[2].params).toEqual({ chatId: "xyz" });
  });

  it("does not let one caller's changes reach the next", () => {
    const mine = router.matchRoutes(routes, "/inbox/changed")!;
    (mine[2].params as Record<string, string>).chatId = "tampered";
    mine.pop();
    const next = router.matchRoutes(routes, "/inbox/changed")!;
    expect(next).toHaveLength(3);
    expect(next[2].params.chatId).toBe("changed");
  });

  it("matches each path on its own, decoded, and misses stay misses", () => {
    expect(router.matchRoutes(routes, "/inbox/a%20b")![2].params.chatId).toBe("a b");
    expect(router.matchRoutes(routes, "/inbox/other")![2].params.chatId).toBe("other");
    expect(router.matchRoutes(routes, "/nowhere/at/all")!.map((m) => m.route.id)).toEqual(["root", "splat"]);
    expect(router.matchRoutes([{ id: "only", path: "/only" }], "/elsewhere")).toBeNull();
    expect(router.matchRoutes([{ id: "only", path: "/only" }], "/elsewhere")).toBeNull();
  });

  it("still answers every path after more distinct paths than it keeps", () => {
    for (let i = 0; i < 2_500; i++) {
      expect(router.matchRoutes(routes, `/inbox/chat-${i}`)![2].params.chatId).toBe(`chat-${i}`);
    }
  });
});

describe("patched createStaticRouter", () => {
  it("converts one route tree once and matches each request's own state", async () => {
    const handler = router.createStaticHandler(routes);
    const contextFor = async (url: string) => {
      const context = await handler.query(new Request(url));
      if (context instanceof Response) throw new Error(`unexpected response for ${url}`);
      return context;
    };
    const a = staticServer.createStaticRouter(routes, await contextFor("http://localhost/inbox/one"));
    const b = staticServer.createStaticRouter(routes, await contextFor("http://localhost/"));
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "inbox", "thread"]);
    expect(a.state.matches[2].params).toEqual({ chatId: "one" });
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "home"]);
  });
});
