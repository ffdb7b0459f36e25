/** POST /api/heartbeat through the route module, on a real embedded engine in a temp directory. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "api-heartbeat-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getAuth, getStore } = await import("~/engine/index.server");
const { signUpWithCookie } = await import("../../tests/support/signed-in");
const api = await import("./api.heartbeat");

const ORIGIN = "http://localhost";

afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function session(email: string) {
  return { auth: await getAuth(), ...(await signUpWithCookie(email)) };
}

async function beat({
  cookie,
  origin = ORIGIN,
  method = "POST",
}: {
  cookie?: string;
  origin?: string;
  method?: string;
}) {
  const request = new Request(`${ORIGIN}/api/heartbeat`, {
    method,
    headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
  });
  try {
    const response = method === "GET" ? await api.loader() : await api.action({ request, params: {}, context: {} });
    return { status: response.status, body: await response.text() };
  } catch (thrown) {
    return { status: (thrown as Response).status, body: await (thrown as Response).text() };
  }
}

describe("POST /api/heartbeat", () => {
  it("answers 204 with no body to a signed-in member", async () => {
    const { cookie } = await session("alive@example.com");
    await expect(beat({ cookie })).resolves.toEqual({ status: 204, body: "" });
  });

  it("answers 401 with a message once the session has ended", async () => {
    const { auth, token, cookie } = await session("ended@example.com");
    await auth.endSession(token);
    const answer = await beat({ cookie });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      error: "Your session has ended. Sign in again to see live updates.",
    });
    expect((await beat({})).status).toBe(401);
  });

  it("refuses another site's request with a 403, signed in or not", async () => {
    const { cookie } = await session("cross-site@example.com");
    const answer = await beat({ cookie, origin: "https://elsewhere.example" });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ error: "This request came from another site and was refused." });
  });

  it("answers GET with 405", async () => {
    expect((await beat({ method: "GET" })).status).toBe(405);
  });
});
