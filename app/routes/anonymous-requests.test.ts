/**
 * Issue 13: a request without a session costs no store read. The loaders a signed-out visitor or a
 * crawler hits run on a real embedded engine whose store counts every call; a signed-in request to
 * the same loaders is the control that shows the count works.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DocStore } from "~/engine/store/types";

const dataDir = mkdtempSync(path.join(tmpdir(), "anonymous-requests-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getStore } = await import("~/engine/index.server");
const { signUpWithCookie } = await import("../../tests/support/signed-in");
const { ensureProfile } = await import("~/features/profile/bootstrap.server");
const { recordTermsAccepted } = await import("~/features/legal/acceptance.server");
const { currentTermsVersion } = await import("~/features/legal/content.server");
const root = await import("~/root");
const landing = await import("./_index");
const signIn = await import("./auth._index");
const layout = await import("./_app");
const dashboard = await import("./_app.dashboard");

const ORIGIN = "http://localhost";
const STORE_METHODS = [
  "get",
  "query",
  "search",
  "transaction",
  "create",
  "set",
  "update",
  "delete",
  "watchDoc",
  "watchQuery",
] as const;

let store: DocStore;
let signedInCookie = "";

beforeAll(async () => {
  store = await getStore();
  const member = await signUpWithCookie("anonymous-control@example.com");
  await ensureProfile(store, member.uid);
  await store.update(`users/${member.uid}`, { fullName: "Control Member" });
  // As sign-up does: without it the dashboard sends the member to accept the terms (decision 043).
  await recordTermsAccepted(store, member.uid, await currentTermsVersion());
  signedInCookie = member.cookie;
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `run` and returns how many store calls it made, by method. */
async function storeCallsDuring(run: () => Promise<unknown>): Promise<Record<string, number>> {
  const spies = STORE_METHODS.filter((name) => typeof store[name] === "function").map(
    (name) => [name, vi.spyOn(store, name)] as const,
  );
  try {
    await run();
    // Counted before mockRestore, which clears the calls.
    return Object.fromEntries(spies.map(([name, spy]) => [name, spy.mock.calls.length]).filter(([, n]) => n !== 0));
  } finally {
    for (const [, spy] of spies) spy.mockRestore();
  }
}

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;

/** Every loader of one page, in the order Remix calls them; a thrown redirect is an answer too. */
async function loadPage(pathname: string, loaders: Loader[], cookie?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (const loader of loaders) {
    const request = new Request(`${ORIGIN}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
    try {
      const result = await loader({ request, params: {}, context: {} });
      statuses.push(result instanceof Response ? result.status : 200);
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      statuses.push(thrown.status);
    }
  }
  return statuses;
}

const PAGES: [string, Loader[]][] = [
  ["/", [root.loader, landing.loader] as Loader[]],
  ["/auth", [root.loader, signIn.loader] as Loader[]],
  ["/dashboard", [root.loader, layout.loader, dashboard.loader] as Loader[]],
];

describe("a request without a session", () => {
  it.each(PAGES)("GET %s reads nothing from the store", async (pathname, loaders) => {
    let statuses: number[] = [];
    expect(await storeCallsDuring(async () => (statuses = await loadPage(pathname, loaders)))).toEqual({});
    // The signed-out answers themselves: the landing and sign-in pages, the dashboard sends to /auth.
    if (pathname === "/dashboard") expect(statuses.slice(1)).toEqual([302, 302]);
    else expect(statuses).toEqual([200, 200]);
  });

  it.each(PAGES)("GET %s with a cookie that is not a session reads nothing either", async (pathname, loaders) => {
    const forged = "skillswap_session=eyJ0IjoiZm9yZ2VkIn0.not-a-signature";
    expect(await storeCallsDuring(() => loadPage(pathname, loaders, forged))).toEqual({});
  });

  it("while a signed-in request to the same page does read (the count works)", async () => {
    const [, dashboardLoaders] = PAGES[2];
    let statuses: number[] = [];
    const calls = await storeCallsDuring(
      async () => (statuses = await loadPage("/dashboard", dashboardLoaders, signedInCookie)),
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(calls.get ?? 0).toBeGreaterThan(0);
  });
});
