/** POST /api/email-verified: the server asks the auth engine, never the browser, before it settles (decision 024). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "email-verified-route-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getAuth, getStore } = await import("~/engine/index.server");
const { ensureProfile } = await import("~/features/profile/bootstrap.server");
const { signUpWithCookie } = await import("../../tests/support/signed-in");
const route = await import("./api.email-verified");

afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

function post(cookie?: string) {
  const request = new Request("http://localhost/api/email-verified", {
    method: "POST",
    headers: { Origin: "http://localhost", ...(cookie && { Cookie: cookie }) },
  });
  return route.action({ request, params: {}, context: {} });
}

describe("POST /api/email-verified", () => {
  it("signed out: 401", async () => {
    expect((await post()).status).toBe(401);
  });

  it("settles the account only once the engine says the address is verified", async () => {
    const auth = await getAuth();
    const store = await getStore();
    const { uid, cookie } = await signUpWithCookie("ivy@example.com", {
      beforeSession: async (user) => {
        await ensureProfile(store, user.uid, Date.now(), user);
        expect(await store.get(`unverified_accounts/${user.uid}`)).not.toBeNull();
      },
    });

    const early = await post(cookie);
    expect(await early.json()).toEqual({ verified: false });
    expect(await store.get(`unverified_accounts/${uid}`)).not.toBeNull();

    await auth.sendEmailVerification(uid, "http://localhost", "en");
    const [mail] = await store.query<{ link: string }>({
      collection: "outbox",
      where: [["to", "==", "ivy@example.com"]],
    });
    await auth.verifyEmail(new URL(mail.data.link).searchParams.get("oobCode")!);
    const after = await post(cookie);
    expect(await after.json()).toEqual({ verified: true });
    expect(await store.get(`unverified_accounts/${uid}`)).toBeNull();
  }, 30_000);
});
