/**
 * The session is resolved once per page (issue 28): Remix hands each loader of a page its own copy
 * of the request, and the copies share one lookup while it runs; a later request reads again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "auth-server-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getAuth, getStore } = await import("~/engine/index.server");
const { commitSessionToken } = await import("~/utils/session.server");
const { ensureProfile } = await import("~/features/profile/bootstrap.server");
const { getCurrentUser, requireUser } = await import("./auth.server");

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(email: string) {
  const auth = await getAuth();
  const credentials = { kind: "password" as const, email, password: "a long enough password", clientKey: "test" };
  const user = await auth.signUp(credentials);
  const started = await auth.startSession(user, credentials);
  const cookie = (await commitSessionToken(started.token, started.expiresAt, user.uid)).split(";")[0]!;
  // A member with a name: requireUser sends a nameless one to /profile-setup.
  const store = await getStore();
  await ensureProfile(store, user.uid, Date.now());
  await store.update(`users/${user.uid}`, { fullName: "Member" });
  return { auth, uid: user.uid, token: started.token, cookie };
}

/** What Remix's single fetch gives each loader: a new Request with the same URL and headers. */
const loaderCopy = (request: Request) => new Request(request.url, { headers: request.headers, signal: request.signal });

describe("the session of a page's loaders", () => {
  it("is looked up once for the root, layout and page loaders' copies of one request", async () => {
    const { auth, uid, cookie } = await signedIn("once@example.com");
    const store = await getStore();
    const lookups = vi.spyOn(auth, "getSessionUser");
    const reads = vi.spyOn(store, "get");
    const request = new Request("http://localhost/progress", { headers: { Cookie: cookie } });

    const users = await Promise.all([
      getCurrentUser(loaderCopy(request)),
      requireUser(loaderCopy(request)),
      requireUser(loaderCopy(request)),
    ]);

    expect(users.map((user) => user?.uid)).toEqual([uid, uid, uid]);
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(reads.mock.calls.filter(([docPath]) => docPath === `users/${uid}`)).toHaveLength(1);
  });

  it("is looked up again by a request that comes after, so an ended session is not honoured", async () => {
    const { auth, uid, token, cookie } = await signedIn("ended@example.com");
    const request = () => new Request("http://localhost/progress", { headers: { Cookie: cookie } });
    expect((await getCurrentUser(request()))?.uid).toBe(uid);

    await auth.endSession(token);

    expect(await getCurrentUser(request())).toBeNull();
    await expect(requireUser(request())).rejects.toMatchObject({ status: 302 });
  });

  it("keeps the member's profile between requests until it is written (decision 096)", async () => {
    const { uid, cookie } = await signedIn("kept@example.com");
    const store = await getStore();
    const request = () => new Request("http://localhost/progress", { headers: { Cookie: cookie } });
    expect((await getCurrentUser(request()))?.profile.fullName).toBe("Member");
    const reads = vi.spyOn(store, "get");

    expect((await getCurrentUser(request()))?.profile.fullName).toBe("Member");
    expect(reads.mock.calls.filter(([docPath]) => docPath === `users/${uid}`)).toHaveLength(0);

    await store.update(`users/${uid}`, { fullName: "Renamed Member" });
    expect((await getCurrentUser(request()))?.profile.fullName).toBe("Renamed Member");
  });

  it("is not shared between different members' requests running at the same time", async () => {
    const first = await signedIn("first@example.com");
    const second = await signedIn("second@example.com");
    const at = (cookie: string) => new Request("http://localhost/progress", { headers: { Cookie: cookie } });

    const [a, b] = await Promise.all([getCurrentUser(at(first.cookie)), getCurrentUser(at(second.cookie))]);

    expect([a?.uid, b?.uid]).toEqual([first.uid, second.uid]);
  });
});
