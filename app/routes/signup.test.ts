/**
 * POST /signup through the route module: the sign-up throttle (issue 11, finding 4), its answer for
 * a taken address (finding 7) and what makes probing for taken addresses costly (issue 25, item 2).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

/** Every scrypt the server runs, with its cost parameters: the hashing work an answer costs. */
const scrypts = vi.hoisted(() => [] as { keylen: number; cost: unknown }[]);
vi.mock("node:crypto", async (importOriginal) => {
  const crypto = await importOriginal<typeof import("node:crypto")>();
  const scrypt = (...args: Parameters<typeof crypto.scrypt>) => {
    scrypts.push({ keylen: args[2], cost: typeof args[3] === "function" ? {} : args[3] });
    return (crypto.scrypt as (...a: unknown[]) => void)(...args);
  };
  return { ...crypto, default: { ...crypto, scrypt }, scrypt };
});

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
  language = "en",
) {
  const request = new Request("http://localhost/signup", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      "Accept-Language": language,
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
      /Too many sign-ups from your network\. Try again in (59|60) minutes\./,
    );
    // In the language of the page the form was on (issue 30), the wait in its words.
    const spanish = await signUp("203.0.113.5", undefined, undefined, undefined, "es-ES,es;q=0.9");
    expect(spanish.status).toBe(429);
    expect(JSON.stringify(spanish.response)).toMatch(
      /Demasiados registros desde tu red\. Vuelve a intentarlo dentro de (59|60) minutos\./,
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

describe("probing sign-up for taken addresses is costly (issue 25, item 2; decision 024)", () => {
  const ATTEMPT_MAIL = "You already have a SkillSwap account";

  async function member(clientAddress: string) {
    const email = `member-${randomUUID().slice(0, 8)}@example.com`;
    expect((await signUp(clientAddress, undefined, email)).status).toBe(302);
    return email;
  }

  it("probes of taken addresses count against the per-client sign-up throttle: the 11th in an hour is refused", async () => {
    const taken = [await member("203.0.113.40"), await member("203.0.113.41")];
    for (let i = 0; i < 10; i++) {
      const probe = await signUp("203.0.113.42", undefined, taken[i % 2], "a guessed password");
      expect(probe.response).toEqual({ checkEmail: taken[i % 2] });
    }
    const refused = await signUp("203.0.113.42", undefined, taken[0], "a guessed password");
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.response)).toMatch(
      /Too many sign-ups from your network\. Try again in (59|60) minutes\./,
    );
    // And a new address from the same client is refused as well: one budget for both.
    const fresh = await signUp("203.0.113.42");
    expect(fresh.status).toBe(429);
    expect(fresh.created).toBe(false);
  }, 60_000);

  describe("every answer costs the hashing work of one new account", () => {
    beforeEach(() => {
      scrypts.length = 0;
    });
    const NEW_ACCOUNT = { keylen: 64, cost: expect.objectContaining({ N: 16384, r: 8, p: 1 }) };

    it("a new address: one scrypt", async () => {
      await signUp("203.0.113.50");
      expect(scrypts).toEqual([NEW_ACCOUNT]);
    }, 30_000);

    it("a taken address with another password: the same one scrypt", async () => {
      const email = await member("203.0.113.51");
      scrypts.length = 0;
      expect((await signUp("203.0.113.52", undefined, email, "a guessed password")).response).toEqual({
        checkEmail: email,
      });
      expect(scrypts).toEqual([NEW_ACCOUNT]);
    }, 30_000);

    it("a taken address while the sign-in throttle holds its account back: still the same one scrypt", async () => {
      const email = await member("203.0.113.53");
      // Ten wrong passwords from ten addresses: from now on addresses new to the account wait.
      for (let i = 0; i < 10; i++) await signUp(`198.51.100.${60 + i}`, undefined, email, "a guessed password");
      scrypts.length = 0;
      expect((await signUp("203.0.113.54", undefined, email, "a guessed password")).response).toEqual({
        checkEmail: email,
      });
      expect(scrypts).toEqual([NEW_ACCOUNT]);
    }, 60_000);

    it("a taken address with its owner's password: the same one scrypt, and the owner is signed in", async () => {
      const email = await member("203.0.113.55");
      scrypts.length = 0;
      expect((await signUp("203.0.113.56", undefined, email)).status).toBe(302);
      expect(scrypts).toEqual([NEW_ACCOUNT]);
    }, 30_000);
  });

  it("the owner of a taken address gets one e-mail about it, however many attempts are made that day", async () => {
    const email = await member("203.0.113.57");
    for (let i = 0; i < 3; i++) {
      expect((await signUp(`198.51.100.${80 + i}`, undefined, email, "a guessed password")).response).toEqual({
        checkEmail: email,
      });
    }
    const mails = (await outboxOf(email)).filter((mail) => mail.subject === ATTEMPT_MAIL);
    expect(mails).toHaveLength(1);
  }, 60_000);
});
