/** POST /signup through the route module: the sign-up throttle (issue 11, finding 4) and its uniform answer (finding 7). */
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

async function signUp(
  clientAddress: string,
  forwardedFor?: string,
  email = `farm-${randomUUID().slice(0, 8)}@example.com`,
  password = "a long enough password",
) {
  const request = new Request("http://localhost/signup", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      ...(forwardedFor && { "X-Forwarded-For": forwardedFor }),
    },
    body: new URLSearchParams({ email, password, redirectTo: "" }).toString(),
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

async function outboxOf(email: string) {
  const mails = await (
    await getStore()
  ).query<{ subject: string; link: string }>({
    collection: "outbox",
    where: [["to", "==", email]],
  });
  return mails.map((mail) => mail.data);
}

describe("sign-up's answer never says whether an address has an account (decision 024)", () => {
  it("a new address gets its account, a session, /profile-setup and a verification link", async () => {
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const result = await signUp("203.0.113.20", undefined, email);
    expect(result.status).toBe(302);
    const response = result.response as Response;
    expect(response.headers.get("Location")).toBe("/profile-setup");
    expect(response.headers.get("Set-Cookie")).toContain("skillswap_session=");
    const mails = await outboxOf(email);
    expect(mails.map((m) => m.subject)).toEqual(["Verify your SkillSwap email"]);
    expect(mails[0].link).toMatch(/\/auth\/action\?mode=verifyEmail&oobCode=[A-Za-z0-9_-]{43}$/);
  }, 30_000);

  it("a taken address with another password: 'check your email', no session, no 409, and the owner is mailed", async () => {
    const email = `taken-${randomUUID().slice(0, 8)}@example.com`;
    await signUp("203.0.113.21", undefined, email);
    const again = await signUp("203.0.113.22", undefined, email, "someone else's password");
    expect(again.response).not.toBeInstanceOf(Response);
    expect(again.response).toEqual({ checkEmail: email });
    expect(JSON.stringify(again.response)).not.toMatch(/already/i);
    expect((await outboxOf(email)).map((m) => m.subject)).toContain("You already have a SkillSwap account");
  }, 30_000);

  it("a taken address with its own password signs its owner in", async () => {
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    await signUp("203.0.113.23", undefined, email);
    const again = await signUp("203.0.113.24", undefined, email);
    expect(again.status).toBe(302);
    const response = again.response as Response;
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(response.headers.get("Set-Cookie")).toContain("skillswap_session=");
  }, 30_000);
});
