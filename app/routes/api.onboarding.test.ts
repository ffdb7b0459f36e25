/** POST /api/onboarding through the route module, on a real embedded engine in a temp directory. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "api-onboarding-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getStore } = await import("~/engine/index.server");
const { signUpWithCookie } = await import("../../tests/support/signed-in");
const { ensureProfile } = await import("~/features/profile/bootstrap.server");
const api = await import("./api.onboarding");

const ORIGIN = "http://localhost";

afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function member(email: string): Promise<{ uid: string; cookie: string }> {
  const { uid, cookie } = await signUpWithCookie(email);
  await ensureProfile(await getStore(), uid);
  return { uid, cookie };
}

async function post(
  form: Record<string, string>,
  { cookie, origin = ORIGIN, method = "POST" }: { cookie?: string; origin?: string; method?: string } = {},
) {
  const request = new Request(`${ORIGIN}/api/onboarding`, {
    method,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
  try {
    const response = await api.action({ request, params: {}, context: {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch (thrown) {
    return { thrown };
  }
}

async function profileOf(uid: string) {
  return (await (await getStore()).get(`users/${uid}`))?.data;
}

describe("POST /api/onboarding", () => {
  it.each(["tourCompleted", "welcomeBonusShown"] as const)("sets %s on the member's profile", async (flag) => {
    const { uid, cookie } = await member(`${flag}@example.com`);
    await expect(post({ flag }, { cookie })).resolves.toEqual({ status: 200, body: { ok: true, flag } });
    expect((await profileOf(uid))?.[flag]).toBe(true);
    // Setting it again is harmless.
    await expect(post({ flag }, { cookie })).resolves.toMatchObject({ status: 200 });
  });

  it("leaves the other flag alone", async () => {
    const { uid, cookie } = await member("one-flag@example.com");
    await post({ flag: "tourCompleted" }, { cookie });
    expect(await profileOf(uid)).toMatchObject({ tourCompleted: true, welcomeBonusShown: false });
  });

  it.each([{}, { flag: "" }, { flag: "xp" }, { flag: "TOURCOMPLETED" }])(
    "answers %j with a 400 and changes nothing",
    async (form) => {
      const { uid, cookie } = await member(`bad-${Math.random().toString(36).slice(2)}@example.com`);
      const result = await post(form as Record<string, string>, { cookie });
      expect(result).toMatchObject({
        status: 400,
        body: { ok: false, fieldErrors: { flag: "flag must be tourCompleted or welcomeBonusShown." } },
      });
      expect(await profileOf(uid)).toMatchObject({ tourCompleted: false, welcomeBonusShown: false });
    },
  );

  it("answers a signed-out caller with a 401", async () => {
    await expect(post({ flag: "tourCompleted" })).resolves.toMatchObject({ status: 401, body: { ok: false } });
  });

  it("refuses a request from another site", async () => {
    const { uid, cookie } = await member("cross-site@example.com");
    const result = await post({ flag: "tourCompleted" }, { cookie, origin: "https://evil.example" });
    // The origin check throws its answer, as Remix actions do.
    expect(result.thrown).toBeInstanceOf(Response);
    expect((result.thrown as Response).status).toBe(403);
    expect((await profileOf(uid))?.tourCompleted).toBe(false);
  });

  it("accepts POST only", async () => {
    const { cookie } = await member("put@example.com");
    await expect(post({ flag: "tourCompleted" }, { cookie, method: "PUT" })).resolves.toMatchObject({ status: 405 });
  });
});
