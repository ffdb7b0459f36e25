/** POST /signup through the route module: the sign-up throttle (issue 11, finding 4). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";

const dataDir = mkdtempSync(path.join(tmpdir(), "signup-route-"));
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET = "x".repeat(40);
delete process.env.SIGN_UPS_PER_HOUR;

const { getStore } = await import("~/engine/index.server");
const route = await import("./signup");

afterAll(async () => {
  await (await getStore()).close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(clientAddress: string, forwardedFor?: string) {
  const email = `farm-${randomUUID().slice(0, 8)}@example.com`;
  const request = new Request("http://localhost/signup", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      ...(forwardedFor && { "X-Forwarded-For": forwardedFor }),
    },
    body: new URLSearchParams({ email, password: "a long enough password", redirectTo: "" }).toString(),
  });
  const response = await route.action({ request, params: {}, context: { clientAddress } });
  const stored = await (await getStore()).get(`auth_emails/${email}`);
  return {
    status: response instanceof Response ? response.status : (response as { init?: { status?: number } }).init?.status,
    response,
    created: stored !== null,
  };
}

describe("sign-up throttle", () => {
  it("lets one address create 10 accounts an hour, then answers 429 with a message and creates nothing", async () => {
    for (let i = 0; i < 10; i++) {
      const result = await signUp("203.0.113.5", `198.51.100.${i}`);
      expect(result.status).toBe(302);
      expect(result.created).toBe(true);
    }
    const refused = await signUp("203.0.113.5", "198.51.100.99");
    expect(refused.status).toBe(429);
    expect(refused.created).toBe(false);
    expect(JSON.stringify(refused.response)).toMatch(
      /Too many new accounts were created from your network\. Try again in (59|60) minutes\./,
    );
    // Another address is not held back by it.
    expect((await signUp("203.0.113.6")).status).toBe(302);
  }, 60_000);
});
