import type { ServerBuild } from "@remix-run/node";
import { vi } from "vitest";

/**
 * A server build of the given routes (id → { id, parentId?, path, module }), whose documents
 * render as the word "document": enough for Remix's own request handler to run their loaders and
 * actions as server.mjs serves the app.
 */
export function buildOfRoutes(routes: Record<string, unknown>): ServerBuild {
  return {
    entry: { module: { default: () => new Response("document"), handleError: vi.fn() } },
    routes,
    assets: { routes: {}, version: "test", url: "/build/manifest.js", entry: { module: "", imports: [] } },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_singleFetch: true },
    isSpaMode: false,
    basename: undefined,
  } as unknown as ServerBuild;
}
