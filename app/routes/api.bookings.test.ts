/**
 * The bookings API's refusal of a signed-out request, which the booking panel and the call panel
 * show to a person: in the request's language (decision 086). Through the route modules, on a real
 * embedded engine in a temp directory.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "api-bookings-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);

const { getStore } = await import("~/engine/index.server");
const bookings = await import("./api.bookings");
const signals = await import("./api.bookings.$bookingId.signals");

const ORIGIN = "http://localhost";

afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

const signedOut = (url: string, headers: Record<string, string>, body: BodyInit) =>
  new Request(`${ORIGIN}${url}`, { method: "POST", headers: { Origin: ORIGIN, ...headers }, body });

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as { ok: boolean; error: string } };
}

describe("a signed-out request to the bookings API", () => {
  const form = () => new URLSearchParams({ mentorUid: "m", skillTag: "guitar", start: "1", durationMinutes: "60" });

  it("is refused with 401 in the language of the lang cookie, else the browser's, else English", async () => {
    const ask = async (headers: Record<string, string>) =>
      answer(await bookings.action({ request: signedOut("/api/bookings", headers, form()), params: {}, context: {} }));
    await expect(ask({ Cookie: "lang=fr" })).resolves.toEqual({
      status: 401,
      body: { ok: false, error: "Vous n’êtes pas connecté." },
    });
    await expect(ask({ "Accept-Language": "es-MX,es;q=0.9" })).resolves.toMatchObject({
      body: { error: "No has iniciado sesión." },
    });
    await expect(ask({})).resolves.toMatchObject({ status: 401, body: { error: "Not authenticated." } });
  });

  it("a call signal after the session ended is refused in the page's language too", async () => {
    const request = signedOut(
      "/api/bookings/b1/signals",
      { Cookie: "lang=ar", "Content-Type": "application/json" },
      JSON.stringify({ type: "join" }),
    );
    await expect(answer(await signals.action({ request, params: { bookingId: "b1" }, context: {} }))).resolves.toEqual({
      status: 401,
      body: { ok: false, error: "لم تسجّل الدخول." },
    });
  });
});
