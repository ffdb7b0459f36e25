// The patch of decision 103: the server runtime maps a build's routes to their modules once per
// build, not on every page. Loaded as the production server loads it (CommonJS).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { createEntryRouteModules } = require("@remix-run/server-runtime/dist/entry.js") as {
  createEntryRouteModules: (manifest: Record<string, { module: unknown }>) => Record<string, unknown>;
};

const buildRoutes = () => {
  const root = { default: () => null };
  const page = { default: () => null, loader: () => null };
  return { modules: { root, page }, routes: { root: { module: root }, "routes/page": { module: page } } };
};

describe("patched createEntryRouteModules", () => {
  it("hands every page of one build the same map of its route modules", () => {
    const { modules, routes } = buildRoutes();
    const first = createEntryRouteModules(routes);
    expect(first).toEqual({ root: modules.root, "routes/page": modules.page });
    expect(createEntryRouteModules(routes)).toBe(first);
  });

  it("maps another build's routes to that build's modules", () => {
    const one = buildRoutes();
    const other = buildRoutes();
    expect(createEntryRouteModules(other.routes)).toEqual({
      root: other.modules.root,
      "routes/page": other.modules.page,
    });
    expect(createEntryRouteModules(other.routes)).not.toBe(createEntryRouteModules(one.routes));
  });
});
