// The patch of decision 103: each loader and action gets one copy of the request instead of two
// made one after the other, with the same URL, method, headers, body and abort. Loaded as the
// production server loads it (CommonJS).
import { createRequire } from "node:module";
import { afterEach, describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
type RouteCall = (args: {
  loadContext: unknown;
  params: Record<string, string>;
  request: Request;
  routeId: string;
  singleFetch: boolean;
  loader?: (args: { request: Request }) => unknown;
  action?: (args: { request: Request }) => unknown;
}) => Promise<unknown>;
const { callRouteLoader, callRouteAction } = require("@remix-run/server-runtime/dist/data.js") as {
  callRouteLoader: RouteCall;
  callRouteAction: RouteCall;
};

afterEach(() => vi.unstubAllGlobals());

/** The request a loader (or action) is handed, and how many Requests were made to hand it. */
async function handedTo(call: RouteCall, request: Request, singleFetch = true) {
  const made = vi.fn();
  const NativeRequest = globalThis.Request;
  vi.stubGlobal(
    "Request",
    class extends NativeRequest {
      constructor(...args: ConstructorParameters<typeof Request>) {
        super(...args);
        made();
      }
    },
  );
  let handed: Request | undefined;
  const route = async ({ request: given }: { request: Request }) => {
    handed = given;
    return { body: given.body ? await given.text() : null };
  };
  const result = await call({
    loadContext: {},
    params: {},
    request,
    routeId: "routes/page",
    singleFetch,
    loader: route,
    action: route,
  });
  return { handed: handed!, made: made.mock.calls.length, result };
}

describe("patched callRouteLoader and callRouteAction", () => {
  it("hand a loader one copy of the request, without single fetch's parameters", async () => {
    const abort = new AbortController();
    const request = new Request("http://localhost/page?index&index=kept&_routes=root&q=a%20b#top", {
      headers: { Cookie: "session=abc" },
      signal: abort.signal,
    });

    const { handed, made } = await handedTo(callRouteLoader, request);

    expect(made).toBe(1);
    expect(handed).not.toBe(request);
    expect(handed.url).toBe("http://localhost/page?q=a+b&index=kept#top");
    expect(handed.method).toBe("GET");
    expect(handed.headers.get("Cookie")).toBe("session=abc");
    expect(handed.signal.aborted).toBe(false);
    abort.abort();
    expect(handed.signal.aborted).toBe(true);
  });

  it("hand an action the request's body, and take _data out without single fetch", async () => {
    const request = new Request("http://localhost/page?_data=routes%2Fpage&tab=2", {
      method: "POST",
      body: "amount=5",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

    const { handed, made, result } = await handedTo(callRouteAction, request, false);

    expect(made).toBe(1);
    expect(handed.url).toBe("http://localhost/page?tab=2");
    expect(handed.method).toBe("POST");
    expect(handed.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(await (result as Response).json()).toEqual({ body: "amount=5" });
  });
});
