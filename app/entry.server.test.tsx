import { createRequestHandler } from "@remix-run/node";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as entry from "~/entry.server";
import { StoreBusyError } from "~/engine/store/types";
import { answerBusyStore } from "~/features/layout/busy-store.server";
import { buildOfRoutes } from "../tests/support/server-build";

/** Never resolves: a part of the page still waiting when the render timer fires, as the data stream does while a busy store holds the event loop. */
const forever = new Promise<never>(() => {});
function Stalled(): never {
  throw forever;
}

/** Throws once the render reaches it: a real failure of the page. */
function Broken(): never {
  throw new Error("a bug in a component");
}

/**
 * A build of one page at /signup, served through entry.server's own document handler: the page
 * renders `part` inside a Suspense boundary, as the app's data stream renders inside one, and its
 * action meets a busy store (decision 112's sign-up).
 */
function handlerFor(Part: () => never) {
  const root = () => (
    <html lang="en">
      <body>
        <p>SkillSwap</p>
        <Suspense fallback={<p>Loading…</p>}>
          <Part />
        </Suspense>
      </body>
    </html>
  );
  const build = buildOfRoutes({
    root: { id: "root", path: "", module: { default: root, ErrorBoundary: root } },
    signup: {
      id: "signup",
      parentId: "root",
      path: "signup",
      module: {
        default: () => null,
        action: () => {
          throw new StoreBusyError(3);
        },
      },
    },
  });
  const manifestRoute = (id: string, parentId?: string) => ({
    id,
    parentId,
    path: id === "root" ? "" : id,
    module: `/build/${id}.js`,
    hasLoader: false,
    hasAction: id === "signup",
    hasClientLoader: false,
    hasClientAction: false,
    hasErrorBoundary: id === "root",
  });
  Object.assign(build.assets.routes, { root: manifestRoute("root"), signup: manifestRoute("signup", "root") });
  build.entry.module = entry;
  return createRequestHandler(answerBusyStore(build), "production");
}

/** A client that isbot() names gets the page whole, so its status is set only when the render ends. */
const signUp = () =>
  new Request("http://localhost/signup", {
    method: "POST",
    headers: {
      Origin: "http://localhost",
      Host: "localhost",
      "Content-Type": "application/x-www-form-urlencoded",
      "User-Agent": "curl/8.5.0",
    },
    body: "email=ana%40example.com",
  });

/**
 * React's development build (the one tests load) warns "There was still abortable task at the root
 * when we closed" when a page whose render was cut off is sent from onAllReady, which React calls
 * while it is still aborting; the production build has no such check and sends the same page. Any
 * other console.error still fails the test (tests/setup/fail-on-console-error.ts).
 */
function ignoringReactsAbortWarning() {
  const collect = vi.mocked(console.error).getMockImplementation()!;
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith("Warning: There was still abortable task at the root")) collect(...args);
  });
}

/** The answer, once the render timer has fired: the fake clock moves past it while the render waits. */
async function answerAfterTheTimer(handle: ReturnType<typeof handlerFor>): Promise<Response> {
  ignoringReactsAbortWarning();
  const answer = handle(signUp());
  await vi.advanceTimersByTimeAsync(entry.streamTimeout + 1);
  return answer;
}

describe("entry.server's render timer (decision 112)", () => {
  beforeEach(() => {
    // Only the clock: React and streams schedule their own work with setImmediate and microtasks.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("cuts off a page that outlives it and keeps the page's status: a busy store's sign-up stays a 503, not a 500", async () => {
    const answer = await answerAfterTheTimer(handlerFor(Stalled));
    expect([answer.status, answer.headers.get("Retry-After")]).toEqual([503, "5"]);
    const html = await answer.text();
    expect(html).toContain("SkillSwap");
    expect(html).toContain("Loading…");
  });

  it("still answers 500 when a part of the page fails", async () => {
    const answer = await answerAfterTheTimer(handlerFor(Broken));
    expect(answer.status).toBe(500);
  });
});
