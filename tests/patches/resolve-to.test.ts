// The patch of decision 103: resolveTo builds its error messages only when a check fails. Every
// NavLink resolves an object path on each render (react-router-dom's view-transition check), and
// the messages were three JSON.stringify calls each time. Loaded as the production server loads it.
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");

describe("patched resolveTo", () => {
  it("resolves an object path without building the messages of checks that pass", () => {
    const toJSON = vi.fn(() => ({}));
    const to = { pathname: "/wallet", search: "?tab=history", hash: "#top", toJSON };

    expect(router.resolveTo(to, ["/"], "/dashboard")).toMatchObject({
      pathname: "/wallet",
      search: "?tab=history",
      hash: "#top",
    });
    expect(toJSON).not.toHaveBeenCalled();
  });

  it("still refuses a '?' or '#' in the wrong field, with the router's own message", () => {
    expect(() => router.resolveTo({ pathname: "/wallet?tab=history" }, ["/"], "/")).toThrow(
      "Cannot include a '?' character in a manually specified `to.pathname` field " +
        '[{"pathname":"/wallet?tab=history"}].  Please separate it out to the `to.search` field.',
    );
    expect(() => router.resolveTo({ pathname: "/wallet#top" }, ["/"], "/")).toThrow(
      "Cannot include a '#' character in a manually specified `to.pathname` field",
    );
    expect(() => router.resolveTo({ pathname: "/wallet", search: "?a#b" }, ["/"], "/")).toThrow(
      "Cannot include a '#' character in a manually specified `to.search` field",
    );
  });

  it("resolves string paths as before", () => {
    expect(router.resolveTo("../calendar?week=2", ["/", "/dashboard"], "/dashboard")).toMatchObject({
      pathname: "/calendar",
      search: "?week=2",
    });
  });
});
